import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArticle, eventually, fixture, page, serve } from '../../test/articles.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { EVENTS_CHANNEL } from '../../services/events.ts';

// Article pages are served on 127.0.0.1 (METADATA_ALLOW_PRIVATE: this machine reaches nothing else).
let t: TestApp;
let site: Awaited<ReturnType<typeof serve>>;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  t = await buildTestApp({
    METADATA_ALLOW_PRIVATE: 'true',
    ADMIN_EMAILS: 'curator@example.com',
    SUMMARY_FETCH_TIMEOUT_MS: '1500',
    SUMMARY_RETRIES: '0',
  });
  site = await serve({
    '/toss': page(fixture('ko-toss-design-system.html')),
    '/boring': page(fixture('en-boring-technology.html')),
    '/boring-2': page(fixture('en-boring-technology.html')),
    '/boring-3': page(fixture('en-boring-technology.html')),
    '/login-wall': page(fixture('no-article.html')),
    '/pdf': page(Buffer.from('%PDF-1.4'), 'application/pdf'),
    // Never answers: the summary job gives up after SUMMARY_FETCH_TIMEOUT_MS.
    '/hangs': () => void 0,
    '/meta': page(`<!doctype html><html lang="en"><head><title>Doc title</title>
      <meta property="og:title" content="Grids in practice"><meta property="og:description" content="How grids work.">
      <meta property="og:image" content="/cover.png"><meta property="og:site_name" content="Grid Weekly">
      <meta property="article:published_time" content="2024-05-01T09:00:00Z"><link rel="icon" href="/icon.png">
      </head><body><p>Text</p></body></html>`),
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev/signin', payload: { email: 'curator@example.com' } });
  const token = body(res).data.accessToken as string;
  admin = { ...(await buildUser(t)), headers: { authorization: `Bearer ${token}` } };
  alice = await buildUser(t, 'alice');
});
afterAll(() => site.close());

const get = (url: string, u?: TestUser) => t.app.inject({ url: `/api${url}`, headers: u?.headers ?? {} });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, u: TestUser | undefined, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: u?.headers ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const fork = (id: number, u: TestUser | undefined, ws: number, extra: object = {}) =>
  send('POST', `/discovery/articles/${id}/fork`, u, { workspace: { id: ws }, ...extra });

describe('GET /discovery/articles and /category (public)', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    await t.db.execute(sql`DELETE FROM articles`);
    ids = {
      oldDesign: await buildArticle(t, { title: 'Grid systems in graphic design', category: 1, tags: ['grid', 'layout'], publishedAt: '2020-01-01T00:00:00Z' }),
      newDesign: await buildArticle(t, { title: '디자인 시스템 다시 생각해보기', category: 1, tags: ['디자인시스템', 'tds'], publishedAt: '2026-01-08T00:00:00Z' }),
      dev: await buildArticle(t, { title: 'Choose boring technology', category: 3, tags: ['architecture'], publishedAt: '2015-03-30T00:00:00Z' }),
      marketing: await buildArticle(t, { title: '리텐션을 위한 퍼포먼스 마케팅 전략', category: 4, tags: ['crm'], publishedAt: '2023-02-01T00:00:00Z' }),
      undated: await buildArticle(t, { title: '100% honest pricing', category: 2, tags: [] }),
      hidden: await buildArticle(t, { title: 'Hidden grid notes', category: 1, tags: ['grid'] }),
    };
    await t.db.execute(sql`UPDATE articles SET hidden = true WHERE id = ${ids.hidden}`);
  });

  it('lists visible articles newest first (published, else added), signed out', async () => {
    const res = await get('/discovery/articles');
    expect(res.statusCode).toBe(200);
    const data = body(res).data;
    expect(data.count).toBe(5);
    // The undated one was added just now: it sorts by that.
    expect(data.results.map((a: { id: number }) => a.id)).toEqual([ids.undated, ids.newDesign, ids.marketing, ids.oldDesign, ids.dev]);
    expect(data.results[1]).toMatchObject({
      title: '디자인 시스템 다시 생각해보기',
      category: 'design',
      categoryId: 1,
      tags: ['디자인시스템', 'tds'],
      publishedAt: '2026-01-08T00:00:00.000Z',
      thumbnail: null,
      uploader: 'Example',
    });
    expect(data.results[1].destination).toMatch(/^https:\/\/example\.com\//);
    expect(data.results[0].publishedAt).toBeNull();
  });

  it('filters by category, pages, and answers -1 as all', async () => {
    const design = body(await get('/discovery/articles?category=1')).data;
    expect(design.results.map((a: { id: number }) => a.id)).toEqual([ids.newDesign, ids.oldDesign]);
    const all = body(await get('/discovery/articles?category=-1&pageSize=2')).data;
    expect(all).toMatchObject({ count: 5, next: 2, previous: null });
    const last = body(await get('/discovery/articles?pageSize=2&page=3')).data;
    expect(last).toMatchObject({ count: 5, next: null, previous: 2 });
    expect(last.results).toHaveLength(1);
    const past = body(await get('/discovery/articles?pageSize=2&page=9')).data;
    expect(past).toMatchObject({ results: [], count: 5, next: null });
  });

  it('searches titles by any part, without case, in Korean and English, and tags whole', async () => {
    const titles = async (q: string) =>
      body(await get(`/discovery/articles?search=${encodeURIComponent(q)}`)).data.results.map((a: { title: string }) => a.title);
    expect(await titles('GRID')).toEqual(['Grid systems in graphic design']);
    expect(await titles('시스템')).toEqual(['디자인 시스템 다시 생각해보기']);
    expect(await titles('마케팅')).toEqual(['리텐션을 위한 퍼포먼스 마케팅 전략']);
    // A clicked tag searches for it (search={tag}); '#tag' too.
    expect(await titles('tds')).toEqual(['디자인 시스템 다시 생각해보기']);
    expect(await titles('#architecture')).toEqual(['Choose boring technology']);
    // LIKE's own characters are literal.
    expect(await titles('100%')).toEqual(['100% honest pricing']);
    expect(await titles('_')).toEqual([]);
    expect(await titles('nothing like this')).toEqual([]);
    // Search and category together.
    const res = body(await get('/discovery/articles?category=3&search=grid')).data;
    expect(res.count).toBe(0);
  });

  it('refuses bad queries with 400 INVALID_FORMAT, never 500', async () => {
    for (const q of ['category=7', 'category=0', 'category=abc', 'pageSize=61', 'pageSize=0', 'page=0', `search=${'x'.repeat(101)}`, 'search=%00']) {
      const res = await get(`/discovery/articles?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(body(res).error.code).toBe('INVALID_FORMAT');
    }
  });

  it('lists the categories: all (-1) then the four, with their visible counts', async () => {
    const res = await get('/discovery/articles/category');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual([
      { id: -1, category: 'all', icon: 'layout-grid', articleCount: 5 },
      { id: 1, category: 'design', icon: 'palette', articleCount: 2 },
      { id: 2, category: 'business', icon: 'briefcase-business', articleCount: 1 },
      { id: 3, category: 'development', icon: 'code-xml', articleCount: 1 },
      { id: 4, category: 'marketing', icon: 'megaphone', articleCount: 1 },
    ]);
  });

  it('reads one visible article; hidden and unknown ones are 404 ARTICLE_NOT_FOUND', async () => {
    expect(body(await get(`/discovery/articles/${ids.dev}`)).data.title).toBe('Choose boring technology');
    for (const id of [ids.hidden, 999_999]) {
      const res = await get(`/discovery/articles/${id}`);
      expect(res.statusCode).toBe(404);
      expect(body(res).error.code).toBe('ARTICLE_NOT_FOUND');
    }
    expect((await get('/discovery/articles/abc')).statusCode).toBe(400);
  });
});

describe('POST /discovery/articles/{id}/fork', () => {
  it('saves an article as a source of modeType Article leading to its link, into folders', async () => {
    const id = await buildArticle(t, { title: 'Choose boring technology', url: `${site.origin}/boring`, tags: ['architecture', 'not a tag!'], thumbnail: 'https://img.example.com/b.png', description: 'Innovation tokens.' });
    const ws = await buildWorkspace(t, alice, 'Refs');
    const f1 = body(await send('POST', `/archive/folder/${ws}`, alice, { name: 'Reading' })).data.id;
    const f2 = body(await send('POST', `/archive/folder/${ws}`, alice, { name: 'Later' })).data.id;
    const res = await fork(id, alice, ws, { folderSet: [f1, f2] });
    expect(res.statusCode).toBe(200);
    const { sauce, created } = body(res).data;
    expect(created).toBe(true);
    expect(sauce).toMatchObject({
      type: 'TEXT',
      modeType: 'Article',
      title: 'Choose boring technology',
      destination: `${site.origin}/boring`,
      textSauce: { text: '', link: `${site.origin}/boring` },
      textCard: { title: 'Choose boring technology', description: 'Innovation tokens.', image: 'https://img.example.com/b.png' },
      thumbnail: 'https://img.example.com/b.png',
      tagSet: [{ name: 'architecture' }],
      summary: null,
      isEditable: true,
    });
    expect(sauce.folderSet.map((f: { id: number }) => f.id).sort()).toEqual([f1, f2].sort());
    // Shown on the dashboard like other sources.
    const list = body(await get(`/archive/sauce/${ws}/list`, alice)).data.results;
    expect(list.map((s: { id: number }) => s.id)).toEqual([sauce.id]);
    expect(list[0].modeType).toBe('Article');
  });

  it('saving the same article into the same space again returns that source, folders added (idempotent)', async () => {
    const id = await buildArticle(t, { title: 'Twice' });
    const ws = await buildWorkspace(t, alice, 'Twice');
    const f1 = body(await send('POST', `/archive/folder/${ws}`, alice, { name: 'A' })).data.id;
    const f2 = body(await send('POST', `/archive/folder/${ws}`, alice, { name: 'B' })).data.id;
    const first = body(await fork(id, alice, ws, { folderSet: [f1] })).data;
    const second = body(await fork(id, alice, ws, { folderSet: [f2] })).data;
    expect(second.created).toBe(false);
    expect(second.sauce.id).toBe(first.sauce.id);
    expect(second.sauce.folderSet.map((f: { id: number }) => f.id).sort()).toEqual([f1, f2].sort());
    expect(body(await get(`/archive/sauce/${ws}/list`, alice)).data.count).toBe(1);
    // Another space gets its own source.
    expect(body(await fork(id, alice, alice.workspaceId)).data.created).toBe(true);
  });

  it('two saves at once make one source', async () => {
    const id = await buildArticle(t, { title: 'Race' });
    const ws = await buildWorkspace(t, alice, 'Race');
    const results = await Promise.all([1, 2, 3, 4].map(() => fork(id, alice, ws)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => body(r).data.created)).toHaveLength(1);
    expect(new Set(results.map((r) => body(r).data.sauce.id)).size).toBe(1);
  });

  it('refuses unknown and hidden articles (404), folders of other spaces (404), readers (403), strangers (404), signed out (401)', async () => {
    const ws = await buildWorkspace(t, alice, 'Guarded');
    const visible = await buildArticle(t, { title: 'Visible' });
    const hidden = await buildArticle(t, { title: 'Hidden' });
    await t.db.execute(sql`UPDATE articles SET hidden = true WHERE id = ${hidden}`);
    const expectError = async (res: Awaited<ReturnType<typeof fork>>, status: number, code: string) => {
      expect(res.statusCode).toBe(status);
      expect(body(res).error.code).toBe(code);
    };
    await expectError(await fork(999_999, alice, ws), 404, 'ARTICLE_NOT_FOUND');
    await expectError(await fork(hidden, alice, ws), 404, 'ARTICLE_NOT_FOUND');
    const other = await buildUser(t);
    const foreignFolder = body(await send('POST', `/archive/folder/${other.workspaceId}`, other, { name: 'Theirs' })).data.id;
    await expectError(await fork(visible, alice, ws, { folderSet: [foreignFolder] }), 404, 'FOLDER_NOT_FOUND');
    const reader = await buildMember(t, ws, 'READER');
    await expectError(await fork(visible, reader, ws), 403, 'VIEWER_CANNOT_UPLOAD');
    await expectError(await fork(visible, other, ws), 404, 'NOT_FOUND');
    await expectError(await fork(visible, undefined, ws), 401, 'UNAUTHENTICATED');
    // Bad bodies.
    for (const payload of [{}, { workspace: { id: 'x' } }, { workspace: { id: ws }, aiEnable: 'yes' }, { workspace: { id: ws }, folderSet: [0] }]) {
      const res = await send('POST', `/discovery/articles/${visible}/fork`, alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Nothing was saved by any of these.
    expect(body(await get(`/archive/sauce/${ws}/list`, alice)).data.count).toBe(0);
  });

  it('counts toward the 100 sources of a space (422 LIMIT_REACHED)', async () => {
    const owner = await buildUser(t);
    const ws = await buildWorkspace(t, owner, 'Full');
    await t.db.execute(sql`INSERT INTO sauces (workspace_id, author_id, type, title)
      SELECT ${ws}, ${owner.userId}, 'TEXT', 'n' || g FROM generate_series(1, 100) g`);
    const res = await fork(await buildArticle(t), owner, ws);
    expect(res.statusCode).toBe(422);
    expect(body(res).error).toMatchObject({ code: 'LIMIT_REACHED', details: { resource: 'sources', limit: 100 } });
  });
});

describe('AI summaries of saved articles (the job)', () => {
  /** Runs the summary jobs until none is due, then the source's summary, which must no longer be pending. */
  const summaryOf = async (ws: number, id: number, u: TestUser) => {
    await t.runUntilIdle(['article-summary']);
    const s = body(await get(`/archive/sauce/${ws}/${id}`, u)).data.summary;
    if (!s || s.status === 'pending') throw new Error(`summary of ${id} still pending with no summary job due`);
    return s;
  };

  it('is pending after the save, then ready: 3–5 sentences of the page, in its language', async () => {
    const id = await buildArticle(t, { title: '디자인 시스템 다시 생각해보기', url: `${site.origin}/toss` });
    const saved = body(await fork(id, alice, alice.workspaceId, { aiEnable: true })).data.sauce;
    expect(saved.summary).toEqual({ status: 'pending', text: '', method: null });
    const summary = await summaryOf(alice.workspaceId, saved.id, alice);
    expect(summary.status).toBe('ready');
    expect(summary.method).toBe('extractive');
    const sentences = summary.text.split('\n');
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(sentences.length).toBeLessThanOrEqual(5);
    const page = fixture('ko-toss-design-system.html');
    for (const s of sentences) expect(page).toContain(s);
    expect(summary.text).not.toMatch(/쿠키|구독|All rights reserved/);
  });

  it('a later save of the article gets the cached summary at once', async () => {
    const id = await buildArticle(t, { url: `${site.origin}/boring-2?utm_source=x` });
    const first = body(await fork(id, alice, alice.workspaceId, { aiEnable: true })).data.sauce;
    const ready = await summaryOf(alice.workspaceId, first.id, alice);
    const bob = await buildUser(t);
    const second = body(await fork(id, bob, bob.workspaceId, { aiEnable: true })).data.sauce;
    expect(second.summary).toEqual(ready);
  });

  it("says 'unavailable' for pages without readable text or not HTML", async () => {
    for (const path of ['/login-wall', '/pdf']) {
      const id = await buildArticle(t, { url: `${site.origin}${path}` });
      const saved = body(await fork(id, alice, alice.workspaceId, { aiEnable: true })).data.sauce;
      expect((await summaryOf(alice.workspaceId, saved.id, alice)).status, path).toBe('unavailable');
    }
  });

  it("a page that hangs: the job times out and reports 'failed'; the source stays and can ask again", async () => {
    const id = await buildArticle(t, { url: `${site.origin}/hangs` });
    const saved = body(await fork(id, alice, alice.workspaceId, { aiEnable: true })).data.sauce;
    expect((await summaryOf(alice.workspaceId, saved.id, alice)).status).toBe('failed');
    const again = await fork(id, alice, alice.workspaceId, { aiEnable: true });
    expect(body(again).data).toMatchObject({ created: false, sauce: { id: saved.id, summary: { status: 'pending' } } });
  });

  it('tells the members watching the space when a summary is ready (a system event, actorId 0)', async () => {
    const id = await buildArticle(t, { url: `${site.origin}/boring-3` });
    const ws = await buildWorkspace(t, alice, 'Watched');
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    const events: unknown[] = [];
    listener.on('notification', (n) => events.push(JSON.parse(n.payload ?? 'null')));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    try {
      const saved = body(await fork(id, alice, ws, { aiEnable: true })).data.sauce;
      expect((await summaryOf(ws, saved.id, alice)).status).toBe('ready');
      // Other events of the space may come between (its summary's own write is the one looked for).
      const summaryReady = { workspaceId: ws, event: { type: 'sauce', action: 'updated', id: saved.id, actorId: 0 } };
      await eventually(async () => (events.some((e) => JSON.stringify(e) === JSON.stringify(summaryReady)) ? true : undefined), 3_000).catch(() => undefined);
      expect(events).toContainEqual({ workspaceId: ws, event: { type: 'sauce', action: 'created', id: saved.id, actorId: alice.userId } });
      expect(events).toContainEqual(summaryReady);
    } finally {
      await listener.end();
    }
  });
});

describe('Curation (administrators)', () => {
  it('answers 403 NOT_AUTHORIZED to everyone else and 401 signed out', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/discovery/admin/articles'],
      ['POST', '/discovery/admin/articles/preview', { url: `${site.origin}/meta` }],
      ['POST', '/discovery/admin/articles', { url: `${site.origin}/meta`, categoryId: 1 }],
      ['PATCH', '/discovery/admin/articles/1', { hidden: true }],
      ['DELETE', '/discovery/admin/articles/1'],
      ['GET', '/discovery/admin/feeds'],
      ['POST', '/discovery/admin/feeds', { url: `${site.origin}/feed.xml`, categoryId: 1 }],
      ['PATCH', '/discovery/admin/feeds/1', { enabled: false }],
      ['DELETE', '/discovery/admin/feeds/1'],
      ['POST', '/discovery/admin/feeds/1/poll'],
    ];
    for (const [method, url, payload] of calls) {
      for (const [who, status] of [[alice, 403], [undefined, 401]] as const) {
        const res = await t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: who?.headers ?? {}, ...(payload ? { payload: payload as object } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
    }
  });

  it('adds an article by URL with the metadata of its page; a second add of the same link is 409', async () => {
    const res = await send('POST', '/discovery/admin/articles', admin, { url: `${site.origin}/meta?utm_source=newsletter`, categoryId: 1, tags: ['Grid', '#layout'] });
    expect(res.statusCode).toBe(200);
    const a = body(res).data;
    expect(a).toMatchObject({
      title: 'Grids in practice',
      description: 'How grids work.',
      thumbnail: `${site.origin}/cover.png`,
      favicon: `${site.origin}/icon.png`,
      uploader: 'Grid Weekly',
      uploaderLink: site.origin,
      publishedAt: '2024-05-01T09:00:00.000Z',
      category: 'design',
      tags: ['grid', 'layout'],
      hidden: false,
      source: 'admin',
      language: 'en',
    });
    for (const url of [`${site.origin}/meta`, `${site.origin}/meta/#top`]) {
      const dup = await send('POST', '/discovery/admin/articles', admin, { url, categoryId: 2 });
      expect(dup.statusCode, url).toBe(409);
      expect(body(dup).error).toMatchObject({ code: 'ARTICLE_EXISTS', details: { id: a.id } });
    }
    const preview = body(await send('POST', '/discovery/admin/articles/preview', admin, { url: `${site.origin}/meta` })).data;
    expect(preview).toMatchObject({ readable: true, title: 'Grids in practice', existingId: a.id });
  });

  it('needs a title for a page it cannot read (422 ARTICLE_UNREADABLE), and takes one', async () => {
    const url = `${site.origin}/missing-page`;
    const res = await send('POST', '/discovery/admin/articles', admin, { url, categoryId: 3 });
    expect(res.statusCode).toBe(422);
    expect(body(res).error).toMatchObject({ code: 'ARTICLE_UNREADABLE', details: { reason: 'http-status' } });
    const ok = await send('POST', '/discovery/admin/articles', admin, { url, categoryId: 3, title: 'Typed by hand', publisher: 'Hand' });
    expect(body(ok).data).toMatchObject({ title: 'Typed by hand', uploader: 'Hand', category: 'development' });
  });

  it('refuses bad input: not http(s), bad category, bad tags, too many tags', async () => {
    for (const payload of [
      { url: 'javascript:alert(1)', categoryId: 1 },
      { url: `${site.origin}/meta`, categoryId: 5 },
      { url: `${site.origin}/meta`, categoryId: 1, tags: ['no spaces'] },
      { url: `${site.origin}/meta`, categoryId: 1, tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
    ]) {
      expect((await send('POST', '/discovery/admin/articles', admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('edits, hides and deletes; a deleted article leaves saved sources in place', async () => {
    const id = await buildArticle(t, { title: 'Before' });
    const patched = await send('PATCH', `/discovery/admin/articles/${id}`, admin, { title: 'After', categoryId: 4, tags: ['growth'] });
    expect(body(patched).data).toMatchObject({ title: 'After', category: 'marketing', tags: ['growth'] });
    const saved = body(await fork(id, alice, alice.workspaceId)).data.sauce;
    await send('PATCH', `/discovery/admin/articles/${id}`, admin, { hidden: true });
    expect((await get(`/discovery/articles/${id}`)).statusCode).toBe(404);
    const listed = body(await get('/discovery/admin/articles?status=hidden&search=After', admin)).data;
    expect(listed.results.map((a: { id: number }) => a.id)).toContain(id);
    expect((await send('DELETE', `/discovery/admin/articles/${id}`, admin)).statusCode).toBe(200);
    expect((await send('DELETE', `/discovery/admin/articles/${id}`, admin)).statusCode).toBe(404);
    expect((await send('PATCH', `/discovery/admin/articles/${id}`, admin, { hidden: false })).statusCode).toBe(404);
    const kept = body(await get(`/archive/sauce/${alice.workspaceId}/${saved.id}`, alice)).data;
    expect(kept).toMatchObject({ modeType: 'Article', title: 'After' });
  });
});
