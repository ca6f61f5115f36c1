import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { createPgListener, type PgListener } from './listener.ts';

let t: TestApp;
let listener: PgListener;
beforeAll(async () => {
  t = await buildTestApp();
  listener = createPgListener(t.db.$client);
  return () => listener.close();
});

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const notify = (channel: string, payload: string) => t.db.$client.query('SELECT pg_notify($1, $2)', [channel, payload]);
/** Backend pids of this database's connections listening to `channel`. */
const listeners = async (channel: string) => {
  const { rows } = await t.db.$client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
    [`LISTEN ${channel}`],
  );
  return rows.map((r) => r.pid);
};

describe('database listener (one LISTEN connection per process)', () => {
  it('hands each channel its own notifications, to every subscriber until it unsubscribes', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const other: string[] = [];
    const stopA = await listener.listen('test_listener_one', { message: (p) => a.push(p) });
    await listener.listen('test_listener_one', { message: (p) => b.push(p) });
    await listener.listen('test_listener_two', { message: (p) => other.push(p) });
    await notify('test_listener_one', 'hello');
    await until(() => a.length === 1 && b.length === 1);
    expect(other).toEqual([]);
    stopA();
    await notify('test_listener_one', 'again');
    await until(() => b.length === 2);
    expect(a).toEqual(['hello']);
    expect(b).toEqual(['hello', 'again']);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(listener.listen('x; DROP TABLE users', { message: () => undefined })).rejects.toThrow(/Invalid channel/);
  });

  it('tells subscribers the connection was lost, reconnects and listens again to every channel', async () => {
    const got: string[] = [];
    let lost = 0;
    await listener.listen('test_listener_drop', { message: (p) => got.push(p), lost: () => lost++ });
    const [pid] = await listeners('test_listener_drop');
    expect(pid).toBeTypeOf('number');
    await t.db.$client.query('SELECT pg_terminate_backend($1)', [pid]);
    await until(() => lost === 1);
    // Back after the first backoff (0.5 s), on a new connection: notify until heard.
    let attempts = 0;
    await until(() => {
      if (got.length === 0 && attempts++ % 10 === 0) void notify('test_listener_drop', 'after');
      return got.length > 0;
    });
    expect(got[0]).toBe('after');
    const pids = await listeners('test_listener_drop');
    expect(pids).not.toContain(pid);
  });
});
