import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/build-app.ts';
import { mintUser, startServerProcess, type MintedUser, type ServerProcess } from '../test/server-process.ts';

/**
 * Issue #18 item 5: PostgreSQL ending the app's connections (a restart, a failover,
 * pg_terminate_backend) while requests use them. The real server runs as a child process,
 * so a crash shows; an admin connection of its own terminates every other backend of the
 * app's database. What must hold: the process stays up, a request that lost its connection
 * answers 503 SERVICE_UNAVAILABLE with Retry-After (never 500, never a dropped
 * connection) — or, for a transaction whose connection was lost before its COMMIT, runs it
 * again on a new connection — and the pool serves again afterwards.
 */

/** What one request got: its status, or `dropped` with the socket error. */
interface Answer {
  what: string;
  status: number;
  code?: string;
  retryAfter?: string | null;
  dropped?: string;
  data?: { id?: number };
}

let database: TestDatabase;
let dataDir: string;
let server: ServerProcess;
let admin: pg.Client;
let people: MintedUser[];
let png: Buffer;

beforeAll(async () => {
  database = await createTestDatabase('sauce_t_loss_');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-loss-'));
  chmodSync(dataDir, 0o755);
  const secret = randomBytes(32).toString('hex');
  server = await startServerProcess({
    NODE_ENV: 'production',
    AUTH_SECRET: secret,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    // The writes held on a lock below must still be waiting when their connections end.
    DB_STATEMENT_TIMEOUT_MS: '60000',
    LOG_LEVEL: 'error',
  });
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  // One person per worker, each in their own space: nothing here waits on anyone else's locks.
  people = await Promise.all(Array.from({ length: 8 }, () => mintUser(database.url, secret)));
  png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#3366ff' } }).png().toBuffer();
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGKILL');
    await exited;
  }
  await admin?.end();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Runs `select` over the backends of the app's database, the admin's own left out, as they
 * are now (inside a transaction PostgreSQL would keep showing its first look).
 * @returns how many of them `select` is true for.
 */
async function backends(select: string): Promise<number> {
  await admin.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await admin.query<{ hit: boolean }>(
    `SELECT ${select} AS hit FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return rows.filter((r) => r.hit).length;
}

/** Ends every connection to the app's database but the admin's own, as a failover would. @returns how many. */
const terminateBackends = () => backends('pg_terminate_backend(pid)');

async function call(what: string, url: string, init: RequestInit & { headers: Record<string, string> }): Promise<Answer> {
  try {
    const res = await fetch(`${server.base}${url}`, init);
    const text = await res.text();
    const json = (() => {
      try {
        return JSON.parse(text) as { data?: { id?: number }; error?: { code?: string } };
      } catch {
        return {};
      }
    })();
    return { what, status: res.status, code: json.error?.code, retryAfter: res.headers.get('retry-after'), data: json.data ?? undefined };
  } catch (e) {
    return { what, status: 0, dropped: String((e as Error).cause ?? e) };
  }
}

const json = (p: MintedUser, method: string, payload: unknown) => ({
  method,
  headers: { ...p.headers, 'content-type': 'application/json' },
  body: JSON.stringify(payload),
});
const createText = (p: MintedUser) =>
  call('create', `/api/archive/sauce/${p.workspaceId}`, json(p, 'POST', { type: 'TEXT', title: 'Note', textSauce: { text: 'body', link: null }, tagSet: ['loss'], folderSet: [] }));
const edit = (p: MintedUser, id: number) => call('edit', `/api/archive/sauce/${p.workspaceId}/${id}`, json(p, 'PATCH', { title: 'Edited', tagSet: ['kept'] }));
const remove = (p: MintedUser, id: number) => call('delete', `/api/archive/sauce/${p.workspaceId}/${id}`, { method: 'DELETE', headers: p.headers });
const upload = (p: MintedUser) => {
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
  return call('upload', `/api/archive/sauce/${p.workspaceId}/image/upload/single`, { method: 'POST', headers: p.headers, body: form });
};
const list = (p: MintedUser) => call('list', `/api/archive/sauce/${p.workspaceId}/list?pageSize=20`, { headers: p.headers });
const spaces = (p: MintedUser) => call('spaces', '/api/workspace', { headers: p.headers });

/** Answers that are neither a success nor a 503 SERVICE_UNAVAILABLE with Retry-After. */
const unexpected = (answers: Answer[]) =>
  answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.code === 'SERVICE_UNAVAILABLE' && Number(a.retryAfter) > 0));

/** Waits until `n` backends of the app's database wait for a lock (at most 20 s). */
async function waitForLockWaiters(n: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if ((await backends("wait_event_type = 'Lock'")) >= n) return;
    expect(server.child.exitCode, server.output()).toBeNull();
    await sleep(50);
  }
  throw new Error(`fewer than ${n} requests waited for the lock`);
}

describe('PostgreSQL ending the connections of requests under way (issue #18 item 5)', () => {
  it('runs the writes whose connections were ended before COMMIT again, each written once, and the process stays up', async () => {
    // Writes wait on a table lock held by the admin connection, inside their transactions,
    // until their connections are ended under them: PostgreSQL rolled them back, so they run
    // again on new connections (db/client.ts) instead of failing the person's save.
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE sauces, sauce_images IN SHARE ROW EXCLUSIVE MODE');
    const writes = people.map((p, i) => (i % 2 ? createText(p) : upload(p)));
    let reads: Promise<Answer>[] = [];
    try {
      await waitForLockWaiters(people.length);
      reads = people.map((p) => list(p));
      expect(await terminateBackends()).toBeGreaterThanOrEqual(people.length);
    } finally {
      await admin.query('COMMIT');
    }
    const written = await Promise.all(writes);
    expect(written.map((a) => [a.what, a.status])).toEqual(written.map((a) => [a.what, 200]));
    expect(unexpected(await Promise.all(reads))).toEqual([]);
    const { rows } = await admin.query<{ workspace_id: number; n: number }>(
      'SELECT workspace_id, count(*)::int AS n FROM sauces WHERE workspace_id = ANY($1) GROUP BY workspace_id',
      [people.filter((_, i) => i % 2).map((p) => p.workspaceId)],
    );
    expect(rows.map((r) => r.n)).toEqual(rows.map(() => 1));
    expect(rows).toHaveLength(people.length / 2);
    const { rows: images } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM sauce_images');
    expect(images[0]!.n).toBe(people.length / 2);
    expect(server.child.exitCode, server.output()).toBeNull();
  }, 60_000);

  it('survives connections ended again and again during a burst of writes, uploads and reads', async () => {
    const answers: Answer[] = [];
    const killed: number[] = [];
    let killing = Promise.resolve();
    // The connections are ended every 12 answers, wherever the requests then are.
    const record = (a: Answer) => {
      answers.push(a);
      if (answers.length % 12 === 0) killing = killing.then(async () => void killed.push(await terminateBackends()));
      return a;
    };
    await Promise.all(
      people.map(async (p) => {
        for (let round = 0; round < 5; round++) {
          const created = record(await createText(p));
          const id = created.data?.id;
          if (id) {
            record(await edit(p, id));
            record(await remove(p, id));
          }
          record(await upload(p));
          record(await list(p));
          record(await spaces(p));
        }
      }),
    );
    await killing;
    expect(killed.length).toBeGreaterThanOrEqual(10);
    expect(unexpected(answers)).toEqual([]);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(server.child.exitCode, server.output()).toBeNull();
  }, 120_000);

  it('serves every kind of request afterwards', async () => {
    const p = people[0]!;
    // Afterwards: once the server says it is ready again (a request in the seconds after the
    // losses may be answered 503 with Retry-After, as a client is told to wait).
    for (let i = 0; i < 60 && (await call('ready', '/readyz', { headers: {} })).status !== 200; i++) await new Promise((r) => setTimeout(r, 250));
    const created = await createText(p);
    expect(created.status, JSON.stringify(created)).toBe(200);
    const after = [
      created,
      await edit(p, created.data!.id!),
      await remove(p, created.data!.id!),
      await upload(p),
      await list(p),
      await spaces(p),
      await call('ready', '/readyz', { headers: {} }),
    ];
    expect(after.map((a) => [a.what, a.status])).toEqual(after.map((a) => [a.what, 200]));
    expect(server.child.exitCode, server.output()).toBeNull();
  });
});
