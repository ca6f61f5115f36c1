import type { WorkspaceEvent } from '@sauce/contract/workspaces';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import type { PgListener } from '../db/listener.ts';

/** The PostgreSQL NOTIFY channel of workspace events. */
export const EVENTS_CHANNEL = 'sauce_workspace_events';

/**
 * Queues `event` for every member of `workspaceId` watching the space (issue #7 live team
 * view). `pg_notify` is transactional: inside a transaction the event leaves only if it
 * commits, and every API process listening on the same database receives it.
 */
export async function notifyWorkspace(tx: Tx, workspaceId: number, event: WorkspaceEvent): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ workspaceId, event })})`);
}

/** Events waiting to leave together, per database handle (see {@link notifyAfterCommit}). */
const outgoing = new WeakMap<Db, { payloads: string[]; sent: Promise<void> }>();

/**
 * Issue #29: tells the members watching `workspaceId` about `event` after the write that made
 * it committed — outside any transaction, so the write's commit does not queue behind every
 * other notifying commit of the database (PostgreSQL serialises those: 30 inserts at once
 * committed 228 a second with a notification inside, 1,670 without — pgbench on the loaded
 * two-core test machine). The events
 * asked for in one turn of the event loop leave in one statement. An event is lost, as when
 * the listener is down, if the process stops between the commit and the send, or the send
 * fails (then it resolves all the same: the write is done); watchers refetch when they
 * reconnect.
 * @returns when the event was handed to PostgreSQL (or could not be).
 */
export function notifyAfterCommit(db: Db, workspaceId: number, event: WorkspaceEvent): Promise<void> {
  let batch = outgoing.get(db);
  if (!batch) {
    const payloads: string[] = [];
    const sent = new Promise<void>((resolve) =>
      setImmediate(() => {
        outgoing.delete(db);
        db.$client
          .query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [EVENTS_CHANNEL, payloads])
          .then(
            () => resolve(),
            () => resolve(),
          );
      }),
    );
    batch = { payloads, sent };
    outgoing.set(db, batch);
  }
  batch.payloads.push(JSON.stringify({ workspaceId, event }));
  return batch.sent;
}

/** Receives a space's events; `close` ends the subscriber's stream. */
export interface Subscriber {
  workspaceId: number;
  userId: number;
  send(event: WorkspaceEvent): void;
  close(): void;
}

/**
 * Fans the NOTIFY channel out to this process's subscribers (Server-Sent Event streams),
 * through the process's database listener. Events notified while its connection is down
 * are lost, so subscribers are closed then and their clients reconnect and refetch.
 */
export interface EventHub {
  /** Adds a subscriber; returns its removal. Rejects when the database cannot be reached. */
  subscribe(s: Subscriber): Promise<() => void>;
  /** Subscribers of `userId` (all spaces), for the per-person stream limit. */
  countOf(userId: number): number;
  /** Closes every subscriber (server shutdown). */
  close(): void;
}

/** An event hub hearing {@link EVENTS_CHANNEL} through `listener`. */
export function createEventHub(listener: PgListener): EventHub {
  const subscribers = new Set<Subscriber>();
  let listening: Promise<unknown> | null = null;

  const dispatch = (payload: string) => {
    let parsed: { workspaceId: number; event: WorkspaceEvent };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    for (const s of subscribers) {
      if (s.workspaceId !== parsed.workspaceId) continue;
      s.send(parsed.event);
      const e = parsed.event;
      const gone = (e.type === 'members' && e.removedUserId === s.userId) || (e.type === 'workspace' && e.action === 'deleted');
      if (gone) s.close();
    }
  };
  // What was sent while the connection was down is lost: streams close, clients refetch.
  const lost = () => {
    for (const s of [...subscribers]) s.close();
  };

  return {
    async subscribe(s) {
      listening ??= listener.listen(EVENTS_CHANNEL, { message: dispatch, lost }).catch((err: unknown) => {
        listening = null;
        throw err;
      });
      await listening;
      subscribers.add(s);
      return () => {
        subscribers.delete(s);
      };
    },
    countOf(userId) {
      let n = 0;
      for (const s of subscribers) if (s.userId === userId) n++;
      return n;
    },
    close() {
      for (const s of [...subscribers]) s.close();
      subscribers.clear();
    },
  };
}
