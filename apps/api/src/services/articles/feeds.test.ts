import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_FIXTURES_DIR, fixture, page, serve } from '../../test/articles.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { createFeed, getFeed, parseFeed, pollFeed } from './feeds.ts';

let t: TestApp;
let site: Awaited<ReturnType<typeof serve>>;
let admin: TestUser;
const rss = fixture('rss.xml', FEED_FIXTURES_DIR);
const atom = fixture('atom.xml', FEED_FIXTURES_DIR);
/** Loopback is allowed for these tests, as METADATA_ALLOW_PRIVATE does for the app. */
const opts = { allowPrivate: true };

beforeAll(async () => {
  t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true', ADMIN_EMAILS: 'feeds@example.com' });
  site = await serve({
    '/rss.xml': page(rss, 'application/rss+xml; charset=utf-8'),
    '/rss-copy.xml': page(rss.replace('utm_medium=feed', 'utm_medium=other'), 'text/xml'),
    '/atom.xml': page(atom, 'application/atom+xml'),
    '/html': page('<!doctype html><title>A blog</title><p>Not a feed</p>'),
    '/garbage.xml': page('<?xml version="1.0"?><notafeed><x>', 'application/xml'),
    '/error.xml': (_req, res) => void res.writeHead(500, { 'content-type': 'application/xml' }).end('<error/>'),
    '/loop': (_req, res) => void res.writeHead(302, { location: '/loop' }).end(),
    // 50 MB announced: refused before a byte of the body is read.
    '/huge-declared.xml': (_req, res) => void res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(50 * 1024 * 1024) }).end(),
    // 50 MB streamed without a length: cut off at the 5 MB limit.
    '/huge.xml': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(1024 * 1024, ' ');
      let sent = 0;
      const push = () => {
        while (sent < 50 && res.write(chunk)) sent++;
        if (sent >= 50) res.end();
        else res.once('drain', () => (sent++, push()));
      };
      res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>');
      push();
    },
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev/signin', payload: { email: 'feeds@example.com' } });
  admin = { ...(await buildUser(t)), headers: { authorization: `Bearer ${body(res).data.accessToken}` } };
});
afterAll(() => site.close());

const articlesOf = async (feedId: number) =>
  (
    await t.db.execute<{ title: string; url: string; tags: string[]; thumbnail: string | null; publisher: string; language: string; category: number; published_at: string | null; source: string }>(
      sql`SELECT title, url, tags, thumbnail, publisher, language, category, published_at, source FROM articles WHERE feed_id = ${feedId} ORDER BY published_at DESC`,
    )
  ).rows;
const articleCount = async () => (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM articles`)).rows[0]!.n;

describe('feed poller (RSS and Atom fixtures on loopback)', () => {
  it('adds the newest items of an RSS feed to its category, with tags, thumbnails and dates', async () => {
    const feed = await createFeed(t.db, `${site.origin}/rss.xml`, 1, admin.userId);
    const added: number[] = [];
    expect(await pollFeed(t.db, feed.id, { ...opts, onAdded: async (id) => void added.push(id) })).toEqual({ items: 3, added: 3 });
    expect(added).toHaveLength(3);
    const rows = await articlesOf(feed.id);
    expect(rows.map((r) => r.title)).toEqual(['Grids that survive real content', '색상 토큰을 이름 짓는 법', 'Type scales, briefly']);
    expect(rows[0]).toMatchObject({
      tags: ['layout', 'designsystems'],
      thumbnail: 'https://design-notes.example.com/img/grids.png',
      publisher: 'Design Notes',
      language: 'en',
      category: 1,
      source: 'feed',
    });
    expect(new Date(rows[0]!.published_at!).toISOString()).toBe('2024-05-14T09:00:00.000Z');
    expect(rows[1]).toMatchObject({ tags: ['컬러'], language: 'ko', thumbnail: null });
    expect(rows[2]!.thumbnail).toBe('https://design-notes.example.com/img/type.jpg');
    expect(await getFeed(t.db, feed.id)).toMatchObject({ status: 'ok', title: 'Design Notes', lastErrorCode: null, failureCount: 0, articleCount: 3 });
  });

  it('de-duplicates by canonical URL: polling again, or another feed with other tracking parameters, adds nothing', async () => {
    const before = await articleCount();
    const feed = (await t.db.execute<{ id: number }>(sql`SELECT id FROM article_feeds WHERE url = ${`${site.origin}/rss.xml`}`)).rows[0]!;
    expect(await pollFeed(t.db, feed.id, opts)).toEqual({ items: 3, added: 0 });
    const copy = await createFeed(t.db, `${site.origin}/rss-copy.xml`, 2, admin.userId);
    expect(await pollFeed(t.db, copy.id, opts)).toEqual({ items: 3, added: 0 });
    expect(await articleCount()).toBe(before);
  });

  it('reads Atom: entries, published dates, categories', async () => {
    const feed = await createFeed(t.db, `${site.origin}/atom.xml`, 3, admin.userId);
    expect(await pollFeed(t.db, feed.id, opts)).toEqual({ items: 2, added: 2 });
    const rows = await articlesOf(feed.id);
    expect(rows.map((r) => r.title)).toEqual(['Choosing boring databases', 'Postmortem: the migration that locked a table']);
    expect(rows[0]).toMatchObject({ tags: ['databases'], publisher: 'Engineering at Example', category: 3 });
    expect(new Date(rows[0]!.published_at!).toISOString()).toBe('2024-06-01T08:30:00.000Z');
  });

  const failing: [string, string, { allowAddress?: (a: string) => boolean }?][] = [
    ['/rss.xml', 'FEED_URL_NOT_ALLOWED', { allowAddress: (a) => a !== '127.0.0.1' }],
    ['/html', 'FEED_NOT_XML'],
    ['/garbage.xml', 'FEED_INVALID'],
    ['/error.xml', 'FEED_HTTP_ERROR'],
    ['/loop', 'FEED_TOO_MANY_REDIRECTS'],
    ['/huge-declared.xml', 'FEED_TOO_LARGE'],
    ['/huge.xml', 'FEED_TOO_LARGE'],
  ];
  for (const [path, code, extra] of failing) {
    it(`${path}: refused with ${code}, the feed marked failing, nothing else touched`, async () => {
      const good = (await t.db.execute<{ id: number }>(sql`SELECT id FROM article_feeds WHERE url = ${`${site.origin}/atom.xml`}`)).rows[0]!.id;
      const before = await articleCount();
      const url = `${site.origin}${path}${extra ? '?private' : ''}`;
      const feed = await createFeed(t.db, url, 4, admin.userId);
      expect(await pollFeed(t.db, feed.id, { ...opts, ...extra })).toEqual({ items: 0, added: 0 });
      const after = await getFeed(t.db, feed.id);
      expect(after).toMatchObject({ status: 'failing', lastErrorCode: code, failureCount: 1 });
      expect(after.lastError).toBeTruthy();
      expect(await pollFeed(t.db, feed.id, { ...opts, ...extra })).toEqual({ items: 0, added: 0 });
      expect((await getFeed(t.db, feed.id)).failureCount).toBe(2);
      expect(await articleCount()).toBe(before);
      expect((await getFeed(t.db, good)).status).toBe('ok');
    });
  }

  it('parses only feeds', async () => {
    await expect(parseFeed('{"json": true}')).rejects.toMatchObject({ code: 'FEED_INVALID' });
    expect((await parseFeed(atom)).items).toHaveLength(2);
  });
});

describe('feeds through the admin API and the job queue', () => {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: admin.headers, ...(payload ? { payload } : {}) });

  it('subscribes (first poll at once), refuses a second subscription (409), pauses, polls, unsubscribes', async () => {
    await t.db.execute(sql`DELETE FROM article_feeds`);
    const res = await call('POST', '/discovery/admin/feeds', { url: `${site.origin}/atom.xml?x=1`, categoryId: 3 });
    expect(res.statusCode).toBe(200);
    const { feed, items, added } = body(res).data;
    expect({ items, added }).toEqual({ items: 2, added: 0 }); // already added by the poller tests
    expect(feed).toMatchObject({ status: 'ok', category: 'development', enabled: true, lastError: null });
    const dup = await call('POST', '/discovery/admin/feeds', { url: `${site.origin}/atom.xml?x=1`, categoryId: 1 });
    expect(dup.statusCode).toBe(409);
    expect(body(dup).error).toMatchObject({ code: 'FEED_EXISTS', details: { id: feed.id } });
    const bad = await call('POST', '/discovery/admin/feeds', { url: `${site.origin}/html?x=1`, categoryId: 2 });
    expect(body(bad).data.feed).toMatchObject({ status: 'failing', lastError: { code: 'FEED_NOT_XML' } });
    expect(body(await call('PATCH', `/discovery/admin/feeds/${feed.id}`, { enabled: false, categoryId: 4 })).data).toMatchObject({ enabled: false, category: 'marketing' });
    expect(body(await call('POST', `/discovery/admin/feeds/${feed.id}/poll`)).data.feed.status).toBe('ok');
    const list = body(await call('GET', '/discovery/admin/feeds')).data;
    expect(list.map((f: { status: string }) => f.status).sort()).toEqual(['failing', 'ok']);
    expect((await call('DELETE', `/discovery/admin/feeds/${feed.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/discovery/admin/feeds/${feed.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/discovery/admin/feeds/${feed.id}/poll`)).statusCode).toBe(404);
    for (const payload of [{ url: 'ftp://x.example/feed', categoryId: 1 }, { url: `${site.origin}/rss.xml`, categoryId: 9 }, {}]) {
      expect((await call('POST', '/discovery/admin/feeds', payload)).statusCode).toBe(400);
    }
  });

  it('is polled on schedule by the job queue: the tick queues a fetch of each enabled feed', async () => {
    const { rows } = await t.db.execute<{ cron: string }>(sql`SELECT cron FROM pgboss.schedule WHERE name = 'article-feeds-poll'`);
    expect(rows[0]?.cron).toBe('*/30 * * * *');
    await t.db.execute(sql`DELETE FROM article_feeds`);
    const on = await createFeed(t.db, `${site.origin}/rss.xml?tick`, 1, admin.userId);
    const off = await createFeed(t.db, `${site.origin}/atom.xml?tick`, 3, admin.userId);
    await t.db.execute(sql`UPDATE article_feeds SET enabled = false WHERE id = ${off.id}`);
    await t.jobs.send('article-feeds-poll', {});
    // The app's own handlers take the tick, then the fetch it queued.
    expect((await t.runDue('article-feeds-poll')).completed).toBe(1);
    expect((await getFeed(t.db, on.id)).status).toBe('pending');
    expect((await t.runDue('article-feed-fetch')).completed).toBe(1);
    expect((await getFeed(t.db, on.id)).status).toBe('ok');
    expect((await getFeed(t.db, off.id)).status).toBe('pending');
  });
});
