import { sql } from 'drizzle-orm';
import { LINK_QUEUE } from '../../jobs/link-read.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { hold, lockWaiters } from '../../test/held.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { finished, importFile, netscape } from '../../test/imports.ts';
import { startOfRoomyWindow } from '../../test/rate-window.ts';
import { until } from '../../test/until.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { queueWaitingLinks } from '../../services/link-sweep.ts';

/**
 * Issue #21 item 1: every link keeps a copy — the page's readable text, kept by a background
 * job after the save, searchable within seconds, read back by members only.
 */
let t: TestApp;
let alice: TestUser;
let site: http.Server;
let base: string;
/** Requests the site answered. */
let fetched = 0;

const ARTICLE = `<!doctype html><html><head><title>Kerning notes</title></head><body><nav>Home · About</nav>
<article><h1>Kerning notes</h1>${Array.from(
  { length: 6 },
  (_, i) => `<p>Paragraph ${i}: optical kerning adjusts the space between letter pairs so that words read evenly; 자간 조정은 글자 사이의 간격을 맞추는 일이다.</p>`,
).join('')}<p>The quetzal detail appears only here.</p></article><footer>© Example</footer></body></html>`;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    fetched++;
    if (req.url === '/mixed') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE.replace('<title>Kerning notes</title>', `<title>Read ${fetched}</title>`));
    else if (req.url === '/article' || req.url!.startsWith('/page/')) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    else if (req.url === '/short') res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Note</title></head><body><nav>Home</nav><p>A short page about the axolotl gradient.</p></body></html>');
    else if (req.url === '/shell') res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><div id="root"></div><script>1</script></body></html>');
    else if (req.url === '/data.json') res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true', LINK_PREVIEW_RETRIES: '0' });
  alice = await buildUser(t);
});
afterAll(() => new Promise((r) => site.close(r)));

const save = async (path: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${alice.workspaceId}`,
    headers: alice.headers,
    payload: { type: 'TEXT', title: `Link ${path}`, textSauce: { text: '', link: `${base}${path}` } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { id: number; textCard: { copyStatus: string | null } };
};
const copyOf = async (u: TestUser, id: number) => t.app.inject({ url: `/api/archive/sauce/${u.workspaceId}/${id}/copy`, headers: u.headers });
/** Runs the copy jobs until none is due, then reads the copy, which must no longer be pending. */
async function settled(id: number) {
  await t.runUntilIdle([LINK_QUEUE]);
  const copy = body(await copyOf(alice, id)).data;
  if (copy.status !== 'pending') return copy as { status: string; text: string | null; copiedAt: string | null };
  throw new Error('the copy stayed pending with no copy job due');
}

describe('saved copies of links (issue #21)', () => {
  it('keeps the page’s readable text, without its navigation, and search finds its words', async () => {
    const saved = await save('/article');
    expect(saved.textCard.copyStatus).toBe('pending');
    const copy = await settled(saved.id);
    expect(copy.status).toBe('ready');
    expect(copy.text).toContain('optical kerning');
    expect(copy.text).toContain('quetzal');
    expect(copy.text).not.toContain('Home · About');
    expect(copy.copiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const found = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?search=quetzal`, headers: alice.headers })).data;
    expect(found.results.map((r: { id: number }) => r.id)).toEqual([saved.id]);
    const ko = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?search=${encodeURIComponent('자간')}`, headers: alice.headers })).data;
    expect(ko.results.map((r: { id: number }) => r.id)).toEqual([saved.id]);
  });

  it('lands the preview and the copy together: one transaction, one live event a source (issue #29)', async () => {
    const app = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(app, alice, alice.workspaceId);
    try {
      const saved = await save('/page/together');
      await t.runUntilIdle([LINK_QUEUE]);
      await stream.next((e) => e.type === 'sauce' && e.action === 'updated' && e.id === saved.id);
      const source = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${saved.id}`, headers: alice.headers })).data;
      expect(source.textCard).toMatchObject({ title: 'Kerning notes', previewStatus: 'ready', copyStatus: 'ready' });
      // Events come in the order of their commits: any second one of the source's comes
      // before the next write's.
      const next = await t.app.inject({
        method: 'POST',
        url: `/api/archive/sauce/${alice.workspaceId}`,
        headers: alice.headers,
        payload: { type: 'TEXT', title: 'After', textSauce: { text: 'x', link: null } },
      });
      await stream.next((e) => e.type === 'sauce' && e.action === 'created' && e.id === body(next).data.id);
      expect(stream.events.filter((e) => e.type === 'sauce' && e.action === 'updated' && e.id === saved.id)).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('one read serves a source waiting for its preview alone and one waiting for its copy alone, each writing only its part (issue #29)', async () => {
    const first = await save('/mixed');
    await settled(first.id);
    const kept = body(await copyOf(alice, first.id)).data as { copiedAt: string };
    // The first source asks for its preview again; its copy is kept.
    const retried = await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}/${first.id}/preview`, headers: alice.headers });
    expect(retried.statusCode, retried.body).toBe(200);
    // The second takes the preview from the cache at once, and waits for its copy.
    const second = await save('/mixed');
    const card = async (id: number) => body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers })).data.textCard;
    expect(await card(first.id)).toMatchObject({ previewStatus: 'pending', copyStatus: 'ready' });
    expect(await card(second.id)).toMatchObject({ previewStatus: 'ready', copyStatus: 'pending' });
    const before = fetched;
    const secondTitle = (await card(second.id)).title;
    await t.runUntilIdle([LINK_QUEUE]);
    expect(fetched - before).toBe(1);
    const read = `Read ${before + 1}`;
    // The first: the new read's preview, its copy untouched.
    expect(await card(first.id)).toMatchObject({ title: read, previewStatus: 'ready', copyStatus: 'ready' });
    expect((body(await copyOf(alice, first.id)).data as { copiedAt: string }).copiedAt).toBe(kept.copiedAt);
    // The second: its copy, its preview from the cache untouched.
    expect(await card(second.id)).toMatchObject({ title: secondTitle, previewStatus: 'ready', copyStatus: 'ready' });
    expect(secondTitle).not.toBe(read);
    expect((body(await copyOf(alice, second.id)).data as { text: string }).text).toContain('quetzal');
  });

  it('keeps the words of a page of one short paragraph, and search finds them (issue #31 item 3)', async () => {
    const saved = await save('/short');
    expect((await settled(saved.id)).status).toBe('ready');
    const copy = body(await copyOf(alice, saved.id)).data;
    expect(copy.text).toContain('axolotl gradient');
    const found = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?search=axolotl`, headers: alice.headers })).data;
    expect(found.results.map((r: { id: number }) => r.id)).toEqual([saved.id]);
  });

  it('says when a page has no readable text, and when it could not be read', async () => {
    expect((await settled((await save('/shell')).id)).status).toBe('empty');
    expect((await settled((await save('/missing')).id)).status).toBe('failed');
    expect((await settled((await save('/data.json')).id)).status).toBe('failed');
  });

  it('keeps no copy for a note without a link, and shows another person’s copy to no one else', async () => {
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}`,
      headers: alice.headers,
      payload: { type: 'TEXT', title: 'Just a note', textSauce: { text: 'x', link: null } },
    });
    expect(body(note).data.textCard.copyStatus).toBeNull();
    const stranger = await buildUser(t);
    const res = await copyOf(stranger, body(note).data.id);
    expect(res.statusCode).toBe(404);
    const other = await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${body(note).data.id}/copy`, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
  });

  it('reads a link once for its preview and its copy: one fetch, one of its person’s 60 a minute (issue #29)', async () => {
    const bob = await buildUser(t);
    await startOfRoomyWindow(60_000, 10_000); // (the budget's window is the clock's minute)
    const before = fetched;
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/archive/sauce/${bob.workspaceId}`,
        headers: bob.headers,
        payload: { type: 'TEXT', title: `Page ${i}`, textSauce: { text: '', link: `${base}/page/${i}` } },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(body(res).data.id);
    }
    // (Jobs over the person's share of the workers are put back for a second: run those too.)
    await t.runUntilIdle([LINK_QUEUE], { withinS: 2 });
    expect(fetched - before).toBe(30);
    for (const id of ids) {
      const s = body(await t.app.inject({ url: `/api/archive/sauce/${bob.workspaceId}/${id}`, headers: bob.headers })).data;
      expect(s.textCard).toMatchObject({ title: 'Kerning notes', previewStatus: 'ready', copyStatus: 'ready' });
    }
    // Thirty of bob's sixty fetches this minute are left: the editor's previews of thirty new
    // pages are read, the thirty-first is refused.
    const preview = (path: string) => t.app.inject({ url: `/api/metaData/getMeta?url=${encodeURIComponent(`${base}${path}`)}`, headers: bob.headers });
    for (let i = 0; i < 30; i++) expect((await preview(`/page/more-${i}`)).statusCode).toBe(200);
    const spent = await preview('/page/one-more');
    expect(spent.statusCode).toBe(429);
    expect(body(spent).error.code).toBe('RATE_LIMITED');
  });

  it('waits while another process copies the same link, then fetches nothing; a dead process’s claim expires', async () => {
    // Another process sharing the database is copying /article#claimed.
    const link = `${base}/article#claimed`;
    await t.db.execute(sql`INSERT INTO link_copy_claims VALUES (md5(${link}), now() + interval '1 minute')`);
    const saved = await save('/article#claimed');
    // The job tries to claim the link while the test holds the claim's row: it waits at the
    // row's lock, then finds the claim the other process's, and waits (polling) for it to go.
    const row = await hold(t, [[`SELECT 1 FROM link_copy_claims WHERE link_md5 = md5($1) FOR UPDATE`, [link]]]);
    const running = t.runDue(LINK_QUEUE);
    await until('the copy job at the claim', async () => (await lockWaiters(t)) >= 1);
    await row.rollback();
    expect(body(await copyOf(alice, saved.id)).data.status).toBe('pending');
    // That process keeps the preview and the copy and lets go: this one finds nothing left to fetch.
    const before = fetched;
    await t.db.execute(sql`
      UPDATE sauces SET link_status = 'ready', copy_status = 'ready', copy_text = 'kept by the other process', copied_at = now() WHERE id = ${saved.id}`);
    await t.db.execute(sql`DELETE FROM link_copy_claims WHERE link_md5 = md5(${link})`);
    expect(await running).toMatchObject({ completed: 1, failed: 0 });
    expect(fetched).toBe(before);
    expect((await t.db.execute(sql`SELECT 1 FROM link_copy_claims WHERE link_md5 = md5(${link})`)).rows.length).toBe(0);
    expect(body(await copyOf(alice, saved.id)).data.text).toBe('kept by the other process');

    // A claim whose process died (its time is up) does not hold anyone back.
    const stale = `${base}/article#stale`;
    await t.db.execute(sql`INSERT INTO link_copy_claims VALUES (md5(${stale}), now() - interval '1 second')`);
    const copy = await settled((await save('/article#stale')).id);
    expect(copy.status).toBe('ready');
    expect(copy.text).toContain('quetzal');
    // Each copy lets go of its claim.
    expect((await t.db.execute(sql`SELECT 1 FROM link_copy_claims WHERE link_md5 IN (md5(${link}), md5(${stale}))`)).rows).toEqual([]);
  });

  it('keeps copies of imported links too, queued a batch at a time and fairly between spaces', { timeout: 60_000 }, async () => {
    const bob = await buildUser(t);
    // Alice imports five links, Bob one: none is fetched at the import.
    const res = await importFile(t, alice, alice.workspaceId, netscape(Array.from({ length: 5 }, (_, i) => ({ href: `${base}/article#i${i}`, title: `Imported ${i}` }))));
    expect(res.statusCode, res.body).toBe(200);
    await finished(t, alice, body(res).data.id);
    const bobs = await importFile(t, bob, bob.workspaceId, netscape([{ href: `${base}/article#bob`, title: 'Bob’s' }]));
    await finished(t, bob, body(bobs).data.id);
    const waiting = sql`SELECT count(*)::int AS n FROM sauces WHERE copy_status = 'pending' AND import_key IS NOT NULL AND link LIKE ${`${base}/article#%`}`;
    expect((await t.db.execute<{ n: number }>(waiting)).rows[0]!.n).toBe(6);
    const opts = { jobs: t.jobs, allowPrivate: true, retries: 0, retryDelayS: 1, copies: true };
    // A save's own waiting copy is not the sweep's for 10 minutes (its job has its chance).
    await save('/article#saved');
    // Two at a time: Alice's oldest and Bob's, not Alice's first two.
    expect(await queueWaitingLinks(t.db, opts, 2)).toBe(2);
    // (One link's host at a time: the second job is put back for a second, then runs.)
    await t.runUntilIdle([LINK_QUEUE], { withinS: 2 });
    expect((await t.db.execute<{ link: string }>(sql`SELECT link FROM sauces WHERE copy_status = 'ready' AND import_key IS NOT NULL AND link LIKE ${`${base}/article#%`} ORDER BY link`)).rows.map((r) => r.link))
      .toEqual([`${base}/article#bob`, `${base}/article#i0`]);
    while ((await queueWaitingLinks(t.db, opts, 2)) > 0) await t.runUntilIdle([LINK_QUEUE], { withinS: 2 });
    expect((await t.db.execute<{ n: number }>(waiting)).rows[0]!.n).toBe(0);
    // (the saved one was kept by its own job meanwhile)
  });
});
