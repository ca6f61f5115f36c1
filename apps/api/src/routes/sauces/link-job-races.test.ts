import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchLinkJobs } from '../../jobs/link-jobs.ts';
import { LINK_QUEUE } from '../../jobs/link-read.ts';
import type { RunReport } from '../../jobs/queue.ts';
import { checkLinks, RECHECK_DAYS } from '../../services/link-health.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { until } from '../../test/until.ts';
import { hold, lockWaiters, startBlocked } from '../../test/held.ts';

/**
 * Issues #21 and #23 beside issue #18: the background jobs that write to sources — the link
 * preview, the link's kept copy and the broken-link check — racing the writes that touch the
 * same rows (an edit that changes the link or keeps it, a delete of the source or of its
 * space, twenty saves of one link) and role changes. The linked site holds its answer until
 * the test releases it (`/gate/…`), and held transactions (test/held.ts) make the job and
 * the write meet at the space's lock in a chosen order. Pages are served on loopback.
 */

let t: TestApp;
let site: http.Server;
let origin = '';
const hits: Record<string, number> = {};
/** Answers held by /gate/<name>, by name. */
const gates = new Map<string, http.ServerResponse[]>();
const sockets = new Set<Socket>();
/** Gated names that answer at once for now. */
const opened = new Set<string>();

/** A page whose title and readable text name it. */
const page = (name: string) => `<!doctype html><html><head><title>Page ${name}</title></head><body><article><h1>Page ${name}</h1>${Array.from(
  { length: 5 },
  (_, i) => `<p>Paragraph ${i} of ${name}: the words of this page are long enough for a reader view to keep them as the page's readable text.</p>`,
).join('')}</article></body></html>`;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = req.url!.split('?')[0]!;
    hits[path] = (hits[path] ?? 0) + 1;
    if (path.startsWith('/gate/')) {
      const name = path.slice('/gate/'.length);
      if (opened.has(name)) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(name));
      gates.set(name, [...(gates.get(name) ?? []), res]);
      return;
    }
    if (path.startsWith('/gone/')) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Gone</title>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(path.split('/').pop()!));
  });
  site.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true', LINK_PREVIEW_RETRIES: '0' });
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => site.close(r));
});

/** Runs of the link jobs under way (started by {@link startJobs}). */
const runs: Promise<RunReport[]>[] = [];
/** Starts the preview and copy jobs due now, as the app's workers would take them after a save, without waiting for them. */
function startJobs() {
  const run = t.runDue(LINK_QUEUE).then((r) => [r]);
  runs.push(run);
  return run;
}
/** Waits for the runs under way, then runs the link jobs due (and those put back for a second) until none is. */
async function drained() {
  await Promise.all(runs.splice(0));
  await t.runUntilIdle([LINK_QUEUE], { withinS: 2 });
}
/** Waits until `n` requests for /gate/<name> are held (the jobs are fetching). */
const fetching = (name: string, n = 1) => until(`${n} fetches of ${name}`, () => (gates.get(name)?.length ?? 0) >= n);
/** Answers the held requests for /gate/<name> with its page (or `status`). */
function release(name: string, status = 200) {
  for (const res of gates.get(name)?.splice(0) ?? []) {
    if (status === 200) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(name));
    else res.writeHead(status, { 'content-type': 'text/html' }).end('<title>Gone</title>');
  }
}

const call = (u: TestUser, opts: InjectOptions) => t.app.inject({ ...opts, headers: { ...u.headers, ...opts.headers } });
async function save(u: TestUser, ws: number, link: string, title = 'My own title') {
  const res = await call(u, { method: 'POST', url: `/api/archive/sauce/${ws}`, payload: { type: 'TEXT', title, textSauce: { text: '', link } } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.id as number;
}
const editReq = (ws: number, id: number, payload: object): InjectOptions => ({ method: 'PATCH', url: `/api/archive/sauce/${ws}/${id}`, payload });
const read = async (u: TestUser, ws: number, id: number) => body(await call(u, { url: `/api/archive/sauce/${ws}/${id}` })).data;
const copyText = async (u: TestUser, ws: number, id: number) => body(await call(u, { url: `/api/archive/sauce/${ws}/${id}/copy` })).data.text as string | null;

/** Runs the link jobs until none is left ({@link drained}); says how each of `links` ended (none failed, none left). */
async function jobsEnded(...links: string[]) {
  await drained();
  const { rows } = await t.db.execute<{ state: string }>(sql`
    SELECT state FROM pgboss.job WHERE name = 'link-read' AND data->>'link' = ANY(${sql.raw(`ARRAY[${links.map((l) => `'${l}'`).join(',')}]`)})`);
  const states = rows.map((r) => r.state);
  if (!states.every((s) => s === 'completed' || s === 'failed')) throw new Error(`the jobs of ${links.join(', ')} did not end: ${states.join(', ')}`);
  return states;
}
/** Runs the link jobs until none is left ({@link drained}); the source, whose preview and copy must no longer be pending. */
async function settled(u: TestUser, ws: number, id: number) {
  await drained();
  const s = await read(u, ws, id);
  if (s.textCard.previewStatus === 'pending' || s.textCard.copyStatus === 'pending') throw new Error(`source ${id} not settled: ${JSON.stringify(s.textCard)}`);
  return s;
}
const lockSpace = (ws: number): [string, unknown[]?] => ['SELECT id FROM workspaces WHERE id = $1 FOR NO KEY UPDATE', [ws]];
/** Rows the source left behind: itself, its saved copies. */
async function leftovers(ws: number) {
  const { rows } = await t.db.execute<{ sauces: number; captures: number }>(sql`
    SELECT (SELECT count(*) FROM sauces WHERE workspace_id = ${ws})::int AS sauces,
           (SELECT count(*) FROM sauce_captures WHERE workspace_id = ${ws})::int AS captures`);
  return rows[0]!;
}

let n = 0;
/** A fresh name for a gated link. */
const fresh = (what: string) => `${what}-${++n}`;

describe('the link’s job (its preview and copy) beside an edit that changes the link', () => {
  for (const first of ['the jobs', 'the edit'] as const) {
    it(`never write the old link's preview or copy onto the new link (${first} first at the space's lock)`, async () => {
      const u = await buildUser(t);
      const ws = u.workspaceId;
      const old = fresh('old');
      const id = await save(u, ws, `${origin}/gate/${old}`, 'Typed by me');
      void startJobs();
      await fetching(old);
      const edit = editReq(ws, id, { textSauce: { link: `${origin}/page/${fresh('new')}` } });
      const newLink = edit.payload as { textSauce: { link: string } };
      const held = await hold(t, [lockSpace(ws)]);
      try {
        let blocked: { result: Promise<unknown> };
        if (first === 'the jobs') {
          release(old);
          await until("the job at the lock", async () => (await lockWaiters(t)) >= 1);
          blocked = await startBlocked(t, () => call(u, edit), 2);
        } else {
          blocked = await startBlocked(t, () => call(u, edit));
          release(old);
          await until("the job at the lock", async () => (await lockWaiters(t)) >= 2);
        }
        await held.commit();
        const res = (await blocked.result) as Awaited<ReturnType<typeof call>>;
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await held.rollback().catch(() => undefined);
      }
      const s = await settled(u, ws, id);
      const name = newLink.textSauce.link.split('/').pop();
      expect(s.title).toBe('Typed by me');
      expect(s.textCard).toMatchObject({ link: newLink.textSauce.link, title: `Page ${name}`, previewStatus: 'ready', copyStatus: 'ready' });
      expect(await copyText(u, ws, id)).toContain(`of ${name}:`);
      expect(await copyText(u, ws, id)).not.toContain(`of ${old}:`);
      expect(await jobsEnded(`${origin}/gate/${old}`, newLink.textSauce.link)).not.toContain('failed');
    });
  }

  it('an edit that keeps the link (and changes the title) lets the job land; the typed title stays', async () => {
    const u = await buildUser(t);
    const ws = u.workspaceId;
    const name = fresh('kept');
    const link = `${origin}/gate/${name}`;
    const id = await save(u, ws, link, 'First title');
    void startJobs();
    await fetching(name);
    const held = await hold(t, [lockSpace(ws)]);
    try {
      release(name);
      await until("the job at the lock", async () => (await lockWaiters(t)) >= 1);
      const { result } = await startBlocked(t, () => call(u, editReq(ws, id, { title: 'Second title', textSauce: { text: 'note', link } })), 2);
      await held.commit();
      expect((await result).statusCode).toBe(200);
    } finally {
      await held.rollback().catch(() => undefined);
    }
    const s = await settled(u, ws, id);
    expect(s.title).toBe('Second title');
    expect(s.textCard).toMatchObject({ link, title: `Page ${name}`, previewStatus: 'ready', copyStatus: 'ready' });
    expect(hits[`/gate/${name}`]).toBe(1); // one fetch for the preview and the copy (issue #29); the edit queued none
  });
});

describe('the link’s job (its preview and copy) beside deletes', () => {
  it('a source deleted while its link’s job waits at the lock: no error, nothing left', async () => {
    const u = await buildUser(t);
    const ws = u.workspaceId;
    const name = fresh('del');
    const id = await save(u, ws, `${origin}/gate/${name}`);
    void startJobs();
    await fetching(name);
    const held = await hold(t, [lockSpace(ws)]);
    try {
      release(name);
      await until("the job at the lock", async () => (await lockWaiters(t)) >= 1);
      const { result } = await startBlocked(t, () => call(u, { method: 'DELETE', url: `/api/archive/sauce/${ws}/${id}` }), 2);
      await held.commit();
      expect((await result).statusCode).toBe(200);
    } finally {
      await held.rollback().catch(() => undefined);
    }
    expect(await jobsEnded(`${origin}/gate/${name}`)).toEqual(['completed']);
    expect(await leftovers(ws)).toEqual({ sauces: 0, captures: 0 });
  });

  it('a space deleted while its link’s job fetches and while it waits at the lock: no error, nothing left', async () => {
    for (const when of ['fetching', 'at the lock'] as const) {
      const owner = await buildUser(t);
      const ws = await buildWorkspace(t, owner);
      const name = fresh('space');
      await save(owner, ws, `${origin}/gate/${name}`);
      await save(owner, ws, `${origin}/gate/${name}`);
      void startJobs();
      await fetching(name);
      const del: InjectOptions = { method: 'DELETE', url: `/api/workspace/${ws}` };
      if (when === 'fetching') {
        expect((await call(owner, del)).statusCode).toBe(200);
        release(name);
      } else {
        const held = await hold(t, [lockSpace(ws)]);
        try {
          release(name);
          await until("the job at the lock", async () => (await lockWaiters(t)) >= 1);
          const { result } = await startBlocked(t, () => call(owner, del), 2);
          await held.commit();
          expect((await result).statusCode).toBe(200);
        } finally {
          await held.rollback().catch(() => undefined);
        }
      }
      expect(await jobsEnded(`${origin}/gate/${name}`), when).not.toContain('failed');
      expect(await leftovers(ws)).toEqual({ sauces: 0, captures: 0 });
    }
  });
});

describe('twenty sources of one link saved at once', () => {
  it('are all updated from one fetch, for the preview and the copy', async () => {
    const owner = await buildUser(t);
    const ws = await buildWorkspace(t, owner);
    const teammate = await buildMember(t, ws, 'EDITOR');
    const name = fresh('twenty');
    const link = `${origin}/gate/${name}`;
    // All saved before the site answers (a source saved after the copy landed is fetched for anew).
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => save(i % 2 ? teammate : owner, ws, link, `Mine ${i}`)));
    void startJobs();
    await fetching(name);
    // One job of the link, fetching: no later save's job waits to fetch again.
    expect((await t.db.execute(sql`SELECT name, state FROM pgboss.job WHERE data->>'link' = ${link} ORDER BY name`)).rows).toEqual([
      { name: 'link-read', state: 'active' },
    ]);
    release(name);
    await jobsEnded(link);
    release(name); // any late fetch is answered, and counted
    for (const [i, id] of ids.entries()) {
      const s = await read(owner, ws, id);
      expect(s.title).toBe(`Mine ${i}`);
      expect(s.textCard).toMatchObject({ title: `Page ${name}`, previewStatus: 'ready', copyStatus: 'ready' });
    }
    expect(hits[`/gate/${name}`]).toBe(1);
  });

  it('saved while the first save’s link job is fetching: all updated, one fetch', async () => {
    const u = await buildUser(t);
    const name = fresh('twenty-late');
    const link = `${origin}/gate/${name}`;
    const first = await save(u, u.workspaceId, link);
    void startJobs();
    await fetching(name);
    const ids = await Promise.all(Array.from({ length: 19 }, () => save(u, u.workspaceId, link)));
    // The later saves' jobs (one waiting per queue) start beside the fetching ones, as free workers would take them.
    await t.jobs.flush(); // (sent once the saves answered)
    expect((await t.db.execute(sql`SELECT name FROM pgboss.job WHERE data->>'link' = ${link} AND state = 'created' ORDER BY name`)).rows).toEqual([
      { name: 'link-read' },
    ]);
    // It starts, and reaches the read under way before it answers: it waits for it.
    const steps: string[] = [];
    const unwatch = watchLinkJobs(t.jobs, (queue, step, job) => void (job.link === link && steps.push(`${queue} ${step}`)));
    try {
      void startJobs();
      await until('the later job at the read under way', () => steps.includes(`${LINK_QUEUE} waiting`));
    } finally {
      unwatch();
    }
    release(name);
    for (const id of [first, ...ids]) expect((await settled(u, u.workspaceId, id)).textCard).toMatchObject({ previewStatus: 'ready', copyStatus: 'ready' });
    await jobsEnded(link);
    release(name); // any late fetch is answered, and counted
    expect(hits[`/gate/${name}`]).toBe(1);
  });
});

describe('a member demoted or removed while their save’s link job runs', () => {
  for (const change of ['demoted', 'removed'] as const) {
    it(`${change}: the link job completes for the space's source; the member may not retry the preview`, async () => {
      const owner = await buildUser(t);
      const ws = await buildWorkspace(t, owner);
      const member = await buildMember(t, ws, 'EDITOR');
      const name = fresh(change);
      const id = await save(member, ws, `${origin}/gate/${name}`, 'Member’s title');
      void startJobs();
      await fetching(name);
      // The role change, as the app makes it, is held; the jobs meet its lock.
      const held = await hold(t, [
        lockSpace(ws),
        change === 'demoted'
          ? ['UPDATE workspace_members SET permission = $3 WHERE workspace_id = $1 AND user_id = $2', [ws, member.userId, 'READER']]
          : ['DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [ws, member.userId]],
      ]);
      try {
        release(name);
        await until("the job at the lock", async () => (await lockWaiters(t)) >= 1);
        // The member's retry, under way as they are changed, waits too and is refused.
        const { result } = await startBlocked(t, () => call(member, { method: 'POST', url: `/api/archive/sauce/${ws}/${id}/preview` }), 2);
        await held.commit();
        const res = await result;
        expect(res.statusCode, res.body).toBe(change === 'demoted' ? 403 : 404);
      } finally {
        await held.rollback().catch(() => undefined);
      }
      const s = await settled(owner, ws, id);
      expect(s.title).toBe('Member’s title');
      expect(s.textCard).toMatchObject({ title: `Page ${name}`, previewStatus: 'ready', copyStatus: 'ready' });
      expect(await jobsEnded(`${origin}/gate/${name}`)).toEqual(['completed']);
      // Afterwards, too.
      const again = await call(member, { method: 'POST', url: `/api/archive/sauce/${ws}/${id}/preview` });
      expect(again.statusCode).toBe(change === 'demoted' ? 403 : 404);
      expect((await read(owner, ws, id)).textCard.previewStatus).toBe('ready');
    });
  }

  it('a member removed before their save’s link job runs: it still completes', async () => {
    const owner = await buildUser(t);
    const ws = await buildWorkspace(t, owner);
    const member = await buildMember(t, ws, 'EDITOR');
    const name = fresh('queued');
    // The jobs cannot start while the save's transaction is open; the member is removed as it commits.
    const id = await save(member, ws, `${origin}/gate/${name}`);
    expect((await call(owner, { method: 'DELETE', url: `/api/workspace/${ws}/user/${member.userId}` })).statusCode).toBe(200);
    void startJobs();
    await fetching(name);
    release(name);
    expect((await settled(owner, ws, id)).textCard).toMatchObject({ title: `Page ${name}`, previewStatus: 'ready', copyStatus: 'ready' });
    expect((await call(member, { method: 'POST', url: `/api/archive/sauce/${ws}/${id}/preview` })).statusCode).toBe(404);
  });
});

describe('the broken-link check beside edits and deletes', () => {
  /** A source of `link` whose jobs are done and which has failed twice: the next 'gone' marks it broken. */
  async function nearlyBroken(u: TestUser, ws: number, link: string) {
    const id = await save(u, ws, link);
    await jobsEnded(link);
    await t.db.execute(sql`UPDATE sauces SET link_failures = 2, link_checked_at = NULL WHERE id = ${id}`);
    return id;
  }
  const health = async (id: number) =>
    (await t.db.execute<{ link: string; link_broken: boolean; link_failures: number }>(sql`SELECT link, link_broken, link_failures FROM sauces WHERE id = ${id}`)).rows[0];
  /** Marks every other link checked, so that the check reads only `links`. */
  const onlyDue = (...links: string[]) =>
    t.db.execute(sql`UPDATE sauces SET link_checked_at = now() + interval '365 days'
      WHERE NOT (link = ANY(${sql.raw(`ARRAY[${links.map((l) => `'${l}'`).join(',')}]`)}))`);
  const check = () => checkLinks(t.db, { allowPrivate: true, timeoutMs: 5_000 }, new Date(Date.now() + 2 * RECHECK_DAYS * 86_400_000));

  for (const first of ['the check', 'the edit'] as const) {
    it(`never marks a source whose link changed meanwhile (${first} first at the space's lock)`, async () => {
      const u = await buildUser(t);
      const other = await buildUser(t);
      const name = fresh('health');
      const link = `${origin}/gate/${name}`;
      // The jobs read the page before the check does.
      opened.add(name);
      const id = await nearlyBroken(u, u.workspaceId, link);
      const control = await nearlyBroken(other, other.workspaceId, link);
      opened.delete(name);
      const newLink = `${origin}/page/${fresh('healthy')}`;
      await onlyDue(link);
      const running = check();
      await fetching(name, 1);
      const held = await hold(t, [lockSpace(u.workspaceId)]);
      try {
        let edit: { result: Promise<Awaited<ReturnType<typeof call>>> };
        if (first === 'the check') {
          release(name, 404);
          await until('the check at the lock', async () => (await lockWaiters(t)) >= 1);
          edit = await startBlocked(t, () => call(u, editReq(u.workspaceId, id, { textSauce: { link: newLink } })), 2);
        } else {
          edit = await startBlocked(t, () => call(u, editReq(u.workspaceId, id, { textSauce: { link: newLink } })));
          release(name, 404);
          await until('the check at the lock', async () => (await lockWaiters(t)) >= 2);
        }
        await held.commit();
        expect((await edit.result).statusCode).toBe(200);
      } finally {
        await held.rollback().catch(() => undefined);
      }
      await running;
      expect(await health(id)).toEqual({ link: newLink, link_broken: false, link_failures: 0 });
      expect(await health(control)).toEqual({ link, link_broken: true, link_failures: 3 });
    });
  }

  it('an edit that keeps the link while the check waits at the lock: the check lands', async () => {
    const u = await buildUser(t);
    const link = `${origin}/gone/${fresh('kept')}`;
    const id = await nearlyBroken(u, u.workspaceId, link);
    await onlyDue(link);
    const held = await hold(t, [lockSpace(u.workspaceId)]);
    try {
      const { result: running } = await startBlocked(t, check);
      const edit = await startBlocked(t, () => call(u, editReq(u.workspaceId, id, { title: 'Renamed', textSauce: { text: 'still', link } })), 2);
      await held.commit();
      expect((await edit.result).statusCode).toBe(200);
      await running;
    } finally {
      await held.rollback().catch(() => undefined);
    }
    expect(await health(id)).toEqual({ link, link_broken: true, link_failures: 3 });
    expect((await read(u, u.workspaceId, id)).title).toBe('Renamed');
  });

  it('a source and a space deleted while the check waits at the lock: the check ends without error, nothing left', async () => {
    const u = await buildUser(t);
    const owner = await buildUser(t);
    const ws = await buildWorkspace(t, owner);
    const link = `${origin}/gone/${fresh('both')}`;
    const id = await nearlyBroken(u, u.workspaceId, link);
    await nearlyBroken(owner, ws, link);
    await onlyDue(link);
    const held = await hold(t, [lockSpace(u.workspaceId)]);
    const held2 = await hold(t, [lockSpace(ws)]);
    try {
      const { result: running } = await startBlocked(t, check);
      const del = await startBlocked(t, () => call(u, { method: 'DELETE', url: `/api/archive/sauce/${u.workspaceId}/${id}` }), 2);
      const delSpace = await startBlocked(t, () => call(owner, { method: 'DELETE', url: `/api/workspace/${ws}` }), 3);
      await held2.commit();
      await held.commit();
      expect((await del.result).statusCode).toBe(200);
      expect((await delSpace.result).statusCode).toBe(200);
      await expect(running).resolves.toMatchObject({ checked: expect.any(Number) });
    } finally {
      await held.rollback().catch(() => undefined);
      await held2.rollback().catch(() => undefined);
    }
    expect(await leftovers(u.workspaceId)).toEqual({ sauces: 0, captures: 0 });
    expect(await leftovers(ws)).toEqual({ sauces: 0, captures: 0 });
  });
});
