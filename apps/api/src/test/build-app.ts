import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, createPool, type Db } from '../db/client.ts';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  /** Connection URL of this file's database. */
  url: string;
  /** The secret access tokens are signed with. */
  secret: Uint8Array;
  config: ReturnType<typeof loadConfig>;
}

/**
 * A fresh database cloned from the migrated template (CREATE DATABASE … TEMPLATE), and
 * the whole app on it; dropped after the file. `env` overrides configuration; `now` is
 * the app's clock (ms), for tests that move time forward.
 */
export async function buildTestApp(env: Record<string, string> = {}, opts: { now?: () => number } = {}): Promise<TestApp> {
  const adminUrl = inject('adminUrl');
  const name = `sauce_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDb')}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/sauce-test-data/${name}`,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    JOB_POLL_SECONDS: '0.5',
    // Test databases start without the seed articles (issue #10); tests that want them load them.
    ARTICLES_SEED: 'false',
    ...env,
  });
  const pool = createPool(url.toString(), config.db, 10);
  const db = createDb(pool);
  const secret = new TextEncoder().encode(randomBytes(32).toString('hex'));
  const app = await buildApp({ config, db, secret, logger: false, now: opts.now });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await pool.end();
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await a.end();
  });
  return { app, db, url: url.toString(), secret, config };
}

/** Parsed JSON body of an injected response. */
export const body = <T = any>(res: LightMyRequestResponse): T => res.json() as T;
