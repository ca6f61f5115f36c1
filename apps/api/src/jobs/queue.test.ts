import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../test/build-app.ts';
import { buildUser } from '../test/factories.ts';
import { startJobQueue, type JobQueue } from './queue.ts';

declare module './queue.ts' {
  interface JobPayloads {
    'test-echo': { n: number };
  }
}

let t: TestApp;
let jobs: JobQueue;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: ' Boss@Example.com ' });
  jobs = await startJobQueue(t.db.$client, { pollingIntervalSeconds: 0.5 });
  return () => jobs.stop();
});

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('job queue (pg-boss on the app database)', () => {
  it('sends inside a transaction: the job exists only if it commits', async () => {
    const seen: number[] = [];
    await jobs.work('test-echo', async ({ n }) => void seen.push(n));
    await t.db.transaction(async (tx) => {
      await jobs.send('test-echo', { n: 1 }, { tx });
    });
    await t.db
      .transaction(async (tx) => {
        await jobs.send('test-echo', { n: 2 }, { tx });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await jobs.send('test-echo', { n: 3 });
    await until(() => seen.includes(1) && seen.includes(3));
    await new Promise((r) => setTimeout(r, 700));
    expect(seen.sort()).toEqual([1, 3]);
  });

  it('retries a failed job', async () => {
    let attempts = 0;
    await jobs.send('test-echo', { n: 10 }, { retryLimit: 2, retryDelay: 0, retryBackoff: false });
    const q2 = await startJobQueue(t.db.$client, { pollingIntervalSeconds: 0.5 });
    // A second process takes jobs too; this one fails the first attempt.
    await jobs.stop();
    await q2.work('test-echo', async ({ n }) => {
      if (n === 10 && attempts++ === 0) throw new Error('first attempt fails');
    });
    await until(() => attempts >= 2, 8000);
    // The second attempt's handler has run; its completion is written a moment later.
    const row = async () =>
      (
        await t.db.execute<{ state: string; retry_count: number }>(
          sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'test-echo' AND data->>'n' = '10'`,
        )
      ).rows[0];
    const end = Date.now() + 8000;
    while ((await row())?.state !== 'completed' && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    await q2.stop();
    jobs = await startJobQueue(t.db.$client, { pollingIntervalSeconds: 0.5 });
    expect(await row()).toMatchObject({ state: 'completed', retry_count: 1 });
  });
});

describe('administrators (ADMIN_EMAILS)', () => {
  it('are named by e-mail, without case; the profile says so', async () => {
    const signIn = async (email: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev/signin', payload: { email } });
      return { authorization: `Bearer ${body(res).data.accessToken}` };
    };
    const boss = await signIn('boss@example.com');
    expect(body(await t.app.inject({ url: '/api/auth/profile', headers: boss })).data.isAdmin).toBe(true);
    const other = await buildUser(t);
    expect(body(await t.app.inject({ url: '/api/auth/profile', headers: other.headers })).data.isAdmin).toBe(false);
  });
});
