import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../jobs/page-browser.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { multipartForm } from '../../test/upload.ts';
import { fakeWebDist } from '../../test/web-dist.ts';
import { inertNestedDocuments } from './index.ts';

/**
 * Issue #28 item 6: viewing a saved copy's snapshot opens no connection to any host but
 * Sauce's — frames, plugins, media, images, styles, fonts, prefetches, refreshes — in the
 * app's frame and in its own tab. Checked in Chromium against a second server, another
 * origin, that counts the connections made to it.
 */
const chromium = findChromium(process.env.CHROMIUM_PATH);

/** The page's document, in code evaluated in Chromium (this package's types have no DOM). */
declare const document: {
  createElement(tag: 'iframe'): { sandbox: { value: string }; referrerPolicy: string; loading: string; style: { cssText: string }; src: string };
  body: { append(node: unknown): void };
};

/** A snapshot that reaches for `elsewhere` every way HTML can without a script. */
function hostileSnapshot(elsewhere: string): string {
  const e = elsewhere;
  return `<!doctype html><html><head><title>Saved page</title>
<meta http-equiv="refresh" content="0;url=${e}/refresh">
<link rel="prefetch" href="${e}/prefetch"><link rel="preconnect" href="${e}/"><link rel="dns-prefetch" href="${e}/">
<link rel="preload" as="image" href="${e}/preload.png"><link rel="modulepreload" href="${e}/m.js"><link rel="prerender" href="${e}/prerender">
<link rel="stylesheet" href="${e}/s.css"><link rel="icon" href="${e}/icon.png"><link rel="manifest" href="${e}/manifest.json">
<script type="speculationrules">{"prefetch":[{"source":"list","urls":["${e}/speculation"]}]}</script>
<style>@import url(${e}/import.css); body { background: url(${e}/bg.png) } @font-face { font-family: x; src: url(${e}/f.woff) } h1 { font-family: x }</style>
</head><body background="${e}/body.png"><h1>Saved page — 저장된 페이지 €</h1>
<iframe src="${e}/iframe"></iframe><IFRAME SRC="${e}/IFRAME"></IFRAME><iframe
src="${e}/iframe-newline" loading="lazy"></iframe><iframe srcdoc="<img src=${e}/srcdoc.png>"></iframe>
<noscript><iframe src="${e}/noscript"></iframe></noscript>
<object data="${e}/object"></object><embed src="${e}/embed"><object><param name="movie" value="${e}/param"></object>
<img src="${e}/img.png"><img srcset="${e}/srcset.png 2x"><picture><source srcset="${e}/picture.png"><img alt=""></picture>
<input type="image" src="${e}/input.png" alt="">
<video src="${e}/v.mp4" autoplay poster="${e}/poster.png"></video><audio src="${e}/a.mp3" autoplay></audio>
<video><source src="${e}/source.mp4"><track src="${e}/t.vtt"></video>
<svg><image href="${e}/svg.png"/><use href="${e}/use.svg#a"/></svg>
<p>${'Padding that puts the rest past the file store\u2019s first read. '.repeat(2_000)}</p>
<iframe src="${e}/iframe-late"></iframe><frameset><frame src="${e}/frame"></frameset>
<a href="${e}/link" ping="${e}/ping">a link</a>
</body></html>`;
}

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: fakeWebDist() });
  user = await buildUser(t);
});

/** Saves `html` as a capture's snapshot; its signed /saved URL. */
async function saveSnapshot(html: string): Promise<string> {
  const form = multipartForm([
    { name: 'title', value: 'Saved page' },
    { name: 'snapshot', data: Buffer.from(html), filename: 'page.html', contentType: 'text/html' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${user.workspaceId}/capture`,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.savedCopy.snapshotUrl as string;
}

describe('a snapshot’s frames and plugins are inert as it is served (issue #28 item 6)', () => {
  it('renames every such tag, however the bytes are cut, and keeps every other byte', async () => {
    const html = '<p>저장 €</p><iframe src="http://a/"></iframe><FRAME\nsrc=x><object data=y></object><embed/src=z><Portal src=p><fencedframe></fencedframe><iframes><framed>';
    const want = '<p>저장 €</p><xframe src="http://a/"></xframe><xRAME\nsrc=x><xbject data=y></xbject><xmbed/src=z><xortal src=p><xencedframe></xencedframe><iframes><framed>';
    const bytes = Buffer.from(html);
    for (const size of [1, 2, 3, 7, 13, 14, 15, bytes.length]) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
      const out = await text(Readable.from(chunks).pipe(inertNestedDocuments()));
      expect(out, `chunks of ${size}`).toBe(want);
    }
    expect(Buffer.byteLength(want)).toBe(bytes.length);
  });

  it('are served so: no frame tag left, the stored size as Content-Length, no DNS prefetching', async () => {
    const html = hostileSnapshot('http://tracker.example');
    const res = await t.app.inject({ url: await saveSnapshot(html) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<\/?(iframe|frame|object|embed)[\s/>]/i);
    expect(res.body).toContain('<xframe src="http://tracker.example/iframe"></xframe>');
    expect(res.rawPayload.length).toBe(Buffer.byteLength(html));
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(html)));
    expect(res.headers['x-dns-prefetch-control']).toBe('off');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
  });
});

describe.skipIf(!chromium)('viewing a snapshot in Chromium connects to no other host (issue #28 item 6)', () => {
  let counter: http.Server;
  let elsewhere: string;
  let origin: string;
  let browser: Browser;
  const connections: string[] = [];
  beforeAll(async () => {
    counter = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(req.url));
    counter.on('connection', (socket) => connections.push(`${socket.remoteAddress}:${socket.remotePort}`));
    await new Promise<void>((r) => counter.listen(0, '127.0.0.1', r));
    elsewhere = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { chromium: launcher } = await import('playwright-core');
    browser = await launcher.launch({ executablePath: chromium!, args: ['--disable-dev-shm-usage'] });
  });
  afterAll(async () => {
    await browser?.close();
    counter?.closeAllConnections();
    await new Promise((r) => counter?.close(r));
  });

  /** Waits for late prefetches, lazy frames and refreshes to have had their chance (ms). */
  const settle = () => new Promise((r) => setTimeout(r, 1_000));

  it('in its own tab and in the app’s frame; the counting server does count a visit', { timeout: 60_000 }, async () => {
    const url = await saveSnapshot(hostileSnapshot(elsewhere));
    const page = await browser.newPage();
    try {
      // (a) In its own tab, as 'Open' does.
      await page.goto(origin + url);
      await settle();
      expect(await page.locator('h1').textContent()).toContain('저장된 페이지');
      expect(connections, 'in its own tab').toEqual([]);

      // (b) Framed by an app page as saved-copy.tsx frames it (saved-copy.test.tsx checks those attributes).
      await page.goto(`${origin}/dashboard`);
      await page.evaluate((src) => {
        const frame = document.createElement('iframe');
        frame.sandbox.value = '';
        frame.referrerPolicy = 'no-referrer';
        frame.loading = 'lazy';
        frame.style.cssText = 'width: 100%; height: 600px';
        frame.src = src;
        document.body.append(frame);
      }, url);
      await expect.poll(() => page.frames().find((f) => f.url().includes('/saved/'))?.locator('h1').textContent(), { timeout: 30_000 }).toContain('저장된 페이지');
      await settle();
      expect(connections, 'in the app’s frame').toEqual([]);

      // The counter is not deaf: a visit to it is counted.
      await page.goto(`${elsewhere}/control`);
      expect(connections.length).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });
});
