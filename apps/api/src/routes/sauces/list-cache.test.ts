import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb } from '../../db/client.ts';
import { createListVersionReader } from '../../services/sauces.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';

// Issue #9 item 12: a list that did not change costs one indexed read (304) or a cache
// hit; one that changed is never served stale, on any process.

let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
let otherPool: pg.Pool;
let owner: TestUser;
let team: number;

beforeAll(async () => {
  t = await buildTestApp();
  // A second API process on the same database, with its own in-memory list cache.
  otherPool = new pg.Pool({ connectionString: t.url, max: 4 });
  other = await buildApp({ config: t.config, db: createDb(otherPool), secret: t.secret, logger: false });
  owner = await buildUser(t, 'owner');
  team = await buildWorkspace(t, owner, 'Cached');
});
afterAll(async () => {
  await other?.close();
  await otherPool?.end();
});

type App = TestApp['app'] | typeof other;
const send = (u: TestUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, app: App = t.app) =>
  app.inject({ method, url: `/api${url}`, headers: u.headers, ...(payload ? { payload } : {}) });

/** GET the space's list as `u` (through `app`), optionally with If-None-Match. */
async function list(u: TestUser, opts: { etag?: string; query?: string; app?: App; ws?: number } = {}) {
  const res = await (opts.app ?? t.app).inject({
    method: 'GET',
    url: `/api/archive/sauce/${opts.ws ?? team}/list${opts.query ? `?${opts.query}` : ''}`,
    headers: { ...u.headers, ...(opts.etag ? { 'if-none-match': opts.etag } : {}) },
  });
  return { status: res.statusCode, etag: res.headers.etag as string | undefined, res };
}
const titles = (r: Awaited<ReturnType<typeof list>>) => body(r.res).data.results.map((s: { title: string }) => s.title);
/** The space's version: the sum of its counter slots (issue #29), as the list reads it. */
const VERSION = 'SELECT sum(version) AS version FROM workspace_counters WHERE workspace_id = $1';
const version = async (ws = team) => Number((await t.db.$client.query(VERSION, [ws])).rows[0].version);

const create = async (title: string, extra: object = {}) =>
  body(await send(owner, 'POST', `/archive/sauce/${team}`, { type: 'TEXT', title, textSauce: { text: 'x' }, ...extra })).data;

describe('source list: versions, ETag and cache', () => {
  it('answers 304 with no body to a matching If-None-Match, 200 otherwise, and never caches in shared proxies', async () => {
    await create('First');
    const a = await list(owner);
    expect(a.status).toBe(200);
    expect(a.etag).toMatch(/^W\/"\d+\./);
    expect(a.res.headers['cache-control']).toBe('private, no-cache');
    expect(a.res.headers['content-type']).toMatch(/^application\/json/);
    expect(titles(a)).toContain('First');

    const b = await list(owner, { etag: a.etag });
    expect(b.status).toBe(304);
    expect(b.res.body).toBe('');
    expect(b.etag).toBe(a.etag);
    // A list of ETags, one of them current; the strong form of a weak tag; `*`.
    expect((await list(owner, { etag: `W/"x", ${a.etag}` })).status).toBe(304);
    expect((await list(owner, { etag: '*' })).status).toBe(304);
    expect((await list(owner, { etag: 'W/"0.0.OWNER.x"' })).status).toBe(200);
    // The same bytes from the cache as from the database.
    expect((await list(owner)).res.body).toBe(a.res.body);
  });

  it('sees every kind of write at once, through either process, with a new ETag', async () => {
    const reader = await buildMember(t, team, 'READER');
    const folder = body(await send(owner, 'POST', `/archive/folder/${team}`, { name: 'Refs' })).data;
    const s = await create('Before', { tagSet: ['alpha'], folderSet: [folder.id] });
    // Warm both processes' caches.
    let seen = { here: await list(reader), there: await list(reader, { app: other }) };

    /** After `write`, each process answers 200 with a new ETag and `check` holds for the page. */
    const after = async (what: string, write: () => Promise<{ statusCode: number }>, check: (page: any) => void) => {
      const res = await write();
      expect(res.statusCode, what).toBeLessThan(300);
      const here = await list(reader, { etag: seen.here.etag });
      const there = await list(reader, { etag: seen.there.etag, app: other });
      for (const r of [here, there]) {
        expect(r.status, what).toBe(200);
        check(body(r.res).data);
      }
      expect(here.etag, what).not.toBe(seen.here.etag);
      expect(here.etag, what).toBe(there.etag);
      seen = { here, there };
    };
    const mine = (page: any) => page.results.find((r: { id: number }) => r.id === s.id);

    await after('title', () => send(owner, 'PATCH', `/archive/sauce/${team}/${s.id}`, { title: 'After' }), (p) => expect(mine(p).title).toBe('After'));
    await after('tags', () => send(owner, 'PATCH', `/archive/sauce/${team}/${s.id}`, { tagSet: ['beta'] }, other), (p) =>
      expect(mine(p).tagSet).toEqual([{ name: 'beta' }]),
    );
    await after('tag renamed', () => send(owner, 'PATCH', '/archive/tag/beta', { name: 'gamma' }), (p) =>
      expect(mine(p).tagSet).toEqual([{ name: 'gamma' }]),
    );
    await after('folder renamed', () => send(owner, 'PATCH', `/archive/folder/${team}/${folder.id}`, { name: 'Moodboard' }), (p) =>
      expect(mine(p).folderSet).toEqual([{ id: folder.id, name: 'Moodboard' }]),
    );
    await after('shared', () => send(owner, 'POST', `/archive/sauce/${team}/${s.id}/share`, { isShareEnabled: true }), (p) =>
      expect(mine(p).isShareEnabled).toBe(true),
    );
    await after('author renamed', () => send(owner, 'PATCH', '/auth/profile', { nickname: 'renamed' }), (p) =>
      expect(mine(p).userNickname).toBe('renamed'),
    );
    await after('role changed', () => send(owner, 'PATCH', `/workspace/${team}/user/${reader.userId}`, { permission: 'EDITOR' }), (p) =>
      expect(mine(p).isEditable).toBe(true),
    );
    await after('folder deleted', () => send(owner, 'DELETE', `/archive/folder/${team}/${folder.id}`), (p) => expect(mine(p).folderSet).toEqual([]));
    await after('deleted', () => send(owner, 'DELETE', `/archive/sauce/${team}/${s.id}`, undefined, other), (p) => expect(mine(p)).toBeUndefined());
  });

  it('gives each query its own page and ETag check, and each role its own ETag', async () => {
    const editor = await buildMember(t, team, 'EDITOR');
    const reader = await buildMember(t, team, 'READER');
    await create('Findable needle');
    const all = await list(editor);
    const found = await list(editor, { query: 'search=needle' });
    expect(titles(found)).toEqual(['Findable needle']);
    expect(titles(all).length).toBeGreaterThan(1);
    // A cached page is never handed to another query.
    expect(titles(await list(editor, { query: 'search=needle' }))).toEqual(['Findable needle']);
    const asReader = await list(reader);
    expect(asReader.etag).not.toBe(all.etag);
    expect(body(asReader.res).data.results.every((r: { isEditable: boolean }) => !r.isEditable)).toBe(true);
    expect(body(all.res).data.results.every((r: { isEditable: boolean }) => r.isEditable)).toBe(true);
  });

  it('refuses a stranger (404), even one replaying a member’s ETag, and a removed member at once', async () => {
    const member = await buildMember(t, team, 'EDITOR');
    const { etag } = await list(member);
    const stranger = await buildUser(t);
    for (const e of [undefined, etag]) {
      const r = await list(stranger, { etag: e });
      expect(r.status).toBe(404);
      expect(r.etag).toBeUndefined();
    }
    expect((await send(owner, 'DELETE', `/workspace/${team}/user/${member.userId}`)).statusCode).toBe(200);
    expect((await list(member, { etag })).status).toBe(404);
    expect((await list(member, { etag, app: other })).status).toBe(404);
  });

  it('answers requests arriving together each for its own space and role', async () => {
    const reader = await buildMember(t, team, 'READER');
    const stranger = await buildUser(t);
    const elsewhere = await buildWorkspace(t, owner, 'Batched elsewhere');
    const alone = { owner: await list(owner), reader: await list(reader), elsewhere: await list(owner, { ws: elsewhere }) };
    const [a, b, c, d, e] = await Promise.all([
      list(owner),
      list(reader),
      list(stranger),
      list(owner, { ws: elsewhere }),
      list(owner, { etag: alone.owner.etag }),
    ]);
    expect([a.status, b.status, c.status, d.status, e.status]).toEqual([200, 200, 404, 200, 304]);
    expect([a.etag, b.etag, c.etag, d.etag, e.etag]).toEqual([alone.owner.etag, alone.reader.etag, undefined, alone.elsewhere.etag, alone.owner.etag]);
    expect(titles(d)).toEqual(titles(alone.elsewhere));
    expect(titles(a)).toEqual(titles(alone.owner));
  });

  it('reads the versions asked for in one turn of the event loop with one statement, each answer its own', async () => {
    const reader = await buildMember(t, team, 'READER');
    const stranger = await buildUser(t);
    const elsewhere = await buildWorkspace(t, owner, 'Read together');
    const read = createListVersionReader(t.db);
    const pool = t.db.$client;
    const query = pool.query.bind(pool);
    const statements: unknown[][] = [];
    pool.query = ((...args: Parameters<typeof query>) => {
      const config = args[0] as { name?: string; values?: unknown[] };
      if (config?.name === 'sauce-list-versions') statements.push(config.values!);
      return query(...args);
    }) as typeof pool.query;
    try {
      const answers = await Promise.allSettled([
        read(team, owner.userId),
        read(team, reader.userId),
        read(team, stranger.userId),
        read(elsewhere, owner.userId),
        read(team, owner.userId),
      ]);
      // One statement, each pair once.
      expect(statements).toEqual([[[team, team, team, elsewhere], [owner.userId, reader.userId, stranger.userId, owner.userId]]]);
      const [o, r, s, e, again] = answers;
      expect(o).toEqual({ status: 'fulfilled', value: { version: await version(), permission: 'OWNER' } });
      expect(r).toEqual({ status: 'fulfilled', value: { version: await version(), permission: 'READER' } });
      expect(s.status).toBe('rejected');
      expect((s as PromiseRejectedResult).reason).toMatchObject({ status: 404 });
      expect(e).toEqual({ status: 'fulfilled', value: { version: await version(elsewhere), permission: 'OWNER' } });
      expect(again).toEqual(o);
      // A read asked for after a batch left is not served by it: it waits for the next one.
      await create('After the batch');
      expect((await read(team, owner.userId)).version).toBe(await version());
      expect(statements).toHaveLength(2);
    } finally {
      pool.query = query as typeof pool.query;
    }
  });

  it('reads favourite-tag lists every time (they follow the person’s tags, not the space): no ETag', async () => {
    await create('Starred', { tagSet: ['star'] });
    const before = await list(owner, { query: 'favorite=true' });
    expect(before.status).toBe(200);
    expect(before.etag).toBeUndefined();
    expect(titles(before)).not.toContain('Starred');
    expect((await send(owner, 'POST', '/archive/tag/favorite', { name: 'star' })).statusCode).toBe(200);
    expect(titles(await list(owner, { query: 'favorite=true' }))).toContain('Starred');
  });

  it('bumps the version once per statement, in the writing transaction, and not for other spaces', async () => {
    const elsewhere = await buildWorkspace(t, owner, 'Elsewhere');
    const [v0, w0] = [await version(), await version(elsewhere)];
    const s = await create('Versioned', { tagSet: ['a', 'b', 'c'] });
    const v1 = await version();
    expect(v1).toBeGreaterThan(v0);
    expect(await version(elsewhere)).toBe(w0);
    // Three tags in one statement: one bump for the statement (the delete had no rows: one more).
    const client = await t.db.$client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`DELETE FROM sauce_tags WHERE sauce_id = $1`, [s.id]);
      const mid = Number((await client.query(VERSION, [team])).rows[0].version);
      expect(mid).toBe(v1 + 1);
      // Not visible to others before the commit; gone with a rollback.
      expect(await version()).toBe(v1);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await version()).toBe(v1);
    // Uploads waiting to be attached change no list.
    await t.db.$client.query(
      `INSERT INTO sauce_images (workspace_id, uploader_id, storage_key, original_name, width, height, byte_size, color)
       VALUES ($1, $2, 'images/0123456789abcdef0123456789abcdef', 'original.jpg', 1, 1, 1, '#000000')`,
      [team, owner.userId],
    );
    expect(await version()).toBe(v1);
  });
});
