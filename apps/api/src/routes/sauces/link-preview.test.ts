import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb } from '../../db/client.ts';
import { type RunDueOptions, startJobQueue } from '../../jobs/queue.ts';
import { LINK_QUEUE } from '../../jobs/link-read.ts';
import { FETCHES_PER_MINUTE } from '../../services/fetch-budget.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { until } from '../../test/until.ts';
import { hold, startBlocked } from '../../test/held.ts';
import { BUSY_AT } from '../../lib/foreground.ts';
import { watchLinkJobs } from '../../jobs/link-jobs.ts';
import { queueWaitingLinks } from '../../services/link-sweep.ts';

/**
 * Issue #23: saving never waits for the linked site. The save answers at once; the preview
 * is read by a background job and reaches the card through the live events; failures are
 * retried a bounded number of times, survive a restart, and a spent budget delays rather
 * than drops. Pages are served on loopback (METADATA_ALLOW_PRIVATE in these apps).
 */

const OG = `<!doctype html><html><head><title>Doc</title><meta property="og:title" content="Open Graph title">
  <meta property="og:description" content="Open Graph description"><meta property="og:image" content="/og.png"></head></html>`;

let site: http.Server;
let origin = '';
const hits: Record<string, number> = {};
/** Connections held by /hold (never answered until released). */
const held: http.ServerResponse[] = [];
const sockets = new Set<Socket>();
/** Whether /restart answers yet. */
let restartUp = false;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = req.url!.split('?')[0]!;
    hits[path] = (hits[path] ?? 0) + 1;
    const html = (page = OG) => res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (path.startsWith('/hold')) return void held.push(res);
    if (path === '/flaky') return hits[path] === 1 ? res.writeHead(503).end('down') : html();
    if (path === '/restart') return restartUp ? html() : void held.push(res);
    if (path === '/trickle') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write(' '), 500);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (path.startsWith('/loop')) return res.writeHead(302, { location: `/loop${hits[path]}` }).end();
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Huge</title></head><body>');
      return res.end(Buffer.alloc(3 * 1024 * 1024, ' '));
    }
    if (path === '/gone') return res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not here</title>');
    html();
  });
  site.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => site.close(r));
});

const save = (t: TestApp, u: TestUser, link: string | null, ws = u.workspaceId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${ws}`,
    headers: u.headers,
    payload: { type: 'TEXT', title: 'My own title', textSauce: { text: '', link } },
  });
const read = async (t: TestApp, u: TestUser, id: number, ws = u.workspaceId) =>
  body(await t.app.inject({ url: `/api/archive/sauce/${ws}/${id}`, headers: u.headers })).data;

/** Runs the preview jobs until none is due (`opts.withinS`: also those due that much later), then reads the source, whose preview must no longer be pending. */
async function settled(t: TestApp, u: TestUser, id: number, opts: RunDueOptions = {}) {
  await t.runUntilIdle([LINK_QUEUE], opts);
  const s = await read(t, u, id);
  if (s.textCard.previewStatus === 'pending') throw new Error(`preview of ${id} still pending with no preview job due`);
  return s;
}

describe('saving a link (issue #23)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true', LINK_PREVIEW_RETRIES: '0', LINK_COPIES: 'false' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers 30 saves at once while the linked site holds every connection unanswered', async () => {
    const u = await buildUser(t);
    const first = await Promise.all(Array.from({ length: 15 }, (_, i) => save(t, u, `${origin}/hold/${i % 3}`)));
    // Their preview jobs fetch the three links; the site holds each fetch, and the next saves come meanwhile.
    const running = t.runDue(LINK_QUEUE);
    await until('the site holding the three fetches', () => held.length >= 3);
    const saves = [...first, ...(await Promise.all(Array.from({ length: 15 }, (_, i) => save(t, u, `${origin}/hold/${i % 3}`))))];
    expect(held).toHaveLength(3);
    // Every save answered while the site had answered nothing.
    for (const res of saves) {
      expect(res.statusCode).toBe(200);
      expect(body(res).data.textCard).toMatchObject({ link: expect.stringContaining('/hold/'), title: '', previewStatus: 'pending' });
      expect(body(res).data.title).toBe('My own title');
    }
    // Nothing left behind for the next tests (they share the site's host, and its share of the
    // workers): no source waits for these links, so their retries fetch nothing.
    for (const res of saves) {
      await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${u.workspaceId}/${body(res).data.id}`, headers: u.headers });
    }
    for (const res of held.splice(0)) res.destroy();
    expect((await running).ids).toHaveLength(3);
  });

  it('a preview gives way to a burst of requests in flight, and starts as soon as it eases (issue #29)', async () => {
    const u = await buildUser(t);
    const { id } = body(await save(t, u, `${origin}/after-burst`)).data;
    // BUSY_AT saves into a team space, held at its lock by a role change left open.
    const team = await buildWorkspace(t, u);
    const change = await hold(t, [['SELECT pg_advisory_xact_lock(29, $1)', [team]]]);
    const burst = await startBlocked(t, () => Promise.all(Array.from({ length: BUSY_AT }, () => save(t, u, null, team))), BUSY_AT);
    const yielding = new Promise<void>((resolve) => {
      const unwatch = watchLinkJobs(t.jobs, (_queue, step, job) => {
        if (step === 'yielding' && job.link === `${origin}/after-burst`) {
          unwatch();
          resolve();
        }
      });
    });
    const job = t.runDue(LINK_QUEUE);
    // The preview waits while the burst waits for its answers, without fetching…
    await yielding;
    expect(hits['/after-burst']).toBeUndefined();
    // …and fetches once the burst is answered.
    await change.commit();
    for (const res of await burst.result) expect(res.statusCode).toBe(200);
    await job;
    expect(hits['/after-burst']).toBe(1);
    expect((await read(t, u, id)).textCard).toMatchObject({ title: 'Open Graph title', previewStatus: 'ready' });
  });

  it('a save answered during a burst writes no job row: its preview is sent once the burst eases (issue #29)', async () => {
    const u = await buildUser(t);
    const link = `${origin}/during-burst`;
    const jobRows = async () => (await t.db.execute(sql`SELECT state FROM pgboss.job WHERE name = ${LINK_QUEUE} AND data->>'link' = ${link}`)).rows;
    const team = await buildWorkspace(t, u);
    const change = await hold(t, [['SELECT pg_advisory_xact_lock(29, $1)', [team]]]);
    const burst = await startBlocked(t, () => Promise.all(Array.from({ length: BUSY_AT }, () => save(t, u, null, team))), BUSY_AT);
    const res = await save(t, u, link);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = body(res).data;
    expect((await read(t, u, id)).textCard.previewStatus).toBe('pending');
    expect(await jobRows()).toEqual([]);
    // The workers are woken once the job is in (jobs/link-jobs.ts wakeFor, after the insert).
    const notify = t.jobs.notify;
    const woken = new Promise<void>((resolve) => {
      t.jobs.notify = (name) => (name === LINK_QUEUE ? resolve() : notify(name));
    });
    try {
      await change.commit();
      for (const r of await burst.result) expect(r.statusCode).toBe(200);
      // Sent by the process itself once the requests in flight dropped below BUSY_AT.
      await woken;
    } finally {
      t.jobs.notify = notify;
    }
    expect(await jobRows()).toHaveLength(1);
    await t.runDue(LINK_QUEUE);
    expect((await read(t, u, id)).textCard).toMatchObject({ title: 'Open Graph title', previewStatus: 'ready' });
  });

  it('a preview whose job was never sent (its process stopped) is sent by the sweep after 10 minutes (issue #29)', async () => {
    const u = await buildUser(t);
    const lost = body(await save(t, u, `${origin}/lost`)).data.id as number;
    const fresh = body(await save(t, u, `${origin}/lost-fresh`)).data.id as number;
    // As if the process had stopped between the commit and the send: no job, the source pending.
    await t.jobs.flush();
    await t.db.execute(sql`DELETE FROM pgboss.job WHERE name = ${LINK_QUEUE} AND data->>'link' LIKE ${`${origin}/lost%`}`);
    await t.db.execute(sql`UPDATE sauces SET updated_at = now() - interval '11 minutes' WHERE id = ${lost}`);
    const opts = { jobs: t.jobs, retries: 0, retryDelayS: 1, copies: true };
    // The source saved a moment ago is its own job's still.
    expect(await queueWaitingLinks(t.db, opts)).toBe(1);
    await t.runDue(LINK_QUEUE);
    expect((await read(t, u, lost)).textCard).toMatchObject({ title: 'Open Graph title', previewStatus: 'ready' });
    expect((await read(t, u, fresh)).textCard.previewStatus).toBe('pending');
    expect(hits['/lost-fresh']).toBeUndefined();
  });

  it('shows the preview through the live event when the site answers, once for the same link saved 30 times', async () => {
    const owner = await buildUser(t);
    const ws = await buildWorkspace(t, owner);
    const teammate = await buildMember(t, ws, 'EDITOR');
    const stream = await openEventStream(base, teammate, ws);
    const link = `${origin}/same`;
    const saves = await Promise.all(Array.from({ length: 30 }, () => save(t, owner, link, ws)));
    const ids = saves.map((r) => body(r).data.id as number);
    await t.runDue(LINK_QUEUE);
    // The system's update (actorId 0) reaches the teammate's stream within 2 s of the job.
    await stream.next((e) => e.type === 'sauce' && e.action === 'updated' && e.actorId === 0 && e.id === ids[0]);
    stream.close();
    for (const id of ids) {
      const s = await read(t, owner, id, ws);
      expect(s.textCard).toMatchObject({ title: 'Open Graph title', description: 'Open Graph description', image: `${origin}/og.png`, previewStatus: 'ready' });
      expect(s.thumbnail).toBe(`${origin}/og.png`);
      expect(s.title).toBe('My own title'); // never the person's title
    }
    expect(hits['/same']).toBe(1);
  });

  it('takes a preview the editor already read from the cache, ready at once', async () => {
    const u = await buildUser(t);
    await t.app.inject({ url: `/api/metaData/getMeta?url=${encodeURIComponent(`${origin}/typed`)}`, headers: u.headers });
    const res = await save(t, u, `${origin}/typed`);
    expect(body(res).data.textCard).toMatchObject({ title: 'Open Graph title', previewStatus: 'ready' });
    expect(hits['/typed']).toBe(1);
  });

  it.each([
    ['answers byte by byte (slower than the fetch limit)', '/trickle'],
    ['redirects forever', '/loop'],
    ['answers a page larger than 2 MB', '/huge'],
    ['answers 404', '/gone'],
  ])('fails the preview of a site that %s, keeping the link', async (_what, path) => {
    const u = await buildUser(t);
    const { id } = body(await save(t, u, `${origin}${path}`)).data;
    const s = await settled(t, u, id);
    expect(s.textCard).toMatchObject({ link: `${origin}${path}`, title: '', image: '', previewStatus: 'failed' });
  });

  it('a retry on the source reads it again; an edit to another link starts over; a source without a link has nothing to retry', async () => {
    const u = await buildUser(t);
    const { id } = body(await save(t, u, `${origin}/flaky`)).data;
    expect((await settled(t, u, id)).textCard.previewStatus).toBe('failed');
    const retried = await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${u.workspaceId}/${id}/preview`, headers: u.headers });
    expect(retried.statusCode).toBe(200);
    expect(body(retried).data.textCard.previewStatus).toBe('pending');
    expect((await settled(t, u, id)).textCard).toMatchObject({ title: 'Open Graph title', previewStatus: 'ready' });

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/archive/sauce/${u.workspaceId}/${id}`,
      headers: u.headers,
      payload: { textSauce: { link: `${origin}/other` } },
    });
    expect(body(edited).data.textCard).toMatchObject({ link: `${origin}/other`, title: '', previewStatus: 'pending' });
    expect((await settled(t, u, id)).textCard.previewStatus).toBe('ready');

    const note = body(
      await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${u.workspaceId}`, headers: u.headers, payload: { type: 'TEXT', textSauce: { text: 'x' } } }),
    ).data;
    expect(note.textCard.previewStatus).toBeNull();
    const nothing = await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${u.workspaceId}/${note.id}/preview`, headers: u.headers });
    expect(nothing.statusCode).toBe(400);
    const stranger = await buildUser(t);
    const hidden = await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${u.workspaceId}/${id}/preview`, headers: stranger.headers });
    expect(hidden.statusCode).toBe(404);
  });

  it('a spent fetch budget delays the preview instead of dropping it', { timeout: 45_000 }, async () => {
    const u = await buildUser(t);
    for (let i = 0; i < FETCHES_PER_MINUTE; i++) {
      await t.app.inject({ url: `/api/metaData/getMeta?url=${encodeURIComponent(`${origin}/spend/${i}`)}`, headers: u.headers });
    }
    const { id } = body(await save(t, u, `${origin}/later`)).data;
    // The job runs, finds the budget spent, and queues itself again for the person's next
    // minute (issue #29: its place among their coming fetches): still pending, not failed.
    expect(await t.runDue(LINK_QUEUE)).toMatchObject({ completed: 1, failed: 0 });
    const { rows: delayed } = await t.db.execute<{ start_after: Date }>(sql`
      SELECT start_after FROM pgboss.job WHERE name = 'link-read' AND state = 'created' AND data->>'link' = ${`${origin}/later`}
        AND start_after >= date_trunc('minute', created_on) + interval '1 minute'`);
    expect(delayed).toHaveLength(1);
    expect((await read(t, u, id)).textCard.previewStatus).toBe('pending');
    expect(hits['/later']).toBeUndefined();
  });

  it('a source deleted before its preview job runs costs no fetch', async () => {
    const u = await buildUser(t);
    const { id } = body(await save(t, u, `${origin}/hold/deleted`)).data;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${u.workspaceId}/${id}`, headers: u.headers });
    expect(del.statusCode).toBe(200);
    // The job runs after the delete: nothing waits for its link, so it fetches nothing.
    expect(await t.runDue(LINK_QUEUE)).toMatchObject({ completed: 1, failed: 0 });
    expect(hits['/hold/deleted']).toBeUndefined();
    expect(held).toEqual([]);
    const { rows } = await t.db.execute(sql`SELECT 1 FROM sauces WHERE id = ${id}`);
    expect(rows).toHaveLength(0);
  });
});

describe('a link on a private address (issue #23)', () => {
  it('is refused by the guard without a connection; the card keeps the link and says the preview failed', async () => {
    const t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'false' });
    const u = await buildUser(t);
    const before = hits['/private'] ?? 0;
    const res = await save(t, u, `${origin}/private`);
    expect(res.statusCode).toBe(200);
    const s = await settled(t, u, body(res).data.id);
    expect(s.textCard).toMatchObject({ link: `${origin}/private`, title: '', previewStatus: 'failed' });
    expect(hits['/private'] ?? 0).toBe(before);
  });
});

describe('retries and restarts (issue #23)', () => {
  it('retries a site that answered 503, then shows its preview', async () => {
    const t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true', LINK_PREVIEW_RETRIES: '2', LINK_PREVIEW_RETRY_SECONDS: '1', LINK_COPIES: 'false' });
    const u = await buildUser(t);
    hits['/flaky'] = 0;
    const { id } = body(await save(t, u, `${origin}/flaky`)).data;
    // The 503 sends the job again for a second later; the source waits for it.
    expect(await t.runUntilIdle([LINK_QUEUE])).toMatchObject({ completed: 1, failed: 0 });
    expect(hits['/flaky']).toBe(1);
    expect((await read(t, u, id)).textCard.previewStatus).toBe('pending');
    expect((await settled(t, u, id, { withinS: 2 })).textCard).toMatchObject({ title: 'Open Graph title', previewStatus: 'ready' });
    expect(hits['/flaky']).toBe(2);
  });

  it('a preview under way when its server stops is finished by the next one', async () => {
    const env = { METADATA_ALLOW_PRIVATE: 'true', LINK_PREVIEW_RETRIES: '3', LINK_PREVIEW_RETRY_SECONDS: '1', LINK_COPIES: 'false' };
    const t = await buildTestApp(env);
    const u = await buildUser(t);
    // A second server process on the same database, as after a restart.
    const pool = new pg.Pool({ connectionString: t.url, max: 4 });
    const { id } = body(await save(t, u, `${origin}/restart`)).data;
    // The first server's job is fetching (the site holds it) when that server stops.
    const running = t.runDue(LINK_QUEUE);
    await until('the site holding the fetch', () => held.length > 0);
    await t.app.close();
    restartUp = true;
    const nextJobs = await startJobQueue(pool, { poll: false });
    const next = await buildApp({ config: t.config, db: createDb(pool), secret: t.secret, logger: false, jobs: nextJobs });
    try {
      await next.ready();
      // The stopped server failed its job; the next one runs it again after the retry's delay.
      expect((await nextJobs.runUntilIdle([LINK_QUEUE], { withinS: 5 })).completed).toBeGreaterThanOrEqual(1);
      const s = body(await next.inject({ url: `/api/archive/sauce/${u.workspaceId}/${id}`, headers: u.headers })).data;
      expect(s.textCard).toMatchObject({ title: 'Open Graph title', previewStatus: 'ready' });
    } finally {
      for (const res of held.splice(0)) res.destroy();
      await running;
      await next.close();
      await pool.end();
    }
  });
});
