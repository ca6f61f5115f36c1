import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';

// Pages are served from 127.0.0.1 only: this machine forbids traffic anywhere else, and the
// refusal cases are refused before any connection is made.
const EUC_KR_TITLE = Buffer.from([199, 209, 177, 185, 190, 238, 32, 193, 166, 184, 241]); // "한국어 제목"
const doc = (head: string, bodyHtml = '') => `<!doctype html><html><head>${head}</head><body>${bodyHtml}</body></html>`;

const PAGES: Record<string, string | Buffer> = {
  '/og': doc(`<title>Doc title</title>
    <meta property="og:title" content="Open Graph title"><meta property="og:description" content="Open Graph description">
    <meta property="og:image" content="/images/og.png"><meta name="twitter:title" content="Twitter title">`),
  '/twitter': doc(`<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="Twitter title">
    <meta name="twitter:description" content="Twitter description"><meta name="twitter:image" content="https://cdn.example.com/tw.jpg">`),
  '/jsonld': doc(`<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', name: 'Site name' },
      { '@type': 'NewsArticle', headline: 'JSON-LD headline', description: 'JSON-LD description', image: { '@type': 'ImageObject', url: 'https://img.example.com/ld.jpg' } },
    ],
  })}</script>`),
  '/plain/page': doc('<title>Plain title</title><meta name="description" content="Plain description"><link rel="image_src" href="thumb.png">'),
  '/gallery/page': doc('<title>Gallery</title>', '<img src="/favicon.png" width="16" height="16"><p>Hi</p><img src="photos/big.jpg" width="1200" height="800">'),
  '/entities': doc(`<title>
      Tom &amp; Jerry&#39;s   &quot;Show&quot;
      &#xAC00;  </title><meta name="description" content="  one&nbsp;&nbsp;two
      three  ">`),
  '/final/page.html': doc('<meta property="og:title" content="Final page"><meta property="og:image" content="img/final.png">'),
  '/euc-kr': Buffer.concat([Buffer.from('<html><head><title>'), EUC_KR_TITLE, Buffer.from('</title></head></html>')]),
  '/euc-kr-meta': Buffer.concat([Buffer.from('<html><head><meta charset="euc-kr"><title>'), EUC_KR_TITLE, Buffer.from('</title></head></html>')]),
};

const servers: http.Server[] = [];
const timers: NodeJS.Timeout[] = [];
let origin = '';
let port = 0;
const hits: Record<string, number> = {};
let connections = 0;

beforeAll(async () => {
  const server = http.createServer((req, res) => {
    const path = req.url!.split('?')[0]!;
    hits[path] = (hits[path] ?? 0) + 1;
    if (path === '/r1') return res.writeHead(302, { location: `${origin}/r2` }).end();
    if (path === '/r2') return res.writeHead(301, { location: '/final/page.html' }).end();
    if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(512 * 1024, ' ');
      res.write('<html><head><title>Big</title></head><body>');
      for (let i = 0; i < 6; i++) res.write(chunk); // 3 MB, no Content-Length
      return res.end('</body></html>');
    }
    if (path === '/slow') {
      timers.push(setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Slow</title>'), 6_000));
      return;
    }
    if (path === '/json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"no"}');
    // Fails on the first request only: a site that was down when the source was saved.
    if (path === '/missing') return res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not Found</title>');
    const page = PAGES[path];
    if (page === undefined) return res.writeHead(404).end();
    const type = path === '/euc-kr' ? 'text/html; charset=EUC-KR' : path === '/euc-kr-meta' ? 'text/html' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'content-type': type }).end(page);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  timers.forEach(clearTimeout);
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const getMeta = (app: TestApp, u: TestUser | null, url?: string) =>
  app.app.inject({
    url: url === undefined ? '/api/metaData/getMeta' : `/api/metaData/getMeta?url=${encodeURIComponent(url)}`,
    headers: u?.headers ?? {},
  });

describe('GET /api/metaData/getMeta (private addresses allowed, as in local use)', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true' });
    alice = await buildUser(t, 'alice');
  });
  const meta = async (path: string) => {
    const res = await getMeta(t, alice, `${origin}${path}`);
    expect(res.statusCode).toBe(200);
    expect(body(res).success).toBe(true);
    return body(res).data;
  };

  it('reads Open Graph first and resolves og:image against the page', async () => {
    expect(await meta('/og')).toEqual({
      title: 'Open Graph title',
      description: 'Open Graph description',
      image: `${origin}/images/og.png`,
    });
  });

  it('reads a Twitter-card-only page', async () => {
    expect(await meta('/twitter')).toEqual({
      title: 'Twitter title',
      description: 'Twitter description',
      image: 'https://cdn.example.com/tw.jpg',
    });
  });

  it('reads a JSON-LD-only page (@graph, article before website, image object)', async () => {
    expect(await meta('/jsonld')).toEqual({
      title: 'JSON-LD headline',
      description: 'JSON-LD description',
      image: 'https://img.example.com/ld.jpg',
    });
  });

  it('falls back to <title>, meta description and a relative link rel=image_src', async () => {
    expect(await meta('/plain/page')).toEqual({
      title: 'Plain title',
      description: 'Plain description',
      image: `${origin}/plain/thumb.png`,
    });
  });

  it('takes the first large <img> when nothing else names an image', async () => {
    expect(await meta('/gallery/page')).toEqual({ title: 'Gallery', description: '', image: `${origin}/gallery/photos/big.jpg` });
  });

  it('decodes entities and collapses whitespace', async () => {
    expect(await meta('/entities')).toEqual({ title: 'Tom & Jerry\'s "Show" 가', description: 'one two three', image: '' });
  });

  it('follows redirects and resolves the image against the final URL', async () => {
    expect(await meta('/r1')).toEqual({ title: 'Final page', description: '', image: `${origin}/final/img/final.png` });
  });

  it('decodes euc-kr named by Content-Type or by <meta charset>', async () => {
    expect((await meta('/euc-kr')).title).toBe('한국어 제목');
    expect((await meta('/euc-kr-meta')).title).toBe('한국어 제목');
  });

  it('answers empty metadata for a page over 2 MB, non-HTML, an HTTP error or an unreachable host', async () => {
    const empty = { title: '', description: '', image: '' };
    expect(await meta('/big')).toEqual(empty);
    expect(await meta('/json')).toEqual(empty);
    expect(await meta('/missing')).toEqual(empty);
    const res = await getMeta(t, alice, 'http://127.0.0.1:1/');
    expect([res.statusCode, body(res).data]).toEqual([200, empty]);
  });

  it('answers empty metadata within about 5 s for a page that takes 6 s', async () => {
    const started = Date.now();
    expect(await meta('/slow')).toEqual({ title: '', description: '', image: '' });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(4_900);
    expect(elapsed).toBeLessThan(5_900);
  }, 10_000);

  it('caches a result: a second call does not fetch again', async () => {
    const before = hits['/og'] ?? 0;
    await meta('/og');
    await meta('/og');
    expect(hits['/og']).toBe(before);
  });

  it('needs sign-in and a valid http(s) url', async () => {
    const signedOut = await getMeta(t, null, `${origin}/og`);
    expect(signedOut.statusCode).toBe(401);
    expect(body(signedOut).error.code).toBe('UNAUTHENTICATED');
    for (const url of [undefined, '', 'javascript:alert(1)', 'not a url', 'file:///etc/passwd', `ftp://127.0.0.1:${port}/`]) {
      const res = await getMeta(t, alice, url);
      expect(res.statusCode, String(url)).toBe(400);
      expect(body(res).error.code).toBe('INVALID_FORMAT');
    }
  });

  it('allows 60 calls a minute per user', async () => {
    const bob = await buildUser(t, 'bob');
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await getMeta(t, bob, `${origin}/og`)).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    const limited = await getMeta(t, bob, `${origin}/og`);
    expect(body(limited).error.code).toBe('RATE_LIMITED');
    const carol = await buildUser(t, 'carol');
    expect((await getMeta(t, carol, `${origin}/og`)).statusCode).toBe(200);
  });
});

describe('GET /api/metaData/getMeta (default: public addresses only)', () => {
  let t: TestApp;
  let dave: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'false' });
    dave = await buildUser(t, 'dave');
  });

  it('refuses loopback, private, link-local and unspecified addresses before connecting', async () => {
    const before = connections;
    const urls = [
      `${origin}/og`,
      `http://localhost:${port}/og`,
      `http://[::1]:${port}/og`,
      `http://[::ffff:127.0.0.1]:${port}/og`,
      `${origin}/r1`, // a redirect chain is refused at its first hop already
      'http://10.0.0.1/',
      'http://192.168.0.1/',
      'http://172.16.0.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://[fd00::1]/',
    ];
    for (const url of urls) {
      const res = await getMeta(t, dave, url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).error.code, url).toBe('URL_NOT_ALLOWED');
    }
    expect(connections).toBe(before);
  });
});
