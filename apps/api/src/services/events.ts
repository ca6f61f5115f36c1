import type { WorkspaceEvent } from '@sauce/contract/workspaces';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Tx } from '../db/client.ts';

/** The PostgreSQL NOTIFY channel of workspace events. */
export const EVENTS_CHANNEL = 'sauce_workspace_events';

/** Longest wait before reconnecting the listening connection, ms. */
const MAX_BACKOFF_MS = 30_000;

/**
 * Queues `event` for every member of `workspaceId` watching the space (issue #7 live team
 * view). `pg_notify` is transactional: inside a transaction the event leaves only if it
 * commits, and every API process listening on the same database receives it.
 */
export async function notifyWorkspace(tx: Tx, workspaceId: number, event: WorkspaceEvent): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ workspaceId, event })})`);
}

/** Receives a space's events; `close` ends the subscriber's stream. */
export interface Subscriber {
  workspaceId: number;
  userId: number;
  send(event: WorkspaceEvent): void;
  close(): void;
}

/**
 * Fans the NOTIFY channel out to this process's subscribers (Server-Sent Event streams).
 * One dedicated connection LISTENs, opened on the first subscription and reopened with
 * backoff when it drops; events that arrive while it is down are lost, so subscribers are
 * closed then and their clients reconnect and refetch.
 */
export interface EventHub {
  /** Adds a subscriber; returns its removal. */
  subscribe(s: Subscriber): Promise<() => void>;
  /** Subscribers of `userId` (all spaces), for the per-person stream limit. */
  countOf(userId: number): number;
  /** Closes every subscriber and the listening connection (server shutdown). */
  close(): Promise<void>;
}

/**
 * An event hub on the database `pool` connects to (its connection settings; the
 * listening connection is not taken from the pool, which serves requests).
 */
export function createEventHub(pool: pg.Pool, log?: FastifyBaseLogger): EventHub {
  const subscribers = new Set<Subscriber>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let backoff = 500;
  let retry: NodeJS.Timeout | null = null;

  const dispatch = (payload: string | undefined) => {
    let parsed: { workspaceId: number; event: WorkspaceEvent };
    try {
      parsed = JSON.parse(payload ?? '');
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

  const lost = (err: Error) => {
    log?.warn({ err }, 'workspace event connection lost');
    client = null;
    // What was sent meanwhile is lost: streams close, clients reconnect and refetch.
    for (const s of [...subscribers]) s.close();
    if (!closed && subscribers.size > 0) scheduleConnect();
  };

  const connect = async () => {
    const c = new pg.Client(pool.options);
    c.on('notification', (n) => dispatch(n.payload));
    c.on('error', (err) => client === c && lost(err));
    c.on('end', () => client === c && lost(new Error('connection ended')));
    await c.connect();
    await c.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    backoff = 500;
  };

  const scheduleConnect = () => {
    if (retry) return;
    retry = setTimeout(() => {
      retry = null;
      void ensure().catch(() => undefined);
    }, backoff);
    retry.unref();
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };

  const ensure = (): Promise<void> => {
    if (client) return Promise.resolve();
    connecting ??= connect()
      .catch((err: unknown) => {
        log?.warn({ err }, 'could not listen for workspace events');
        scheduleConnect();
        throw err;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  };

  return {
    async subscribe(s) {
      await ensure();
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
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      for (const s of [...subscribers]) s.close();
      subscribers.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
