import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchLinkJobs } from '../../jobs/link-jobs.ts';
import { LINK_QUEUE } from '../../jobs/link-read.ts';
import { findChromium } from '../../jobs/page-browser.ts';
import type { RunReport } from '../../jobs/queue.ts';
import { createFileStore, listKeys } from '../../storage/file-store.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { hold, lockWaiters, startBlocked } from '../../test/held.ts';
import { until as waitUntil } from '../../test/until.ts';

/**
 * Issue #21 item 1 beside issue #18: a link's screenshot, drawn by the copy job and written
 * to the FileStore before its row, racing an edit that changes the link (the old page's
 * screenshot never becomes the new link's saved copy), a delete of the source or of its
 * space (no row nor file left), and twenty saves of the link made while it is drawn. The
 * page's stylesheet is held until the test releases it, so the test knows when the page is
 * being drawn; held transactions order the job and the write at the space's lock.
 */
const chromium = findChromium(process.env.CHROMIUM_PATH);

let t: TestApp;
let site: http.Server;
let origin = '';
const sockets = new Set<Socket>();
/** Held stylesheet answers, by page name. */
const styles = new Map<string, http.ServerResponse[]>();
const hits: Record<string, number> = {};

const page = (name: string) => `<!doctype html><html><head><title>Shot ${name}</title><link rel="stylesheet" href="/css/${name}.css"></head>
<body><article><h1>Shot ${name}</h1>${Array.from({ length: 5 }, (_, i) => `<p>Paragraph ${i} of ${name}: enough words for a reader view to keep them as this page's text.</p>`).join('')}</article></body></html>`;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = req.url!.split('?')[0]!;
    hits[path] = (hits[path] ?? 0) + 1;
    const css = /^\/css\/(.+)\.css$/.exec(path);
    if (css) {
      if (css[1]!.startsWith('held-')) return void styles.set(css[1]!, [...(styles.get(css[1]!) ?? []), res]);
      return void res.writeHead(200, { 'content-type': 'text/css' }).end('p{color:#333}');
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(path.split('/').pop()!));
  });
  site.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await buildTestApp({
    METADATA_ALLOW_PRIVATE: 'true',
    LINK_PREVIEW_RETRIES: '0',
    LINK_SCREENSHOTS: 'true',
    ...(chromium ? { CHROMIUM_PATH: chromium } : {}),
  });
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => site.close(r));
});

/** {@link waitUntil}, with time for a browser to draw (20 s). */
const until = (what: string, ok: () => Promise<boolean> | boolean, ms = 20_000) => waitUntil(what, ok, ms, 25);
/** Waits until the browser asks for page `name`'s held stylesheet: the page is being drawn. */
const drawing = (name: string) => until(`the drawing of ${name}`, () => (styles.get(name)?.length ?? 0) > 0);
const finishDrawing = (name: string) => {
  for (const res of styles.get(name)?.splice(0) ?? []) res.writeHead(200, { 'content-type': 'text/css' }).end('p{color:#333}');
};

const call = (u: TestUser, opts: InjectOptions) => t.app.inject({ ...opts, headers: { ...u.headers, ...opts.headers } });
async function save(u: TestUser, ws: number, link: string) {
  const res = await call(u, { method: 'POST', url: `/api/archive/sauce/${ws}`, payload: { type: 'TEXT', title: 'Typed', textSauce: { text: '', link } } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.id as number;
}
const read = async (u: TestUser, ws: number, id: number) => body(await call(u, { url: `/api/archive/sauce/${ws}/${id}` })).data;
/** Runs of the link jobs under way (started by {@link startJobs}). */
const runs: Promise<RunReport>[] = [];
/** Starts the link jobs due, as the app's workers would, without waiting for them (each lands its preview before it draws the page). */
async function startJobs() {
  runs.push(t.runDue(LINK_QUEUE));
}
/** Waits for the link jobs under way, runs those due (and put back for a second) until none is; then no link job is left. */
async function copiesDone() {
  await Promise.all(runs.splice(0));
  await t.runUntilIdle([LINK_QUEUE], { withinS: 2 });
  const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'link-read' AND state IN ('created', 'active', 'retry')`);
  expect(rows[0]!.n).toBe(0);
}
const lockSpace = (ws: number): [string, unknown[]?] => ['SELECT id FROM workspaces WHERE id = $1 FOR NO KEY UPDATE', [ws]];
/** The source's link preview has landed (so only the job's copy is left to meet the lock). */
const previewed = async (u: TestUser, ws: number, id: number) => expect((await read(u, ws, id)).textCard.previewStatus).not.toBe('pending');

/** The store's saved-copy files and the rows naming them agree: no file without a row, no row without its files. */
async function filesMatchRows() {
  const keys = await listKeys(createFileStore(t.config.files), 'captures/');
  const folders = [...new Set(keys.map((k) => k.split('/').slice(0, 2).join('/')))].sort();
  const { rows } = await t.db.execute<{ storage_key: string }>(sql`SELECT storage_key FROM sauce_captures ORDER BY storage_key`);
  expect(folders).toEqual(rows.map((r) => r.storage_key).sort());
  expect(keys).toHaveLength(rows.length * 3);
}
const capturesOf = async (id: number) =>
  (await t.db.execute<{ page_url: string }>(sql`SELECT page_url FROM sauce_captures WHERE sauce_id = ${id}`)).rows.map((r) => r.page_url);

let n = 0;
const fresh = (what: string) => `held-${what}-${++n}`;

describe.skipIf(!chromium)('a link’s screenshot beside the writes on its source (issue #21)', () => {
  for (const first of ['the job', 'the edit'] as const) {
    it(`an edit to a new link never keeps the old page's screenshot (${first} first at the space's lock)`, { timeout: 60_000 }, async () => {
      const u = await buildUser(t);
      const ws = u.workspaceId;
      const old = fresh('old');
      const id = await save(u, ws, `${origin}/page/${old}`);
      await startJobs();
      await drawing(old);
      await previewed(u, ws, id);
      const newLink = `${origin}/page/plain-${n}`;
      const edit = () => call(u, { method: 'PATCH', url: `/api/archive/sauce/${ws}/${id}`, payload: { textSauce: { link: newLink } } });
      const held = await hold(t, [lockSpace(ws)]);
      try {
        let blocked: { result: ReturnType<typeof edit> };
        if (first === 'the job') {
          finishDrawing(old);
          await until('the copy job at the lock', async () => (await lockWaiters(t)) >= 1);
          blocked = await startBlocked(t, edit, 2);
        } else {
          blocked = await startBlocked(t, edit);
          finishDrawing(old);
          await until('the copy job at the lock', async () => (await lockWaiters(t)) >= 2);
        }
        await held.commit();
        expect((await blocked.result).statusCode).toBe(200);
      } finally {
        await held.rollback().catch(() => undefined);
      }
      await copiesDone();
      const s = await read(u, ws, id);
      expect(s.textCard).toMatchObject({ link: newLink, copyStatus: 'ready' });
      expect(await capturesOf(id)).toEqual([newLink]);
      expect(s.savedCopy?.screenshotUrl).toBeTruthy();
      // The source counts the bytes of the copy it keeps, not the dropped one's too.
      const { rows } = await t.db.execute<{ s: number; c: number }>(
        sql`SELECT s.byte_size AS s, c.byte_size AS c FROM sauces s JOIN sauce_captures c ON c.sauce_id = s.id WHERE s.id = ${id}`,
      );
      expect(rows[0]!.s).toBe(rows[0]!.c);
      await filesMatchRows();
    });
  }

  it('an edit that keeps the link while the screenshot waits at the lock: the source keeps it', { timeout: 60_000 }, async () => {
    const u = await buildUser(t);
    const ws = u.workspaceId;
    const name = fresh('kept');
    const link = `${origin}/page/${name}`;
    const id = await save(u, ws, link);
    await startJobs();
    await drawing(name);
    await previewed(u, ws, id);
    const held = await hold(t, [lockSpace(ws)]);
    try {
      finishDrawing(name);
      await until('the copy job at the lock', async () => (await lockWaiters(t)) >= 1);
      const edit = () => call(u, { method: 'PATCH', url: `/api/archive/sauce/${ws}/${id}`, payload: { title: 'Renamed', textSauce: { text: 'x', link } } });
      const { result } = await startBlocked(t, edit, 2);
      await held.commit();
      expect((await result).statusCode).toBe(200);
    } finally {
      await held.rollback().catch(() => undefined);
    }
    await copiesDone();
    const s = await read(u, ws, id);
    expect(s.title).toBe('Renamed');
    expect(s.textCard.copyStatus).toBe('ready');
    expect(await capturesOf(id)).toEqual([link]);
    await filesMatchRows();
  });

  it('a source given the link while its page is drawn gets a screenshot of its own from the same drawing', { timeout: 60_000 }, async () => {
    const u = await buildUser(t);
    const ws = u.workspaceId;
    const name = fresh('joined');
    const link = `${origin}/page/${name}`;
    const other = `${origin}/page/plain-joined-${n}`;
    const b = await save(u, ws, other);
    await t.runUntilIdle([LINK_QUEUE]);
    expect((await read(u, ws, b)).textCard.copyStatus).toBe('ready');
    const a = await save(u, ws, link);
    await startJobs();
    await drawing(name);
    await previewed(u, ws, a);
    // The edit giving source b the link waits at the space's lock; the drawing ends (its
    // screenshot written for the one source waiting then) and the job queues behind the edit.
    const held = await hold(t, [lockSpace(ws)]);
    try {
      const { result } = await startBlocked(t, () => call(u, { method: 'PATCH', url: `/api/archive/sauce/${ws}/${b}`, payload: { textSauce: { link } } }));
      finishDrawing(name);
      await until('the copy job at the lock', async () => (await lockWaiters(t)) >= 2);
      await held.commit();
      expect((await result).statusCode).toBe(200);
    } finally {
      await held.rollback().catch(() => undefined);
    }
    await copiesDone();
    finishDrawing(name);
    expect(await capturesOf(a)).toEqual([link]);
    expect(await capturesOf(b)).toEqual([link]);
    expect((await read(u, ws, b)).textCard.copyStatus).toBe('ready');
    expect(hits[`/page/${name}`]).toBe(1); // one fetch for the preview and the copy (issue #29)
    await filesMatchRows();
  });

  it('a source, and a space, deleted while their screenshot waits at the lock leave no row and no file', { timeout: 60_000 }, async () => {
    const u = await buildUser(t);
    const owner = await buildUser(t);
    const team = await buildWorkspace(t, owner);
    for (const what of ['source', 'space'] as const) {
      const ws = what === 'source' ? u.workspaceId : team;
      const actor = what === 'source' ? u : owner;
      const name = fresh(what);
      const id = await save(actor, ws, `${origin}/page/${name}`);
      await startJobs();
      await drawing(name);
      await previewed(actor, ws, id);
      const held = await hold(t, [lockSpace(ws)]);
      try {
        finishDrawing(name);
        await until('the copy job at the lock', async () => (await lockWaiters(t)) >= 1);
        const url = what === 'source' ? `/api/archive/sauce/${ws}/${id}` : `/api/workspace/${ws}`;
        const { result } = await startBlocked(t, () => call(actor, { method: 'DELETE', url }), 2);
        await held.commit();
        expect((await result).statusCode).toBe(200);
      } finally {
        await held.rollback().catch(() => undefined);
      }
      await copiesDone();
      const { rows } = await t.db.execute<{ state: string }>(sql`SELECT state FROM pgboss.job WHERE name = 'link-read' AND data->>'link' = ${`${origin}/page/${name}`}`);
      expect(rows.map((r) => r.state)).toEqual(['completed']);
      expect(await capturesOf(id)).toEqual([]);
      await filesMatchRows();
    }
  });

  it('twenty saves of a link, nineteen made while it is drawn: one fetch, and each source gets its screenshot', { timeout: 60_000 }, async () => {
    const u = await buildUser(t);
    const name = fresh('twenty');
    const link = `${origin}/page/${name}`;
    const first = await save(u, u.workspaceId, link);
    await startJobs();
    await drawing(name);
    const ids = [first, ...(await Promise.all(Array.from({ length: 19 }, () => save(u, u.workspaceId, link))))];
    // The later saves' job starts beside the drawing one, as a free worker would take it, and
    // reaches the read under way before it ends: it waits for it (after, maybe, a moment's
    // yield to the saves just answered: lib/foreground.ts QUIET_MS).
    let laterStep = '';
    const unwatch = watchLinkJobs(t.jobs, (queue, step, job) => void (queue === LINK_QUEUE && job.link === link && step !== 'yielding' && (laterStep ||= step)));
    try {
      await startJobs();
      await until('the later job at the drawing under way', () => laterStep === 'waiting');
    } finally {
      unwatch();
    }
    finishDrawing(name);
    await copiesDone();
    finishDrawing(name); // a second drawing, if any, ends too, and is counted
    expect(hits[`/page/${name}`]).toBe(1); // one fetch for the preview and the copy (issue #29)
    for (const id of ids) {
      expect((await read(u, u.workspaceId, id)).textCard.copyStatus).toBe('ready');
      expect(await capturesOf(id), `source ${id}`).toEqual([link]);
    }
    await filesMatchRows();
  });
});
