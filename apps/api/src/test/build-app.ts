import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, createPool, type Db } from '../db/client.ts';
import { startJobQueue, type JobQueue } from '../jobs/queue.ts';

/** A database of the test PostgreSQL cloned from the migrated template (global-setup.ts). */
export interface TestDatabase {
  name: string;
  /** Its connection URL. */
  url: string;
  /** Drops it, ending whatever connections are still open on it. */
  drop(): Promise<void>;
}

/** Runs `fn` on a connection to the test server's maintenance database. */
async function onAdmin(fn: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  try {
    await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A new test database's name, `<prefix>r<run id>_<12 hex>`: the run's mark lets the global
 * teardown drop every database the run made (global-setup.ts). `prefix` starts 'sauce_t_'.
 */
export function testDatabaseName(prefix = 'sauce_t_'): string {
  return `${prefix}r${inject('runId')}_${randomBytes(6).toString('hex')}`;
}

/** A fresh database named by {@link testDatabaseName}, cloned from the template (CREATE DATABASE … TEMPLATE). */
export async function createTestDatabase(prefix = 'sauce_t_'): Promise<TestDatabase> {
  const name = testDatabaseName(prefix);
  await onAdmin((admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDb')}"`));
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  /** Connection URL of this file's database. */
  url: string;
  /** The secret access tokens are signed with. */
  secret: Uint8Array;
  config: ReturnType<typeof loadConfig>;
  /** The app's job queue. */
  jobs: JobQueue;
  /**
   * Runs the app's due jobs of queue `name` now, through the handlers its workers registered
   * (jobs/queue.ts runDue): how a test waits for background work, instead of for a poll.
   */
  runDue: JobQueue['runDue'];
  /** Runs the due jobs of `names` (default: every queue) until none is due (jobs/queue.ts runUntilIdle). */
  runUntilIdle: JobQueue['runUntilIdle'];
}

/**
 * A fresh database cloned from the migrated template (CREATE DATABASE … TEMPLATE), and
 * the whole app on it; dropped after the file. `env` overrides configuration; `now` is
 * the app's clock (ms), for tests that move time forward;
 * `logStream` receives the log's JSON lines (at LOG_LEVEL, 'silent' unless `env` says).
 * `workers`: 'manual' (the default) registers the app's job handlers without any worker
 * polling — background jobs run only when the test calls {@link TestApp.runDue} (issue #30);
 * 'poll' starts real workers polling every JOB_POLL_SECONDS (0.5 s), for the tests of
 * polling, waking and workers taking turns.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { now?: () => number; logStream?: { write(line: string): void }; workers?: 'manual' | 'poll' } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/sauce-test-data/${database.name}`,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    JOB_POLL_SECONDS: '0.5',
    // Test databases start without the seed articles (issue #10); tests that want them load them.
    ARTICLES_SEED: 'false',
    // No browser draws links' screenshots unless a test asks (LINK_SCREENSHOTS: 'true').
    LINK_SCREENSHOTS: 'false',
    // No image's words are read unless a test asks (IMAGE_TEXT: 'true'; issue #33: seconds an image).
    IMAGE_TEXT: 'false',
    ...env,
  });
  const pool = createPool(database.url, config.db, { max: 10 });
  const db = createDb(pool);
  const secret = new TextEncoder().encode(randomBytes(32).toString('hex'));
  const jobs = await startJobQueue(pool, { pollingIntervalSeconds: config.jobPollSeconds, poll: opts.workers === 'poll' });
  const app = await buildApp({ config, db, secret, logger: false, logStream: opts.logStream, now: opts.now, jobs });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await pool.end();
    await database.drop();
  });
  return {
    app,
    db,
    url: database.url,
    secret,
    config,
    jobs,
    runDue: (name, options) => jobs.runDue(name, options),
    runUntilIdle: (names, options) => jobs.runUntilIdle(names, options),
  };
}

/** Parsed JSON body of an injected response. */
export const body = <T = any>(res: LightMyRequestResponse): T => res.json() as T;
