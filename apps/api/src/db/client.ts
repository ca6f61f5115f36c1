import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or a transaction on it: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

/** Wraps a pool in drizzle with the schema. */
export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema }) as Db;
}

/** Applies the drizzle-kit migrations in `src/db/migrations` (idempotent). */
export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

/**
 * Connects to `databaseUrl`, or, when it is unset, starts the embedded PostgreSQL with
 * its data in `<dataDir>/db` (SPEC quick start). Migrates, and returns the handle and a
 * close function that ends the pool and stops an embedded server.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  log?: (msg: string) => void;
}): Promise<{ db: Db; pool: pg.Pool; close(): Promise<void> }> {
  const embedded = opts.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: path.join(opts.dataDir, 'db'),
        database: 'sauce',
        persistent: true,
        log: opts.log,
      });
  const pool = new pg.Pool({ connectionString: opts.databaseUrl ?? embedded!.url, max: 20 });
  // An idle client losing its connection (the server restarting or shutting down) must not
  // crash the process; the pool replaces it on the next query.
  pool.on('error', (e) => opts.log?.(`idle database connection lost: ${e.message}`));
  const db = createDb(pool);
  await migrateDb(db);
  return {
    db,
    pool,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
