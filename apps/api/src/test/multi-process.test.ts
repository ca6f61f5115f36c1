import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './build-app.ts';
import { mintUser, startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * Issue #9 item 9: two API processes on one database, behind nothing but two ports, with
 * REDIS_URL: a rate limit holds across both, an upload on one is served by the other, a
 * link preview fetched by one is cached for the other, and SIGTERM lets a request under
 * way finish. Needs the Redis of TEST_REDIS_URL (default redis://127.0.0.1:6379); skipped
 * with a note when none answers.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await (async () => {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    console.warn(`multi-process tests skipped: no Redis at ${REDIS_URL} (set TEST_REDIS_URL)`);
    return false;
  } finally {
    r.disconnect();
  }
})();

describe.skipIf(!redisUp)('two API processes on one database, with Redis', () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let page: http.Server;
  let pageUrl: string;
  let pageHits = 0;
  const prefix = `sauce-test-${randomBytes(4).toString('hex')}:`;
  const secret = randomBytes(32).toString('hex');

  beforeAll(async () => {
    database = await createTestDatabase('sauce_t_mp_');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-mp-'));
    chmodSync(dataDir, 0o755);
    page = http.createServer((_req, res) => {
      pageHits++;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Shared preview</title>');
    });
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/article`;
    const env = {
      NODE_ENV: 'production',
      AUTH_DEV_LOGIN: 'true',
      AUTH_SECRET: secret,
      AUTH_RATE_LIMIT: '4',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      METADATA_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'warn',
    };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 150_000);

  afterAll(async () => {
    for (const p of [a, b]) {
      if (p?.child.exitCode === null) {
        p.child.kill('SIGKILL');
        await new Promise((r) => p.child.once('exit', r));
      }
    }
    await new Promise<void>((r) => page?.close(() => r()));
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  });

  const signIn = (p: ServerProcess, email: string) =>
    fetch(`${p.base}/api/auth/dev/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });

  it('a sign-in rate limit of 4 a minute holds across both processes', async () => {
    const codes = [];
    for (const [i, p] of [a, b, a, b, a, b].entries()) codes.push((await signIn(p, `rl${i}@example.com`)).status);
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('an upload on one process is served by the other, and a preview fetched by one is cached for both', async () => {
    // Sign-ins are spent for this minute (above): a new account's token is made directly.
    const { headers, workspaceId: ws } = await mintUser(database.url, secret);
    const form = new FormData();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366ff' } }).png().toBuffer();
    form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
    const up = await fetch(`${a.base}/api/archive/sauce/${ws}/image/upload/single`, { method: 'POST', headers, body: form });
    expect(up.status).toBe(200);
    const { data } = (await up.json()) as { data: { url: string } };
    const served = await fetch(`${b.base}${data.url}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);

    const meta = async (p: ServerProcess) =>
      ((await (await fetch(`${p.base}/api/metaData/getMeta?url=${encodeURIComponent(pageUrl)}`, { headers })).json()) as { data: { title: string } }).data;
    expect(await meta(a)).toMatchObject({ title: 'Shared preview' });
    expect(await meta(b)).toMatchObject({ title: 'Shared preview' });
    expect(pageHits).toBe(1);
  });

  it('SIGTERM lets a request under way finish, then the process exits', async () => {
    const { headers, workspaceId: ws } = await mintUser(database.url, secret);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#33aa66' } }).png().toBuffer();
    // An upload whose body arrives over about a second and a half.
    const boundary = 'drain';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const bodyBytes = Buffer.concat([head, png, tail]);
    const port = Number(new URL(b.base).port);
    const result = new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: `/api/archive/sauce/${ws}/image/upload/single`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': bodyBytes.length } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      let sent = 0;
      const step = Math.ceil(bodyBytes.length / 6);
      const timer = setInterval(() => {
        req.write(bodyBytes.subarray(sent, sent + step));
        sent += step;
        if (sent >= bodyBytes.length) {
          clearInterval(timer);
          req.end();
        }
      }, 250);
    });
    await sleep(400);
    const exited = new Promise<number | null>((r) => b.child.once('exit', (code) => r(code)));
    b.child.kill('SIGTERM');
    expect(await result).toBe(200);
    expect(await exited).toBe(0);
    // The other process still serves.
    expect((await fetch(`${a.base}/healthz`)).status).toBe(200);
  }, 30_000);

});
