import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../test/build-app.ts';
import { buildUser } from '../test/factories.ts';
import { bookkeepingPool, FETCH_ORDER_INDEX } from './queue-db.ts';
import { startJobQueue, type JobQueue } from './queue.ts';

declare module './queue.ts' {
  interface JobPayloads {
    'test-echo': { n: number };
    'test-tx': { n: number };
    'test-retry': { n: number };
    'test-due': { n: number };
    'test-chain': { n: number };
    'test-slow': { n: number };
    'test-stop': { n: number };
    'test-order': { n: number };
    'test-defer': { n: number };
  }
}

let t: TestApp;
/** A queue of the test's own whose workers do not poll: its jobs run when the test says. */
let jobs: JobQueue;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: ' Boss@Example.com ' });
  jobs = await startJobQueue(t.db.$client, { poll: false });
});
afterAll(() => jobs.stop());

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const rowOf = async (name: string, n: number) =>
  (
    await t.db.execute<{ state: string; retry_count: number; due_in_s: number }>(
      sql`SELECT state, retry_count, extract(epoch FROM start_after - now())::float AS due_in_s FROM pgboss.job WHERE name = ${name} AND data->>'n' = ${String(n)}`,
    )
  ).rows[0];

describe('job queue (pg-boss on the app database)', () => {
  it('sends inside a transaction: the job exists only if it commits', async () => {
    const seen: number[] = [];
    await jobs.work('test-tx', async ({ n }) => void seen.push(n));
    await t.db.transaction(async (tx) => {
      await jobs.send('test-tx', { n: 1 }, { tx });
    });
    await t.db
      .transaction(async (tx) => {
        await jobs.send('test-tx', { n: 2 }, { tx });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await jobs.send('test-tx', { n: 3 });
    expect(await jobs.runDue('test-tx')).toMatchObject({ completed: 2, failed: 0 });
    expect(seen.sort()).toEqual([1, 3]);
    // Nothing else was ever due: the rolled back job does not exist.
    expect((await jobs.runDue('test-tx')).ids).toEqual([]);
    expect(await rowOf('test-tx', 2)).toBeUndefined();
  });

  it('defers jobs: inserted together once ready, then told; flush and runDue do not wait for ready', async () => {
    const seen: number[] = [];
    await jobs.work('test-defer', async ({ n }) => void seen.push(n));
    let open = () => {};
    const ready = new Promise<void>((r) => (open = r));
    const told: number[] = [];
    jobs.defer([{ name: 'test-defer', data: { n: 1 }, options: {} }], { ready: () => ready, then: () => told.push(1) });
    jobs.defer([{ name: 'test-defer', data: { n: 2 }, options: {} }, { name: 'test-defer', data: { n: 3 }, options: {} }], { then: () => told.push(2) });
    // Not ready: nothing is written yet, however long it takes.
    await new Promise((r) => setImmediate(r));
    expect(await rowOf('test-defer', 1)).toBeUndefined();
    open();
    await jobs.flush();
    // One insert for both callers (one created_on), each told after it.
    const { rows } = await t.db.execute<{ n: number; at: string }>(sql`SELECT count(*)::int AS n, count(DISTINCT created_on)::int AS at FROM pgboss.job WHERE name = 'test-defer'`);
    expect(rows[0]).toEqual({ n: 3, at: 1 });
    expect(told).toEqual([1, 2]);
    // A deferral whose ready never comes is inserted by runDue before it takes the due jobs.
    jobs.defer([{ name: 'test-defer', data: { n: 4 }, options: {} }], { ready: () => new Promise<void>(() => undefined) });
    expect(await jobs.runDue('test-defer')).toMatchObject({ completed: 4, failed: 0 });
    expect(seen.sort()).toEqual([1, 2, 3, 4]);
  });

  it('runDue fails a job whose handler throws, and its retry comes when the retry delay is over', async () => {
    let attempts = 0;
    await jobs.work('test-retry', async () => {
      if (attempts++ === 0) throw new Error('first attempt fails');
    });
    await jobs.send('test-retry', { n: 10 }, { retryLimit: 2, retryDelay: 30, retryBackoff: false });
    const first = await jobs.runDue('test-retry');
    expect(first).toMatchObject({ completed: 0, failed: 1 });
    expect(String(first.errors[0])).toContain('first attempt fails');
    // Failed as a worker fails it: to retry, 30 s from now.
    expect(await rowOf('test-retry', 10)).toMatchObject({ state: 'retry', retry_count: 0 });
    expect((await rowOf('test-retry', 10))!.due_in_s).toBeGreaterThan(20);
    expect((await jobs.runDue('test-retry')).ids).toEqual([]);
    expect(attempts).toBe(1);
    // Half a minute ahead, the retry is due.
    expect(await jobs.runDue('test-retry', { withinS: 31 })).toMatchObject({ completed: 1, failed: 0 });
    expect(attempts).toBe(2);
    expect(await rowOf('test-retry', 10)).toMatchObject({ state: 'completed', retry_count: 1 });
  });

  it('runDue runs only the jobs due now, in pg-boss order, and counts the ones put back', async () => {
    const ran: number[] = [];
    await jobs.work(
      'test-due',
      async ({ n }) => {
        ran.push(n);
        return n === 3 ? 'put-back' : undefined;
      },
      { workers: 2 },
    );
    await jobs.send('test-due', { n: 1 }, { priority: 1 });
    await jobs.send('test-due', { n: 2 }, { startAfter: 120 });
    await jobs.send('test-due', { n: 3 }, { priority: 5 });
    const report = await jobs.runDue('test-due', { concurrency: 1 });
    expect(ran).toEqual([3, 1]);
    expect(report).toMatchObject({ completed: 2, putBack: 1, failed: 0 });
    expect(report.ids).toHaveLength(2);
    expect(await rowOf('test-due', 2)).toMatchObject({ state: 'created' });
    expect(await jobs.runUntilIdle(['test-due'])).toMatchObject({ ids: [] });
    expect((await jobs.runDue('test-due', { withinS: 121 })).completed).toBe(1);
    expect(ran).toEqual([3, 1, 2]);
  });

  it('runUntilIdle also runs the jobs its jobs send, and refuses a queue no handler works', async () => {
    const ran: number[] = [];
    await jobs.work('test-chain', async ({ n }) => {
      ran.push(n);
      if (n < 4) await jobs.send('test-chain', { n: n + 1 });
    });
    await jobs.send('test-chain', { n: 1 });
    expect((await jobs.runDue('test-chain')).completed).toBe(1);
    expect(ran).toEqual([1]);
    expect((await jobs.runUntilIdle(['test-chain'])).completed).toBe(3);
    expect(ran).toEqual([1, 2, 3, 4]);
    await expect(jobs.runDue('test-echo')).rejects.toThrow('No handler works queue test-echo');
  });

  it('runDue fails a job that runs past its expiry, as a worker does', async () => {
    await jobs.work('test-slow', () => new Promise<void>(() => undefined));
    await jobs.send('test-slow', { n: 1 }, { expireInSeconds: 1, retryLimit: 0 });
    const report = await jobs.runDue('test-slow');
    expect(report).toMatchObject({ completed: 0, failed: 1 });
    expect(String(report.errors[0])).toContain('handler execution exceeded 1000ms');
    expect(await rowOf('test-slow', 1)).toMatchObject({ state: 'failed' });
  });

  it('stopping fails a job runDue still runs after the wait, to be retried; one that ends in time completes', async () => {
    const q = await startJobQueue(t.db.$client, { poll: false });
    let release = () => {};
    await q.work('test-stop', ({ n }) => (n === 1 ? new Promise<void>((r) => (release = r)) : new Promise<void>((r) => setTimeout(r, 300))), { workers: 2 });
    await q.send('test-stop', { n: 1 }, { retryLimit: 1, retryDelay: 0 });
    await q.send('test-stop', { n: 2 });
    const running = q.runDue('test-stop');
    await q.stop(1000);
    expect(await rowOf('test-stop', 1)).toMatchObject({ state: 'retry' });
    expect(await rowOf('test-stop', 2)).toMatchObject({ state: 'completed' });
    release();
    await running;
    // Its late end changes nothing: the next process runs it again.
    expect(await rowOf('test-stop', 1)).toMatchObject({ state: 'retry' });
    await expect(q.runDue('test-stop')).rejects.toThrow('stopped');
  });
});

describe('polling workers (pg-boss worker loop)', () => {
  it('work a job as it comes, and a failed one again in the next process', async () => {
    const q1 = await startJobQueue(t.db.$client, { pollingIntervalSeconds: 0.5 });
    let attempts = 0;
    await q1.send('test-echo', { n: 10 }, { retryLimit: 2, retryDelay: 0, retryBackoff: false });
    const q2 = await startJobQueue(t.db.$client, { pollingIntervalSeconds: 0.5 });
    // A second process takes jobs too; this one fails the first attempt.
    await q1.stop();
    await q2.work('test-echo', async ({ n }) => {
      if (n === 10 && attempts++ === 0) throw new Error('first attempt fails');
    });
    await until(() => attempts >= 2, 8000);
    // The second attempt's handler has run; its completion is written a moment later.
    const end = Date.now() + 8000;
    while ((await rowOf('test-echo', 10))?.state !== 'completed' && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    await q2.stop();
    expect(await rowOf('test-echo', 10)).toMatchObject({ state: 'completed', retry_count: 1 });
  });
});

describe("pg-boss's bookkeeping (issue #29)", () => {
  it("commits without waiting for the disk, on a pool of its own; the app's pool, where sends go, still waits", async () => {
    const bookkeeping = bookkeepingPool(t.db.$client);
    try {
      const setting = async (q: { query: typeof bookkeeping.query }) => (await q.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!.synchronous_commit;
      expect(await setting(bookkeeping)).toBe('off');
      expect(await setting(t.db.$client)).toBe('on');
      // The same database, with the same limits.
      expect((await bookkeeping.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db).toBe(
        (await t.db.$client.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db,
      );
      expect(bookkeeping.options.statement_timeout).toBe(t.db.$client.options.statement_timeout);
    } finally {
      await bookkeeping.end();
    }
  });
});

describe("the fetch's order (issue #29)", () => {
  it('is an index two processes starting together make once', async () => {
    await t.db.execute(sql.raw(`DROP INDEX pgboss.${FETCH_ORDER_INDEX}`));
    const [a, b] = await Promise.all([startJobQueue(t.db.$client, { poll: false }), startJobQueue(t.db.$client, { poll: false })]);
    await Promise.all([a.stop(), b.stop()]);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = 'pgboss' AND indexname = ${FETCH_ORDER_INDEX}`);
    expect(rows[0]!.n).toBe(1);
  });

  it("walks a queue's partition in the turns' order to the first due job, without reading and sorting the 3,000 waiting", async () => {
    await jobs.insert(Array.from({ length: 3000 }, (_, n) => ({ name: 'test-order' as const, data: { n }, options: { priority: n % 97 } })));
    await t.db.execute(sql`ANALYZE pgboss.job`);
    // pg-boss 10's fetch (plans.js fetchNextJob), its selection.
    const { rows } = await t.db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN SELECT id FROM pgboss.job
      WHERE name = 'test-order' AND state < 'active' AND start_after < now()
      ORDER BY priority DESC, created_on, id LIMIT 1 FOR UPDATE SKIP LOCKED`);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('Index Scan');
    expect(plan).not.toContain('Sort');
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
