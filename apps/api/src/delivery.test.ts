// Issue #11 item 1 and its bad input: the web app's files sent pre-compressed as
// accept-encoding prefers, the API's JSON compressed over 1 KB, Vary on both; HEAD, ranges,
// identity and malformed accept-encoding values; event streams and images left alone.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from './test/build-app.ts';
import { buildUser, type TestUser } from './test/factories.ts';
import { photo } from './test/image-fixtures.ts';
import { multipart } from './test/upload.ts';

/** A built web app in miniature: one script with its .br and .gz, as the Vite build writes them. */
const script = Buffer.from(`export const greeting = ${JSON.stringify('hello, '.repeat(2000))};\n`);
const br = brotliCompressSync(script);
const gz = gzipSync(script, { level: 9 });
const ASSET = '/assets/app-abc123.js';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'sauce-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  // The page the server writes each page's head into (routes/web), over 1 KB.
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="ko"><head><title>Sauce</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
  );
  writeFileSync(path.join(dist, ASSET), script);
  writeFileSync(path.join(dist, `${ASSET}.br`), br);
  writeFileSync(path.join(dist, `${ASSET}.gz`), gz);
  t = await buildTestApp({ WEB_DIST: dist });
  owner = await buildUser(t, 'deliverer');
  // Enough sources that the list's JSON is well over 1 KB.
  for (let i = 0; i < 8; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${owner.workspaceId}`,
      headers: owner.headers,
      payload: { type: 'TEXT', title: `Source ${i}`, textSauce: { text: 'A note long enough to matter. '.repeat(5) } },
    });
    expect(res.statusCode).toBe(200);
  }
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });
const listUrl = () => `/api/archive/sauce/${owner.workspaceId}/list`;

describe('built files (pre-compressed at build time)', () => {
  it('sends the .br to a browser that takes brotli, the .gz to one that takes only gzip, with Vary', async () => {
    const b = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(b.statusCode).toBe(200);
    expect(b.headers['content-encoding']).toBe('br');
    expect(b.headers['content-type']).toMatch(/javascript/);
    expect(b.headers.vary).toMatch(/accept-encoding/i);
    expect(b.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(b.rawPayload.equals(br)).toBe(true);
    expect(brotliDecompressSync(b.rawPayload).equals(script)).toBe(true);

    const g = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(g.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(g.rawPayload).equals(script)).toBe(true);
    // A client's preference is followed: gzip ranked above brotli.
    expect((await get(ASSET, { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('sends the file as it is without accept-encoding, to identity, and to malformed or refusing values, never 500', async () => {
    for (const value of [undefined, 'identity', 'gzip;q=abc', '*;q=0', 'br;q=0, gzip;q=0', ',,;;==', 'x'.repeat(8000), 'deflate']) {
      const res = await get(ASSET, value === undefined ? {} : { 'accept-encoding': value });
      expect(res.statusCode, String(value).slice(0, 20)).toBe(200);
      if (res.headers['content-encoding'] !== undefined) {
        // A value a negotiator may read loosely; what it sends must still be what it says.
        const decoded = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
        expect(decoded.equals(script)).toBe(true);
      } else {
        expect(res.rawPayload.equals(script), String(value).slice(0, 20)).toBe(true);
      }
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    for (const value of ['identity', '*;q=0', 'br;q=0, gzip;q=0', 'deflate']) {
      expect((await get(ASSET, { 'accept-encoding': value })).headers['content-encoding'], value).toBeUndefined();
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const g = await get(ASSET, { 'accept-encoding': enc });
      const h = await get(ASSET, { 'accept-encoding': enc }, 'HEAD');
      expect(h.statusCode).toBe(200);
      expect(h.rawPayload.length).toBe(0);
      for (const name of ['content-encoding', 'content-type', 'content-length', 'vary', 'etag', 'cache-control']) {
        expect(h.headers[name], `${enc} ${name}`).toEqual(g.headers[name]);
      }
    }
  });

  it('answers a range of the representation it chose, and 416 for a range past its end', async () => {
    // Identity: the file's own bytes.
    const plain = await get(ASSET, { range: 'bytes=0-9' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-range']).toBe(`bytes 0-9/${script.length}`);
    expect(plain.rawPayload.equals(script.subarray(0, 10))).toBe(true);
    // Brotli: a range of the encoded bytes, labelled as such (RFC 9110 §14: ranges are of
    // the selected representation), never a compressed stream with plain offsets.
    const enc = await get(ASSET, { range: 'bytes=0-9', 'accept-encoding': 'br' });
    expect(enc.statusCode).toBe(206);
    expect(enc.headers['content-encoding']).toBe('br');
    expect(enc.headers['content-range']).toBe(`bytes 0-9/${br.length}`);
    expect(enc.rawPayload.equals(br.subarray(0, 10))).toBe(true);
    // The two representations have different validators, so If-Range cannot mix them.
    expect(enc.headers.etag).not.toEqual(plain.headers.etag);
    // Past the end of the compressed file (though inside the plain one): 416.
    const past = await get(ASSET, { range: `bytes=${br.length + 10}-${br.length + 20}`, 'accept-encoding': 'br' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${br.length}`);
    const pastPlain = await get(ASSET, { range: `bytes=${script.length}-` });
    expect(pastPlain.statusCode).toBe(416);
    // A byte range that does not parse is one that cannot be satisfied; a unit other than
    // bytes is ignored: the whole file.
    expect((await get(ASSET, { range: 'bytes=abc', 'accept-encoding': 'gzip' })).statusCode).toBe(416);
    const other = await get(ASSET, { range: 'items=0-1', 'accept-encoding': 'gzip' });
    expect(other.statusCode).toBe(200);
    expect(gunzipSync(other.rawPayload).equals(script)).toBe(true);
  });

  it('compresses the app page, whose head the server writes per page, and says Vary', async () => {
    const res = await get('/intro', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<!doctype html>');
    const plain = await get('/intro');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });
});

describe('API responses (compressed per request over 1 KB)', () => {
  it('compresses a JSON list over 1 KB with brotli or gzip as asked, and says Vary', async () => {
    const plain = await get(listUrl(), owner.headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const b = await get(listUrl(), { ...owner.headers, 'accept-encoding': 'br, gzip' });
    expect(b.headers['content-encoding']).toBe('br');
    expect(b.headers.vary).toMatch(/accept-encoding/i);
    expect(b.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(b.rawPayload).toString())).toEqual(body(plain));
    const g = await get(listUrl(), { ...owner.headers, 'accept-encoding': 'gzip' });
    expect(g.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(g.rawPayload).toString())).toEqual(body(plain));
    // 304 keeps the Vary of the 200 it stands for.
    const again = await get(listUrl(), { ...owner.headers, 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.headers.vary).toMatch(/accept-encoding/i);
  });

  it('leaves JSON under 1 KB as it is, with Vary all the same', async () => {
    const res = await get('/api/auth/session', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(body(res)).toEqual({ success: true, data: { user: null } });
  });

  it('answers identity and malformed accept-encoding values, never 500', async () => {
    const plain = body(await get(listUrl(), owner.headers));
    for (const value of ['identity', 'gzip;q=abc', '*;q=0', 'br;q=0, gzip;q=0', ',,;;==', 'x'.repeat(8000), 'compress']) {
      const res = await get(listUrl(), { ...owner.headers, 'accept-encoding': value });
      expect(res.statusCode, value.slice(0, 20)).toBe(200);
      const enc = res.headers['content-encoding'];
      const raw = enc === 'br' ? brotliDecompressSync(res.rawPayload) : enc === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
      expect(JSON.parse(raw.toString()), value.slice(0, 20)).toEqual(plain);
    }
    for (const value of ['identity', '*;q=0', 'br;q=0, gzip;q=0', 'compress']) {
      expect((await get(listUrl(), { ...owner.headers, 'accept-encoding': value })).headers['content-encoding'], value).toBeUndefined();
    }
  });

  it('answers HEAD on the list with the headers of GET and no body', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const g = await get(listUrl(), { ...owner.headers, 'accept-encoding': enc });
      const h = await get(listUrl(), { ...owner.headers, 'accept-encoding': enc }, 'HEAD');
      expect(h.statusCode).toBe(200);
      expect(h.rawPayload.length).toBe(0);
      for (const name of ['content-encoding', 'content-length', 'content-type', 'vary', 'etag', 'cache-control']) {
        expect(h.headers[name], `${enc} ${name}`).toEqual(g.headers[name]);
      }
    }
  });

  it('keeps a cached list compressed: the same bytes each time, for each encoding', async () => {
    const plain = await get(listUrl(), owner.headers);
    for (const enc of ['br', 'gzip'] as const) {
      const a = await get(listUrl(), { ...owner.headers, 'accept-encoding': enc });
      const b = await get(listUrl(), { ...owner.headers, 'accept-encoding': enc });
      expect(a.headers['content-encoding']).toBe(enc);
      expect(Number(a.headers['content-length'])).toBe(a.rawPayload.length);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      const decoded = enc === 'br' ? brotliDecompressSync(a.rawPayload) : gunzipSync(a.rawPayload);
      expect(decoded.equals(plain.rawPayload)).toBe(true);
    }
    // A write moves the version: the next read is the new list, compressed again.
    await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${owner.workspaceId}`,
      headers: owner.headers,
      payload: { type: 'TEXT', title: 'After the cache', textSauce: { text: 'new' } },
    });
    const after = await get(listUrl(), { ...owner.headers, 'accept-encoding': 'br' });
    expect(brotliDecompressSync(after.rawPayload).toString()).toContain('After the cache');
  });

  it('does not compress images under /files, already compressed', async () => {
    const jpeg = await sharp(photo('autumn-2560x1600.jpg')).resize(640).jpeg().toBuffer();
    const form = multipart(jpeg);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${owner.workspaceId}/image/upload/single`,
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(200);
    const img = await get(body(up).data.url, { 'accept-encoding': 'br, gzip' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['content-encoding']).toBeUndefined();
    expect(img.headers.vary ?? '').not.toMatch(/accept-encoding/i);
  });

  it('does not compress event streams: each event leaves at once', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`${origin}/api/workspace/${owner.workspaceId}/events`, {
      headers: { ...owner.headers, 'accept-encoding': 'br, gzip' },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    abort.abort();
  });
});
