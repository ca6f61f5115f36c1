import http from 'node:http';
import { LINK_QUEUE } from '../../jobs/link-read.ts';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, SHOT_WIDTH_PX } from '../../jobs/page-browser.ts';
import { createFileStore, listKeys } from '../../storage/file-store.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';

/**
 * Issue #21 item 1, with a browser: a saved link's copy keeps a full-page screenshot (the
 * source's saved copy, and its card's picture when the page had no preview image), and a
 * page that renders only in a browser gets its text from the drawn page. A changed link
 * drops the old page's screenshot; a deleted source takes its files along.
 */
const chromium = findChromium(process.env.CHROMIUM_PATH);

let t: TestApp;
let alice: TestUser;
let site: http.Server;
let base: string;
/** Called when the browser asks for /slow.css: the slow page is being drawn. */
let drawing: (() => void) | undefined;

const SCRIPTED = `<!doctype html><html><head><title>Palette study</title></head><body><div id="root"></div><script>
  document.getElementById('root').innerHTML = '<article><h1>Palette study</h1>' +
    Array.from({ length: 6 }, (_, i) => '<p>Paragraph ' + i + ': the ocelot palette pairs warm ochre with a cool slate so that the hero reads calmly on every screen size.</p>').join('') +
    '</article>';
</script></body></html>`;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === '/scripted' || req.url === '/other') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SCRIPTED);
    else if (req.url === '/slow') res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Slow</title><link rel="stylesheet" href="/slow.css"><p>A page that takes its time.</p>');
    else if (req.url === '/slow.css') {
      drawing?.();
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/css' }).end('p{color:#333}'), 1500);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await buildTestApp({
    METADATA_ALLOW_PRIVATE: 'true',
    LINK_PREVIEW_RETRIES: '0',
    LINK_SCREENSHOTS: 'true',
    ...(chromium ? { CHROMIUM_PATH: chromium } : {}),
  });
  alice = await buildUser(t);
});
afterAll(() => new Promise((r) => site.close(r)));

const detail = async (id: number) => body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers })).data;
/** Runs the copy jobs until none is due, then reads the source, whose copy must no longer be pending. */
async function settled(id: number) {
  await t.runUntilIdle([LINK_QUEUE]);
  const s = await detail(id);
  if (s.textCard.copyStatus !== 'pending') return s;
  throw new Error('the copy stayed pending with no copy job due');
}
const storedKeys = () => listKeys(createFileStore(t.config.files), 'captures/');

describe.skipIf(!chromium)('screenshots of saved links (issue #21)', () => {
  it('keeps a screenshot and the drawn page’s text; a new link drops it, deleting the source removes its files', { timeout: 90_000 }, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}`,
      headers: alice.headers,
      payload: { type: 'TEXT', title: 'Palette', textSauce: { text: '', link: `${base}/scripted` } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = body(res).data.id as number;
    const s = await settled(id);
    // The page's text exists only once its script ran: read from the drawn page.
    expect(s.textCard.copyStatus).toBe('ready');
    const copy = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${id}/copy`, headers: alice.headers })).data;
    expect(copy.text).toContain('ocelot palette');
    // The screenshot is the saved copy, and the card's picture (the page had no preview image).
    expect(s.savedCopy.screenshotUrl).toBeTruthy();
    expect(s.thumbnail).toBeTruthy();
    const shot = await t.app.inject({ url: s.savedCopy.screenshotUrl });
    expect(shot.statusCode).toBe(200);
    const meta = await sharp(shot.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(SHOT_WIDTH_PX);
    const thumb = await sharp((await t.app.inject({ url: s.thumbnail })).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([640, 400]);
    expect(await storedKeys()).toHaveLength(3);
    // The list shows the same picture without the detail's saved copy.
    const list = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list`, headers: alice.headers })).data;
    expect(list.results.find((r: { id: number }) => r.id === id).thumbnail).toBeTruthy();

    // A new link: the old page's screenshot goes with the old link, the new page gets its own.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/archive/sauce/${alice.workspaceId}/${id}`,
      headers: alice.headers,
      payload: { textSauce: { link: `${base}/other` } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(body(edit).data.savedCopy).toBeNull();
    const again = await settled(id);
    expect(again.savedCopy.screenshotUrl).toBeTruthy();
    expect(again.savedCopy.screenshotUrl).not.toBe(s.savedCopy.screenshotUrl);
    expect(await storedKeys()).toHaveLength(3);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers });
    expect(del.statusCode).toBe(200);
    expect(await storedKeys()).toEqual([]);
  });

  it('a source deleted while its page is drawn leaves no screenshot behind', { timeout: 90_000 }, async () => {
    const started = new Promise<void>((r) => (drawing = r));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}`,
      headers: alice.headers,
      payload: { type: 'TEXT', title: 'Slow', textSauce: { text: '', link: `${base}/slow` } },
    });
    const id = body(res).data.id as number;
    const running = t.runDue(LINK_QUEUE);
    await started;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers });
    expect(del.statusCode).toBe(200);
    // The job finishes drawing, finds no source waiting, and removes the files it wrote.
    expect(await running).toMatchObject({ completed: 1, failed: 0 });
    expect((await t.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'link-read' AND state IN ('created', 'active', 'retry')`)).rows[0]!.n).toBe(0);
    expect(await storedKeys()).toEqual([]);
  });
});
