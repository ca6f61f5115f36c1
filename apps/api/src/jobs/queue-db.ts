import type PgBoss from 'pg-boss';
import pg from 'pg';
import { preparedName, type Tx } from '../db/client.ts';

/*
 * The job queue's database (./queue.ts): how pg-boss reaches PostgreSQL — prepared
 * statements, a caller's transaction, its own asynchronous bookkeeping pool — and the index
 * its fetch walks.
 */

/**
 * pg-boss's database adapter over a pg pool or client. Its statements are prepared once per
 * connection, named by their text's hash — issue #29: planning its insert of a save's jobs,
 * and its fetch of a queue's next jobs (a text without parameters: the queue's name is
 * written in it), anew cost the database more than running them. A text of several
 * statements (its schema's creation) cannot be prepared and runs as it is. pg-boss's texts
 * are fixed, a few dozen (db/client.ts preparedName bounds them should any vary).
 */
export const adapter = (client: Pick<pg.Pool, 'query'>): PgBoss.Db => ({
  executeSql: (text, values) => {
    const name = values?.length || !text.includes(';') ? preparedName(text) : undefined;
    return name ? client.query({ name, text, values }) : client.query(text, values);
  },
});

/**
 * The node-postgres client that runs drizzle transaction `tx` (drizzle keeps it as
 * `session.client`), so a job can be inserted in the same transaction.
 */
export function clientOf(tx: Tx): Pick<pg.Pool, 'query'> {
  const client = (tx as unknown as { session?: { client?: Pick<pg.Pool, 'query'> } }).session?.client;
  if (!client) throw new Error('Not a drizzle node-postgres transaction');
  return client;
}

/** Connections of pg-boss's bookkeeping ({@link bookkeepingPool}), pg-boss's own default. */
const BOOKKEEPING_CONNECTIONS = 10;

/**
 * Issue #29: a pool beside `pool` (its database, limits and settings), for pg-boss's own
 * bookkeeping — taking jobs, completing and failing them, its maintenance and schedules —
 * whose commits do not wait for the disk (`synchronous_commit = off`). A link's save made
 * about ten commits in all: its own, then its preview's and copy's takes and completions;
 * at 30 saves at once the saves' commits waited behind those flushes to the disk. With this,
 * saves with a link went from 349–679 a second (p99 76–138 ms) to 502–796 (p99 67–111 ms),
 * three runs of `npm run bench`'s saves into one space each (docs/bench.md). A crash loses at most the last
 * fraction of a second of this bookkeeping, in order: a job taken or completed then is taken
 * again and runs again, as pg-boss already runs a job again when a process dies during it
 * (its handlers are idempotent). Every send goes to `pool` or to the caller's transaction:
 * a job that was said to be queued stays queued.
 */
export function bookkeepingPool(pool: pg.Pool): pg.Pool {
  const asynchronous = '-c synchronous_commit=off';
  const bookkeeping = new pg.Pool({
    ...pool.options,
    max: BOOKKEEPING_CONNECTIONS,
    options: pool.options.options ? `${pool.options.options} ${asynchronous}` : asynchronous,
  });
  bookkeeping.on('error', () => undefined); // an idle client's: dropped by the pool, which opens another
  return bookkeeping;
}

/** The index {@link addFetchOrderIndex} adds to pg-boss's job table. */
export const FETCH_ORDER_INDEX = 'job_fetch_order';

/**
 * Issue #29: pg-boss 10 fetches a queue's next jobs `ORDER BY priority DESC, created_on, id`
 * (the turns of jobs/turns.ts are priorities) through its index on (name, start_after), so
 * each fetch read and sorted every waiting job of the queue: 20 ms a fetch behind 17,000
 * waiting link jobs, the database's busiest statement while people saved links 30 at once.
 * An index in the fetch's order lets it walk to the first due job and stop: 0.1 ms, whatever
 * waits. Made once, on pg-boss's partitioned job table, so every queue's partition has it (a
 * queue made later too: PostgreSQL adds the parent's indexes to a partition it attaches).
 * Under an advisory lock, so two processes starting together do not both make it; a process
 * that finds it made takes no lock at all.
 */
export async function addFetchOrderIndex(pool: pg.Pool): Promise<void> {
  // Read from pg_indexes, not to_regclass: the catalog cache of a session that waited on the
  // lock may not yet know the index the other one made meanwhile.
  const exists = async (q: Pick<pg.Pool, 'query'>) =>
    (
      await q.query<{ found: boolean }>("SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = 'pgboss' AND indexname = $1) AS found", [
        FETCH_ORDER_INDEX,
      ])
    ).rows[0]!.found;
  if (await exists(pool)) return;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('sauce:${FETCH_ORDER_INDEX}'))`);
    if (!(await exists(client))) {
      await client.query(`CREATE INDEX ${FETCH_ORDER_INDEX} ON pgboss.job (name, priority DESC, created_on, id) WHERE state < 'active'`);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}
