import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { API_DIR } from '../api-dir.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or a transaction on it: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** drizzle-kit's migrations (SQL and journal), read at start by the sources and the build alike. */
export const MIGRATIONS_DIR = path.join(API_DIR, 'src/db/migrations');

/** Wraps a pool in drizzle with the schema. */
export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema }) as Db;
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
 * The pool that serves requests, with time limits (issue #9): a connection is waited for
 * `connectTimeoutMs` at most; PostgreSQL cancels a statement after `statementTimeoutMs`
 * and ends a transaction left idle for a minute; the client gives up on an answer 2 s after
 * the statement limit (a server that stopped answering at all), which destroys that
 * connection. Either way the request fails fast (503, errors.ts) instead of hanging, and
 * the pool recovers by itself when the server does. `max` connections (default 20).
 */
export function createPool(connectionString: string, t: PoolTimeouts, max = 20): pg.Pool {
  return new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: t.connectTimeoutMs,
    statement_timeout: t.statementTimeoutMs,
    query_timeout: t.statementTimeoutMs ? t.statementTimeoutMs + CLIENT_GRACE_MS : undefined,
    idle_in_transaction_session_timeout: 60_000,
  });
}

/**
 * Applies the migrations over a connection of its own, without the request pool's
 * statement limit (an index built on a large table may take minutes).
 */
async function migrateOn(connectionString: string) {
  const pool = new pg.Pool({ connectionString, max: 1 });
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
  await migrateOn(url);
  const pool = createPool(url, opts.timeouts);
  // An idle client losing its connection (the server restarting or shutting down) must not
  // crash the process; the pool replaces it on the next query.
  pool.on('error', (e) => opts.log?.(`idle database connection lost: ${e.message}`));
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
