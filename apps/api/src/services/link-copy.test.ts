import http from 'node:http';
import { LINK_QUEUE } from '../jobs/link-read.ts';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPageBrowser, findChromium } from '../jobs/page-browser.ts';
import { body, buildTestApp, type TestApp } from '../test/build-app.ts';
import { buildUser, type TestUser } from '../test/factories.ts';
import { type LinkReadOptions, runLinkRead } from './link-read.ts';

/**
 * Issue #28 item 2: a linked page whose script never yields costs its copy job the browser's
 * deadline, no more, and the text read by the guarded fetch is kept without a screenshot.
 */
const chromium = findChromium(process.env.CHROMIUM_PATH);
const PAGE_MS = 3_000;

let t: TestApp;
let alice: TestUser;
let site: http.Server;
let base: string;

const HOSTILE = `<!doctype html><html><head><title>Spinning notes</title></head><body><article><h1>Spinning notes</h1>${Array.from(
  { length: 6 },
  (_, i) => `<p>Paragraph ${i}: the narwhal detail is read from the page as it was fetched, whatever its script does once a browser runs it.</p>`,
).join('')}</article><script>for (;;) {}</script></body></html>`;

beforeAll(async () => {
  site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOSTILE));
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true', LINK_PREVIEW_RETRIES: '0' });
  alice = await buildUser(t);
});
afterAll(() => new Promise((r) => site.close(r)));

describe.skipIf(!chromium)('a copy whose page never yields (issue #28)', () => {
  it('keeps the fetched text as ready once the drawing’s deadline passes', { timeout: 60_000 }, async () => {
    const link = `${base}/spinning`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}`,
      headers: alice.headers,
      payload: { type: 'TEXT', title: 'Spinning', textSauce: { text: '', link } },
    });
    const id = body(res).data.id as number;
    // The app's own job (text only) reads it first; then its copy waits again, for the browser.
    await t.runDue(LINK_QUEUE);
    expect((await t.db.execute(sql`SELECT copy_status FROM sauces WHERE id = ${id}`)).rows[0]?.copy_status).toBe('ready');
    await t.db.execute(sql`UPDATE sauces SET copy_status = 'pending', copy_text = NULL WHERE id = ${id}`);

    const browser = createPageBrowser({ executablePath: chromium!, maxPages: 1, allowPrivate: true, pageTimeoutMs: PAGE_MS });
    const info = vi.fn();
    const opts: LinkReadOptions = { jobs: t.jobs, allowPrivate: true, retries: 0, retryDelayS: 0, browser, log: { info, warn: info } };
    try {
      const started = Date.now();
      expect(await runLinkRead(t.db, opts, { link, person: alice.userId }, { retryCount: 0, retryLimit: 0 })).toBe('ready');
      // The browser's start, its deadline, and the context's close.
      expect(Date.now() - started).toBeLessThan(PAGE_MS + 15_000);
      expect(info).toHaveBeenCalledWith(expect.objectContaining({ err: expect.stringMatching(/took over|Timeout/) }), 'the browser could not draw a linked page');
    } finally {
      await browser.close();
    }
    const { rows } = await t.db.execute<{ copy_status: string; copy_text: string }>(sql`SELECT copy_status, copy_text FROM sauces WHERE id = ${id}`);
    expect(rows[0]!.copy_status).toBe('ready');
    expect(rows[0]!.copy_text).toContain('narwhal detail');
  });
});
