import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb, createPool } from '../../db/client.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';

/**
 * Issue #9 item 3: time limits on requests, headers and the database, measured with short
 * configured values, and health checks.
 */

/** A TCP proxy in front of PostgreSQL that can stop passing bytes, as a SIGSTOPped server would. */
async function freezableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    for (const s of [client, upstream]) {
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream);
    upstream.pipe(client);
    if (frozen) {
      client.pause();
      upstream.pause();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) s.resume();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** Opens a raw connection to `port` and resolves with what the server sent and how long until it closed. */
function rawRequest(port: number, head: string, trickle: string, everyMs: number, giveUpMs: number) {
  return new Promise<{ closedAfterMs: number; received: string }>((resolve) => {
    const started = Date.now();
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let i = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(trickle[i++ % trickle.length]!);
    }, everyMs);
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, received });
    };
    const giveUp = setTimeout(() => {
      socket.destroy();
      done();
    }, giveUpMs);
    socket.on('data', (d) => (received += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', done);
  });
}

describe('request and header time limits', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '800' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('cuts off a body trickled one byte at a time (declared 1 MB)', async () => {
    const head = 'POST /api/archive/tag HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n';
    const clients = await Promise.all(Array.from({ length: 10 }, () => rawRequest(port, head, '{', 200, 8000)));
    for (const c of clients) {
      expect(c.closedAfterMs).toBeLessThan(4000);
      expect(c.received).toMatch(/^HTTP\/1\.1 408/);
      expect(c.received).toContain('"code":"REQUEST_TIMEOUT"');
    }
  });

  it('cuts off headers that never finish', async () => {
    const c = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n', 'X-Slow: a\r\n', 200, 8000);
    expect(c.closedAfterMs).toBeLessThan(3000);
  });

  it("answers a 100 KB query in the app's error envelope, 431, not Node's or Fastify's own (issue #28)", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/archive/folder/1/list?q=${'d'.repeat(100_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      success: false,
      error: { code: 'REQUEST_TOO_LARGE', message: 'The address or headers of the request are too large.' },
    });
  });

  it('still serves an ordinary request', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok' }]);
  });
});

describe('a database that stops answering', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof freezableProxy>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let pool: ReturnType<typeof createPool>;
  let user: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({ DB_CONNECT_TIMEOUT_MS: '700', DB_STATEMENT_TIMEOUT_MS: '700' });
    user = await buildUser(t, 'frozen');
    proxy = await freezableProxy(new URL(t.url));
    pool = createPool(proxy.url, t.config.db, { max: 4 });
    app = await buildApp({ config: t.config, db: createDb(pool), secret: t.secret, logger: false });
  });
  afterAll(async () => {
    proxy.thaw();
    await app?.close();
    await pool?.end();
    await proxy?.close();
  });

  const list = () => app.inject({ url: `/api/archive/folder/${user.workspaceId}/list`, headers: user.headers });

  it('answers 503 with Retry-After within seconds while frozen, and recovers by itself', async () => {
    expect((await list()).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    proxy.freeze();
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 12 }, () => list()));
    const elapsed = Date.now() - started;
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(503));
    expect(body(results[0]!).error.code).toBe('SERVICE_UNAVAILABLE');
    expect(results[0]!.headers['retry-after']).toBe('5');
    expect(elapsed).toBeLessThan(8000);
    const ready = await app.inject({ url: '/readyz' });
    expect([ready.statusCode, body(ready)]).toEqual([503, { status: 'unavailable', checks: { database: 'failing', files: 'ok' } }]);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    proxy.thaw();
    let recovered = 0;
    for (let i = 0; i < 40 && recovered === 0; i++) {
      if ((await list()).statusCode === 200) recovered = i + 1;
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBeGreaterThan(0);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  }, 30_000);
});
