import { createHash } from 'node:crypto';
import path from 'node:path';
import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { API_DIR } from '../api-dir.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { isConnectionLost } from '../errors.ts';
import { retryOnConflict } from './locks.ts';
import type { Db, Tx } from './types.ts';

export type { Db, Tx } from './types.ts';

/** drizzle-kit's migrations (SQL and journal), read at start by the sources and the build alike. */
export const MIGRATIONS_DIR = path.join(API_DIR, 'src/db/migrations');

/**
 * Wraps a pool in drizzle with the schema. Its transactions run again when PostgreSQL
 * aborts them for a deadlock or a serialization failure (db/locks.ts retryOnConflict, issue
 * #18), and when their connection is lost before COMMIT (a restart or failover ending the
 * pool's connections: PostgreSQL rolled the transaction back, so running it again on a new
 * connection writes it once; lost during COMMIT, the outcome is unknown and the error stands,
 * answered 503). A transaction's callback must therefore only touch the database (files and
 * fetches go before or after it), as every service's does.
 */
export function createDb(pool: pg.Pool): Db {
  const db = drizzle(pool, { schema }) as Db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => {
    let committing = false;
    const body: typeof run = async (tx) => {
      committing = false;
      const result = await run(tx);
      committing = true;
      return result;
    };
    return retryOnConflict(
      () => transaction(body, config),
      (e) => !committing && isConnectionLost(e),
    );
  }) as Db['transaction'];
  return db;
}

/** Applies the drizzle-kit migrations in `src/db/migrations` (idempotent). */
export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

/** Time limits of the request pool (config DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
export interface PoolTimeouts {
  /** Longest wait for a connection (a new one, or a free one of the pool), ms. */
  connectTimeoutMs: number;
  /** Longest a statement runs before PostgreSQL cancels it, ms; 0 for no limit (backups). */
  statementTimeoutMs: number;
}

/** How much longer than the statement timeout the client waits before giving up, ms. */
const CLIENT_GRACE_MS = 2_000;

/**
 * How long a connection the pool no longer uses stays open, ms (node-postgres closes them
 * after 10 s by default). Issue #29: after a quiet moment, a burst of 30 saves had to open
 * its connections again — a backend started, each prepared statement planned anew — and
 * answered p99 225–502 ms instead of 66–95 ms. Kept five minutes, the connections a burst
 * opened are there for the next one; `max` bounds them as before.
 */
const POOL_IDLE_MS = 5 * 60_000;

/**
 * A pool with time limits (issue #9): a connection is waited for `connectTimeoutMs` at
 * most; PostgreSQL cancels a statement after `statementTimeoutMs` and ends a transaction
 * left idle for a minute; the client gives up on an answer 2 s after the statement limit
 * (a server that stopped answering at all), which destroys that connection. Either way the
 * request fails fast (503, errors.ts) instead of hanging, and the pool recovers by itself
 * when the server does. `max` connections (default 20), each closed after {@link POOL_IDLE_MS}
 * unused.
 *
 * A connection the server ends (a restart, a failover, pg_terminate_backend) never ends the
 * process (issue #18 item 5). node-postgres emits 'error' on a client whose connection
 * drops, and Node throws an 'error' nobody listens to; the pool listens on its idle
 * clients only, not on those handed out (a transaction between two statements, a backup),
 * so every client gets a listener of its own as it connects, which tells `log`. The
 * statement under way fails with the error and any later one with "not queryable" (both
 * 503, errors.ts); the client is dropped when released, and the pool opens new ones.
 */
export function createPool(
  connectionString: string,
  t: PoolTimeouts,
  opts: { max?: number; log?: (msg: string) => void } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 20,
    connectionTimeoutMillis: t.connectTimeoutMs,
    statement_timeout: t.statementTimeoutMs,
    query_timeout: t.statementTimeoutMs ? t.statementTimeoutMs + CLIENT_GRACE_MS : undefined,
    idle_in_transaction_session_timeout: 60_000,
    idleTimeoutMillis: POOL_IDLE_MS,
  });
  pool.on('connect', (client) => {
    client.on('error', (e) => opts.log?.(`database connection lost: ${e.message}`));
    preparing(client);
  });
  pool.on('error', () => undefined); // an idle client's: told by its own listener above, and dropped by the pool
  return pool;
}

/**
 * Applies the migrations over a connection of its own, without the request pool's
 * statement limit (an index built on a large table may take minutes).
 */
async function migrateOn(connectionString: string, t: PoolTimeouts, log?: (msg: string) => void) {
  const pool = createPool(connectionString, { connectTimeoutMs: t.connectTimeoutMs, statementTimeoutMs: 0 }, { max: 1, log });
  try {
    await migrateDb(createDb(pool));
  } finally {
    await pool.end();
  }
}

/**
 * Connects to `databaseUrl`, or, when it is unset, starts the embedded PostgreSQL with
 * its data in `<dataDir>/db` (SPEC quick start). Migrates, and returns the handle (a pool
 * with the time limits `timeouts`, see createPool) and a close function that ends the pool
 * and stops an embedded server; `embeddedDir` says where the embedded server's files are.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  timeouts: PoolTimeouts;
  log?: (msg: string) => void;
}): Promise<{ db: Db; pool: pg.Pool; embeddedDir?: string; close(): Promise<void> }> {
  const embedded = opts.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: path.join(opts.dataDir, 'db'),
        database: 'sauce',
        persistent: true,
        log: opts.log,
      });
  const url = opts.databaseUrl ?? embedded!.url;
  await migrateOn(url, opts.timeouts, opts.log);
  const pool = createPool(url, opts.timeouts, { log: opts.log });
  const db = createDb(pool);
  return {
    db,
    pool,
    embeddedDir: embedded?.dir,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}

/** Asks the database one trivial query (readiness checks). @throws the driver's error when it does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.$client.query('SELECT 1');
}

/**
 * Statements whose text starts with this comment are prepared once per connection (issue
 * #29), named by a hash of their text: PostgreSQL then plans them once (a generic plan)
 * instead of on every run — 0.7 ms of a source's read, more than running it. Only for
 * statements whose text never varies (their values are parameters), so that a connection
 * keeps a few of them.
 */
export const PREPARED = '/* prepared */';

/** Most statement texts this process prepares (a connection keeps each it ran); past it, texts run unnamed. */
const PREPARED_MAX = 200;
/** Names of prepared statements, by text (each hashed once). */
const preparedNames = new Map<string, string>();

/**
 * The name `text` is prepared under on every connection (a hash of the text, issue #29), or
 * undefined once {@link PREPARED_MAX} texts are named: for fixed texts only (values as
 * parameters), so should one vary, a connection still keeps a bounded number.
 */
export function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (!name && preparedNames.size < PREPARED_MAX) preparedNames.set(text, (name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  return name;
}

/** Compiles the statements of {@link compiledStatement} (no casing: as the app's drizzle). */
const dialect = new PgDialect();

/**
 * Issue #29: a statement built and compiled to text once, its values filled in on each run.
 * drizzle builds a statement's `sql` and compiles it on every run: for a save of one source
 * that was a fifth of the server's CPU a save (a CPU profile of part 4 of `npm run bench`).
 * `build(value)` returns the statement with `value(name)` (drizzle's sql.placeholder) where
 * each value goes — a name may appear more than once — so its text never depends on the
 * values; it is prepared on each connection ({@link PREPARED}).
 * @returns run(tx, values): the statement's rows, run on `tx` with each placeholder's value
 *   by name. @throws Error when a placeholder has no value; the database's errors as they are.
 */
export function compiledStatement<K extends string, Row>(build: (value: (name: K) => Placeholder<K>) => SQL) {
  let query: Query | undefined;
  return async (tx: Tx, values: Record<K, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(sql`${sql.raw(PREPARED)}${build((name) => sql.placeholder(name))}`);
    const result = (await tx._.session.prepareQuery(query, undefined, undefined, false).execute(values)) as pg.QueryResult<Row & pg.QueryResultRow>;
    return result.rows;
  };
}

/** Makes `client` prepare the statements marked {@link PREPARED} (drizzle passes `{ text }` configs). */
function preparing(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string' && !('name' in config && config.name) && config.text.startsWith(PREPARED)) {
      const name = preparedName(config.text);
      if (name) config = { ...config, name };
    }
    return query(config, ...rest);
  }) as typeof client.query;
}
