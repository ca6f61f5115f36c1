import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Tx } from '../db/client.ts';
import type { PgListener } from '../db/listener.ts';
import { ACCESS_TTL_S } from './tokens.ts';

/** The PostgreSQL NOTIFY channel of revoked accounts. */
export const REVOCATIONS_CHANNEL = 'sauce_revoked_users';
/** How often each process also reads new revocations (a missed notification's backstop), ms. */
const POLL_MS = 5_000;
/** Revocations are kept this long: an access token issued just before is expired by then, ms. */
const KEEP_MS = (ACCESS_TTL_S + 60) * 1000;

/**
 * Access tokens are stateless 15-minute JWTs, so deleting an account (POST /auth/withdrawal)
 * cannot recall the ones already handed out. Instead every API process keeps the ids of
 * accounts deleted in the last 15 minutes in memory and the session plugin refuses their
 * tokens (401): a Map lookup per request, no database round trip (measured with
 * `npm run bench`, docs/bench.md). The list lives in table `revoked_users`; a process learns of a
 * revocation from the same request at once, from other processes by LISTEN/NOTIFY within
 * milliseconds, and by reading the table every 5 s should a notification be missed (the
 * listening connection down). A new sign-in makes a new account with a new id, which no
 * revocation names.
 */
export interface Revocations {
  /** Whether tokens of `userId` are refused. */
  isRevoked(userId: number): boolean;
  /**
   * Inside the transaction that deletes the account: records the revocation and notifies
   * every process when it commits. Call {@link remember} after the commit.
   */
  revoke(tx: Tx, userId: number): Promise<void>;
  /** This process refuses `userId` from now on (after the revoking transaction committed). */
  remember(userId: number): void;
  /** Stops listening and polling. */
  close(): void;
}

/**
 * Starts the revocation list on `pool`'s database: loads the last 15 minutes' revocations,
 * listens for new ones through the process's `listener` and polls.
 */
export async function startRevocations(pool: pg.Pool, listener: PgListener, log?: FastifyBaseLogger): Promise<Revocations> {
  /** userId → when revoked, ms since the epoch. */
  const revoked = new Map<number, number>();
  let lastSeen = 0;

  const add = (userId: number, at: number) => {
    if (Number.isInteger(userId) && userId > 0) revoked.set(userId, at);
  };
  const prune = () => {
    const cutoff = Date.now() - KEEP_MS;
    for (const [id, at] of revoked) if (at < cutoff) revoked.delete(id);
  };

  const read = async () => {
    const since = lastSeen ? new Date(lastSeen - 1000) : new Date(Date.now() - KEEP_MS);
    const { rows } = await pool.query<{ user_id: number; at: string }>(
      `SELECT user_id, (extract(epoch FROM revoked_at) * 1000)::float8 AS at FROM revoked_users WHERE revoked_at > $1`,
      [since],
    );
    for (const r of rows) {
      const at = Number(r.at);
      add(r.user_id, at);
      lastSeen = Math.max(lastSeen, at);
    }
    prune();
  };

  await read();
  const stopListening = await listener
    .listen(REVOCATIONS_CHANNEL, { message: (payload) => add(Number(payload), Date.now()) })
    .catch((err: unknown) => {
      // Polling alone still learns every revocation within 5 s.
      log?.warn({ err }, 'could not listen for revocations; polling');
      return () => undefined;
    });
  const poller = setInterval(() => {
    read().catch((err: unknown) => log?.warn({ err }, 'reading revocations failed'));
  }, POLL_MS);
  poller.unref();

  return {
    isRevoked: (userId) => revoked.has(userId),
    async revoke(tx, userId) {
      await tx.execute(sql`
        INSERT INTO revoked_users (user_id) VALUES (${userId})
        ON CONFLICT (user_id) DO UPDATE SET revoked_at = now()`);
      await tx.execute(sql`SELECT pg_notify(${REVOCATIONS_CHANNEL}, ${String(userId)})`);
      // Rows older than an hour name tokens long expired.
      await tx.execute(sql`DELETE FROM revoked_users WHERE revoked_at < now() - interval '1 hour'`);
    },
    remember: (userId) => add(userId, Date.now()),
    close() {
      clearInterval(poller);
      stopListening();
    },
  };
}
