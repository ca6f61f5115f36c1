import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { isPublicAddress, SafeFetchError, safeFetch } from './safe-fetch.ts';

// Only ever listens on and connects to 127.0.0.0/8 (this machine allows nothing else).
interface Served {
  origin: string;
  port: number;
  /** TCP connections accepted so far. */
  connections: () => number;
}
const servers: (http.Server | https.Server)[] = [];
async function serve(handler: http.RequestListener, host = '127.0.0.1'): Promise<Served> {
  const server = http.createServer(handler);
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, port, connections: () => connections };
}
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const html = (res: http.ServerResponse, body: string | Buffer, headers: http.OutgoingHttpHeaders = {}) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(body);
};
const HTML = ['text/html', 'application/xhtml+xml'];
const local = { allowPrivate: true, accept: HTML };

async function failure(p: Promise<unknown>): Promise<SafeFetchError | AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof SafeFetchError || e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false],
    ['127.0.0.2', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['240.0.0.1', false],
    ['192.0.2.1', false],
    ['198.18.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['::ffff:8.8.8.8', true],
    ['::127.0.0.1', false],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::', false],
    ['2001::1', false],
    ['2001:db8::1', false],
    ['fec0::1', false],
    ['not-an-ip', false],
    ['', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('safeFetch', () => {
  it('refuses malformed and non-http(s) URLs with INVALID_FORMAT', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com/', 'not a url', 'http://']) {
      const e = await failure(safeFetch(url, local));
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe('INVALID_FORMAT');
    }
  });

  it('refuses private addresses before connecting', async () => {
    const s = await serve((_req, res) => html(res, '<title>secret</title>'));
    const urls = [
      `${s.origin}/`,
      `http://localhost:${s.port}/`,
      `http://[::1]:${s.port}/`,
      `http://[::ffff:127.0.0.1]:${s.port}/`,
      `http://2130706433:${s.port}/`, // 127.0.0.1 as a number
      `http://0x7f.1:${s.port}/`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://[fe80::1]/',
      'http://100.64.0.1/',
    ];
    for (const url of urls) {
      const e = await failure(safeFetch(url, { accept: HTML }));
      expect((e as AppError).code, url).toBe('URL_NOT_ALLOWED');
      expect((e as AppError).status).toBe(400);
    }
    expect(s.connections()).toBe(0);
  });

  it('refuses a redirect into a refused address without connecting to it', async () => {
    const inner = await serve((_req, res) => html(res, '<title>inner</title>'), '127.0.0.2');
    const outer = await serve((_req, res) => {
      res.writeHead(302, { location: `${inner.origin}/admin` });
      res.end();
    });
    const allowAddress = (ip: string) => ip === '127.0.0.1';
    const e = await failure(safeFetch(`${outer.origin}/`, { allowAddress, accept: HTML }));
    expect((e as AppError).code).toBe('URL_NOT_ALLOWED');
    expect(outer.connections()).toBe(1);
    expect(inner.connections()).toBe(0);
  });

  it('follows up to 5 redirects and reports the final URL', async () => {
    const s = await serve((req, res) => {
      const n = Number(req.url!.slice(1));
      if (n < 5) {
        res.writeHead(n % 2 ? 301 : 307, { location: `/${n + 1}` });
        return res.end();
      }
      html(res, `<title>hop ${n}</title>`);
    });
    const res = await safeFetch(`${s.origin}/0`, local);
    expect(res.url).toBe(`${s.origin}/5`);
    expect(res.body.toString()).toBe('<title>hop 5</title>');
    const e = await failure(safeFetch(`${s.origin}/0`, { ...local, maxRedirects: 4 }));
    expect((e as SafeFetchError).reason).toBe('too-many-redirects');
  });

  it('gives up on a redirect loop and on non-http(s) redirect targets', async () => {
    const s = await serve((req, res) => {
      const location = req.url === '/loop' ? '/loop' : req.url === '/js' ? 'javascript:alert(1)' : 'file:///etc/passwd';
      res.writeHead(302, { location });
      res.end();
    });
    expect(((await failure(safeFetch(`${s.origin}/loop`, local))) as SafeFetchError).reason).toBe('too-many-redirects');
    expect(((await failure(safeFetch(`${s.origin}/js`, local))) as SafeFetchError).reason).toBe('bad-redirect');
    expect(((await failure(safeFetch(`${s.origin}/file`, local))) as SafeFetchError).reason).toBe('bad-redirect');
  });

  it('with allowPrivate, reaches loopback by name, IPv4 and IPv6 literal', async () => {
    let host = '';
    const v4 = await serve((req, res) => {
      host = req.headers.host ?? '';
      html(res, 'v4');
    });
    expect((await safeFetch(`http://localhost:${v4.port}/`, local)).body.toString()).toBe('v4');
    expect(host).toBe(`localhost:${v4.port}`);
    const v6 = await serve((req, res) => {
      host = req.headers.host ?? '';
      html(res, 'v6');
    }, '::1');
    const res = await safeFetch(`http://[::1]:${v6.port}/`, local);
    expect([res.body.toString(), host]).toEqual(['v6', `[::1]:${v6.port}`]);
  });

  it('speaks TLS to the pinned address with the host name as SNI, and verifies the certificate', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'safe-fetch-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    const context = { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
    let sni: string | undefined;
    const server = https.createServer(
      { ...context, SNICallback: (name, cb) => ((sni = name), cb(null, tls.createSecureContext(context))) },
      (_req, res) => html(res, 'tls'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const { port } = server.address() as AddressInfo;
    const e = (await failure(safeFetch(`https://localhost:${port}/`, local))) as SafeFetchError;
    expect(e.reason).toBe('network'); // self-signed: refused, as it should be
    expect(sni).toBe('localhost');
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends browser-like headers and no credentials from the URL', async () => {
    let seen: http.IncomingHttpHeaders = {};
    const s = await serve((req, res) => {
      seen = req.headers;
      html(res, 'ok');
    });
    await safeFetch(`http://user:pw@127.0.0.1:${s.port}/`, local);
    expect(seen['user-agent']).toMatch(/Mozilla\/5\.0/);
    expect(seen.accept).toContain('text/html');
    expect(seen.host).toBe(`127.0.0.1:${s.port}`);
    expect(seen.authorization).toBeUndefined();
  });

  it('fails on HTTP errors and unaccepted media types without reading them', async () => {
    const s = await serve((req, res) => {
      if (req.url === '/missing') {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<title>Not found</title>');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const e404 = (await failure(safeFetch(`${s.origin}/missing`, local))) as SafeFetchError;
    expect([e404.reason, e404.status]).toEqual(['http-status', 404]);
    expect(((await failure(safeFetch(`${s.origin}/json`, local))) as SafeFetchError).reason).toBe('unsupported-type');
  });

  it('stops reading past the byte cap, declared or not', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const s = await serve((req, res) => {
      if (req.url === '/declared') return html(res, big, { 'content-length': big.length });
      res.writeHead(200, { 'content-type': 'text/html' }); // chunked, no length
      res.write(big.subarray(0, 1024 * 1024));
      res.write(big.subarray(0, 1024 * 1024));
      res.end(big.subarray(0, 1024 * 1024));
    });
    for (const path of ['/declared', '/chunked']) {
      const e = (await failure(safeFetch(`${s.origin}${path}`, local))) as SafeFetchError;
      expect(e.reason, path).toBe('too-large');
    }
    const small = await safeFetch(`${s.origin}/declared`, { ...local, maxBytes: 4 * 1024 * 1024 });
    expect(small.body.length).toBe(big.length);
  });

  it('decompresses gzip, deflate and br, and stops a decompression bomb at the cap', async () => {
    const page = Buffer.from('<title>compressed</title>');
    const bomb = zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024)); // ~50 KB on the wire
    const s = await serve((req, res) => {
      const enc = req.url!.slice(1);
      if (enc === 'bomb') return html(res, bomb, { 'content-encoding': 'gzip' });
      const body =
        enc === 'gzip' ? zlib.gzipSync(page) : enc === 'deflate' ? zlib.deflateSync(page) : enc === 'raw' ? zlib.deflateRawSync(page) : zlib.brotliCompressSync(page);
      html(res, body, { 'content-encoding': enc === 'raw' ? 'deflate' : enc });
    });
    for (const enc of ['gzip', 'deflate', 'raw', 'br']) {
      expect((await safeFetch(`${s.origin}/${enc}`, local)).body.toString(), enc).toBe(page.toString());
    }
    expect(((await failure(safeFetch(`${s.origin}/bomb`, local))) as SafeFetchError).reason).toBe('too-large');
  });

  it('gives up after the overall timeout', async () => {
    const timers: NodeJS.Timeout[] = [];
    const s = await serve((_req, res) => {
      timers.push(setTimeout(() => html(res, '<title>late</title>'), 3_000));
    });
    const started = Date.now();
    const e = (await failure(safeFetch(`${s.origin}/`, { ...local, timeoutMs: 300 }))) as SafeFetchError;
    expect(e.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
    timers.forEach(clearTimeout);
  });

  it('reports an unreachable host as a network failure', async () => {
    const s = await serve((_req, res) => html(res, ''));
    const port = s.port;
    const server = servers.pop()!;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const e = (await failure(safeFetch(`http://127.0.0.1:${port}/`, local))) as SafeFetchError;
    expect(e.reason).toBe('network');
  });

  it('returns the media type and charset', async () => {
    const s = await serve((_req, res) => html(res, 'x', { 'content-type': 'Text/HTML; Charset="EUC-KR"' }));
    const res = await safeFetch(`${s.origin}/`, local);
    expect([res.contentType, res.charset, res.status]).toEqual(['text/html', 'EUC-KR', 200]);
  });
});

describe('the outbound line (issue #9)', () => {
  it('turns fetches away as busy beyond 32 at once to one host, and serves them again after', async () => {
    const slow = http.createServer((_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'), 400));
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
    try {
      const results = await Promise.allSettled(Array.from({ length: 40 }, () => safeFetch(url, local)));
      const busy = results.filter((r) => r.status === 'rejected' && (r.reason as SafeFetchError).reason === 'busy');
      expect(busy).toHaveLength(8);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(32);
      expect((await safeFetch(url, local)).status).toBe(200);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });
});
