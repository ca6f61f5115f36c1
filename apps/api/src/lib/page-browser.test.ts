import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageBrowser, findChromium, hasKoreanFont, SHOT_MAX_HEIGHT_PX, SHOT_WIDTH_PX, type PageBrowser } from './page-browser.ts';

/**
 * Issue #21 item 1: the server's browser draws a page, and every request the page makes goes
 * through the private-address guard — redirects, frames, scripts' fetches and WebSockets
 * included. 127.0.0.1 plays the public web; 127.0.0.2 plays the private network, which must
 * receive nothing.
 */
const chromium = findChromium(process.env.CHROMIUM_PATH);

let pub: http.Server;
let priv: http.Server;
let base: string;
let privBase: string;
const privateHits: string[] = [];
let browser: PageBrowser;

const listen = (s: http.Server, host: string) =>
  new Promise<string>((r) => s.listen(0, host, () => r(`http://${host}:${(s.address() as AddressInfo).port}`)));

beforeAll(async () => {
  priv = http.createServer((req, res) => {
    privateHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  priv.on('upgrade', (req, socket) => {
    privateHits.push(`ws ${req.url}`);
    socket.destroy();
  });
  privBase = await listen(priv, '127.0.0.2');
  pub = http.createServer((req, res) => {
    if (req.url === '/hop') return void res.writeHead(302, { location: `${privBase}/via-redirect` }).end();
    if (req.url === '/file.zip') return void res.writeHead(200, { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="a.zip"' }).end(Buffer.alloc(1024));
    if (req.url === '/dot.png') {
      return void sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff3366' } })
        .png()
        .toBuffer()
        .then((b) => res.writeHead(200, { 'content-type': 'image/png' }).end(b));
    }
    res.writeHead(404).end();
  });
  base = await listen(pub, '127.0.0.1');
  browser = createPageBrowser({
    ...(chromium ? { executablePath: chromium } : {}),
    maxPages: 2,
    allowPrivate: false,
    allowAddress: (a) => a === '127.0.0.1',
  });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([pub, priv].map((s) => new Promise((r) => s.close(r))));
});

const page = (body: string) => ({ url: `${base}/page`, contentType: 'text/html; charset=utf-8', body: Buffer.from(`<!doctype html><html><body>${body}</body></html>`) });

describe.skipIf(!chromium)('the server’s browser (issue #21)', () => {
  it('draws the page after its scripts ran, and reaches nothing private', { timeout: 60_000 }, async () => {
    const drawn = await browser.render(
      page(`<h1 id="h">static</h1><img src="/dot.png"><img src="${privBase}/direct.png"><iframe src="${base}/hop"></iframe>
        <script>
          document.getElementById('h').textContent = 'drawn by script';
          fetch('${privBase}/fetched').catch(() => {});
          fetch('/post', { method: 'POST', body: 'x' }).catch(() => {});
          try { new WebSocket('${privBase.replace('http', 'ws')}/socket'); } catch {}
        </script>`),
    );
    expect(drawn.html).toContain('drawn by script');
    const meta = await sharp(drawn.screenshot).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(SHOT_WIDTH_PX);
    // Give a stray request time to arrive before counting.
    await new Promise((r) => setTimeout(r, 300));
    expect(privateHits).toEqual([]);
    expect(drawn.refused).toBeGreaterThanOrEqual(3); // the private image, the redirect's hop, the fetch, the POST
  });

  it('a page that starts downloads is drawn, and nothing is downloaded', { timeout: 60_000 }, async () => {
    const drawn = await browser.render(
      page(`<p>files</p><iframe src="/file.zip"></iframe><a id="a" href="/file.zip" download>zip</a><script>document.getElementById('a').click();</script>`),
    );
    expect(drawn.screenshot.length).toBeGreaterThan(0);
  });

  it('cuts a very tall page at the height cap', { timeout: 60_000 }, async () => {
    const drawn = await browser.render(page(`<div style="height:20000px;background:linear-gradient(#fff,#000)"></div>`));
    const meta = await sharp(drawn.screenshot).metadata();
    expect(meta.height).toBe(SHOT_MAX_HEIGHT_PX);
  });

  it('draws at most maxPages at once, and stops a page that never finishes loading', { timeout: 60_000 }, async () => {
    const slow = createPageBrowser({
      ...(chromium ? { executablePath: chromium } : {}),
      maxPages: 1,
      allowPrivate: false,
      allowAddress: (a) => a === '127.0.0.1',
      pageTimeoutMs: 8_000,
    });
    const hanging = http.createServer(() => undefined); // accepts, never answers
    const hangBase = await listen(hanging, '127.0.0.1');
    try {
      const started = Date.now();
      const both = await Promise.all([
        slow.render(page(`<p>one</p><img src="${hangBase}/never.png">`)),
        slow.render(page(`<p>two</p>`)),
      ]);
      expect(both.map((d) => d.html.includes('one') || d.html.includes('two'))).toEqual([true, true]);
      // One page at a time: the second waited for the first, which gave up on its image.
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await slow.close();
      hanging.closeAllConnections();
      await new Promise((r) => hanging.close(r));
    }
  });
});

describe('hasKoreanFont: the README’s fonts-noto-cjk, checked when the browser starts', () => {
  /** A PATH holding only an `fc-list` that prints `out` (or none at all). */
  function pathWith(out: string | null) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sauce-fc-'));
    if (out !== null) {
      writeFileSync(path.join(dir, 'fc-list'), `#!/bin/sh\nprintf '%s' '${out}'\n`);
      chmodSync(path.join(dir, 'fc-list'), 0o755);
    }
    return { ...process.env, PATH: dir };
  }

  it('is true when fontconfig names a Korean font, false when none, null without fontconfig', async () => {
    expect(await hasKoreanFont(pathWith('Noto Sans CJK KR,Noto Sans CJK KR Regular\n'))).toBe(true);
    expect(await hasKoreanFont(pathWith(''))).toBe(false);
    expect(await hasKoreanFont(pathWith(null))).toBeNull();
  });
});
