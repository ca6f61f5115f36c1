import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrateDb, MIGRATIONS_DIR } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded.ts';
import { startJobQueue } from '../jobs/queue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the server's maintenance database; test files create their own databases. */
    adminUrl: string;
    /** Name of the migrated template database to clone. */
    templateDb: string;
    /** This run's mark in its test databases' names (build-app.ts testDatabaseName), to drop them after. */
    runId: string;
  }
}

/** Hash of the migrations: a template is reused only while they are unchanged. */
function migrationsHash(): string {
  const h = createHash('sha256');
  h.update('pgboss schema v10'); // the template also holds pg-boss's schema (jobs/queue.ts)
  for (const f of readdirSync(MIGRATIONS_DIR).sort()) {
    if (f.endsWith('.sql')) h.update(readFileSync(path.join(MIGRATIONS_DIR, f)));
  }
  return h.digest('hex').slice(0, 12);
}

/**
 * Starts the test PostgreSQL (the embedded server in a temporary directory, or the one at
 * TEST_DATABASE_URL) and makes a migrated template database that every test file clones.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sauce-test-'));
    chmodSync(dir, 0o755); // as root, postgres runs as its own user and must reach the data dir
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'db'),
      database: 'postgres',
      persistent: false,
    });
    adminUrl = embedded.url;
  }
  const templateDb = `sauce_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateDb]);
  if (exists.rowCount === 0) {
    const building = `${templateDb}_build_${process.pid}`;
    await admin.query(`CREATE DATABASE "${building}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    await migrateDb(createDb(pool));
    // pg-boss's schema too, so each test file's clone starts its queue at once.
    await (await startJobQueue(pool)).stop();
    await pool.end();
    try {
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${templateDb}"`);
    } catch {
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`); // another run made it first
    }
  }
  await admin.end();
  const runId = randomBytes(4).toString('hex');
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('runId', runId);
  return async () => {
    // Every database this run made (the files' own hooks do not drop them all), so that a
    // shared server (TEST_DATABASE_URL) does not keep a database a file from every run.
    if (!embedded) await dropRunDatabases(adminUrl, runId);
    await embedded?.stop();
  };
}

/** Drops the test databases whose names carry `runId` (build-app.ts testDatabaseName). */
async function dropRunDatabases(adminUrl: string, runId: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string }>(
      `SELECT datname AS name FROM pg_database WHERE datname LIKE 'sauce\\_t\\_%' AND strpos(datname, $1) > 0`,
      [`_r${runId}_`],
    );
    for (const { name } of rows) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
