import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser, uploadImage } from '../../test/factories.ts';
import { photo } from '../../test/image-fixtures.ts';

/** Issue #11 item 4: pages that preview, through HTTP, on a small built web app. */

const PUBLIC_URL = 'https://sauce.example';
const EVIL_TITLE = '"><script>alert(1)</script>';
/** As Vite writes it: a module script and a stylesheet from /assets, the shell's own title. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sauce</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * As Vite's manifest names chunks (`build.manifest: true`): the entry imports react; the pages
 * and languages import the entry back, and chunks of their own. One file name has quotes, to
 * show the head escapes them.
 */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_link-1.js': { file: 'assets/link-1.js' },
  '_odd.js': { file: 'assets/odd-"1".js' },
  '_viewer-1.js': { file: 'assets/viewer-1.js', imports: ['_react-1.js'], css: ['assets/viewer-1.css'] },
  'src/routes/intro/intro-page.tsx': {
    file: 'assets/intro-page-1.js',
    imports: ['index.html', '_react-1.js', '_link-1.js'],
    css: ['assets/intro-page-1.css', 'assets/index-1.css'],
  },
  'src/routes/article/article-page.tsx': { file: 'assets/article-page-1.js', imports: ['index.html', '_link-1.js', '_odd.js'] },
  'src/routes/share/share-page.tsx': { file: 'assets/share-page-1.js', imports: ['index.html', '_viewer-1.js'] },
  'src/routes/board/board-page.tsx': { file: 'assets/board-page-1.js', imports: ['index.html', '_viewer-1.js'] },
  'src/routes/dashboard/dashboard-page.tsx': { file: 'assets/dashboard-page-1.js', imports: ['index.html'] },
  'src/i18n/ko.ts': { file: 'assets/ko-1.js', imports: ['index.html'] },
  'src/i18n/en.ts': { file: 'assets/en-1.js', imports: ['index.html'] },
};

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'sauce-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export {};\n');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await buildTestApp({ WEB_DIST: dist, PUBLIC_URL });
  alice = await buildUser(t, 'alice');
});

const get = (url: string, lang?: string) =>
  t.app.inject({ url, headers: lang ? { 'accept-language': lang } : {} });

/** The page's head as a reader sees it (values decoded). */
function head(html: string) {
  const $ = cheerio.load(html);
  const meta = (key: string) =>
    $(`meta[property="${key}"]`).attr('content') ?? $(`meta[name="${key}"]`).attr('content') ?? null;
  return { $, meta, title: $('title').text(), lang: $('html').attr('lang'), titles: $('title').length };
}

/** The head's preloads, in order: `[kind, href]`, kind being `module`, `style` or `image` (values decoded). */
function preloads(html: string): [string, string][] {
  const { $ } = head(html);
  return $('link[rel="modulepreload"], link[rel="preload"]')
    .map((_, e) => {
      const link = $(e);
      const kind = link.attr('rel') === 'modulepreload' ? 'module' : link.attr('as')!;
      return [[kind, link.attr('href')!]];
    })
    .get() as [string, string][];
}

/** A shared source of alice's made through the API; returns its share id. */
async function share(payload: object): Promise<string> {
  const created = await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}`, headers: alice.headers, payload });
  expect(created.statusCode).toBe(200);
  const id = body(created).data.id as number;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${alice.workspaceId}/${id}/share`,
    headers: alice.headers,
    payload: { isShareEnabled: true },
  });
  return (body(res).data.link as string).split('/').pop()!;
}

async function uploadId(): Promise<number> {
  return (await uploadImage(t, alice, await sharp(photo('autumn-2560x1600.jpg')).resize(1280).jpeg().toBuffer())).id;
}

describe('a shared source’s page', () => {
  it('carries Open Graph and Twitter card tags, escaped, with an absolute signed image URL that serves the image', async () => {
    const shareId = await share({
      type: 'IMAGE',
      title: EVIL_TITLE,
      imageSauce: [{ id: await uploadId(), comments: [{ id: 'a', message: 'one', x: 0.5, y: 0.5 }, { id: 'b', message: 'two', x: 0.1, y: 0.1 }] }],
    });
    const res = await get(`/archive/sauce/share/${shareId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-language/i);
    // The title never becomes markup: no script element but the app's own.
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const h = head(res.body);
    expect(h.$('script').length).toBe(1);
    expect(h.$('script').attr('src')).toBe('/assets/index-abc123.js');
    expect(h.titles).toBe(1);
    expect(h.title).toBe(`${EVIL_TITLE} · Sauce`);
    expect(h.meta('og:title')).toBe(EVIL_TITLE);
    expect(h.meta('twitter:title')).toBe(EVIL_TITLE);
    expect(h.meta('og:description')).toBe('1 image · 2 comments');
    expect(h.meta('og:type')).toBe('article');
    expect(h.meta('og:site_name')).toBe('Sauce');
    expect(h.meta('og:locale')).toBe('en_US');
    expect(h.meta('og:url')).toBe(`${PUBLIC_URL}/archive/sauce/share/${shareId}`);
    expect(h.meta('twitter:card')).toBe('summary_large_image');
    // Issue #32: shares are never indexed — in the head and in the headers.
    expect(h.meta('robots')).toBe('noindex');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect([h.meta('og:image:width'), h.meta('og:image:height')]).toEqual(['640', '400']);

    const image = new URL(h.meta('og:image')!);
    expect(image.origin).toBe(PUBLIC_URL);
    expect(image.pathname).toMatch(/^\/files\/images\/[0-9a-f]{32}\/thumb\.webp$/);
    expect(h.meta('twitter:image')).toBe(image.toString());
    // Valid for at least 7 days, so chat apps that fetch it again later still find it.
    expect(Number(image.searchParams.get('exp')) * 1000 - Date.now()).toBeGreaterThan(7 * 86_400_000);
    const file = await get(image.pathname + image.search);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(640);
  });

  it('speaks Korean to a Korean browser: <html lang>, og:locale, the description', async () => {
    const shareId = await share({ type: 'IMAGE', title: '무드보드', imageSauce: [{ id: await uploadId() }] });
    const h = head((await get(`/archive/sauce/share/${shareId}`, 'ko-KR,ko;q=0.9,en-US;q=0.8')).body);
    expect(h.lang).toBe('ko');
    expect(h.meta('og:locale')).toBe('ko_KR');
    expect(h.meta('og:description')).toBe('이미지 1장 · 코멘트 0개');
    // The first language decides, as in the web app.
    expect(head((await get(`/archive/sauce/share/${shareId}`, 'en-GB,ko;q=0.9')).body).lang).toBe('en');
  });

  it('describes a text source by its text, cut at a word, and without an image gives a summary card', async () => {
    const text = `${'Grid systems for editorial layouts. '.repeat(8)}<b>end</b>`;
    const shareId = await share({ type: 'TEXT', title: 'Grids & <b>type</b>', textSauce: { text, link: null } });
    const h = head((await get(`/archive/sauce/share/${shareId}`)).body);
    expect(h.meta('og:title')).toBe('Grids & <b>type</b>');
    const description = h.meta('og:description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    // Cut after a whole word, marked with an ellipsis.
    expect(description.endsWith('…')).toBe(true);
    expect(text.startsWith(`${description.slice(0, -1)} `)).toBe(true);
    expect(h.meta('og:image')).toBeNull();
    expect(h.meta('twitter:card')).toBe('summary');
  });

  it('answers a disabled, an unknown or a malformed share id with the generic page, noindex, 404', async () => {
    const shareId = await share({ type: 'TEXT', title: 'Secret plans', textSauce: { text: 'Nobody should see this', link: null } });
    const [sauce] = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list`, headers: alice.headers })).data.results;
    await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}/${sauce.id}/share`,
      headers: alice.headers,
      payload: { isShareEnabled: false },
    });
    for (const id of [shareId, 'A'.repeat(32), '%22%3E%3Cscript%3E', 'x'.repeat(65)]) {
      const res = await get(`/archive/sauce/share/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const h = head(res.body);
      expect(h.meta('robots')).toBe('noindex');
      expect(h.meta('og:title')).toBeNull();
      expect(h.title).toBe('Sauce');
      expect(res.body).not.toContain('Secret plans');
      expect(res.body).not.toContain('<script>"');
      // Still the web app, which shows its not-found state.
      expect(h.$('#root').length).toBe(1);
    }
  });
});

/** A board of alice's (issue #32): a folder of her personal space with `sources` (oldest first), shared with `settings`. */
async function board(name: string, sources: object[], settings: object = { enabled: true }) {
  const made = await t.app.inject({ method: 'POST', url: `/api/archive/folder/${alice.workspaceId}`, headers: alice.headers, payload: { name } });
  expect(made.statusCode, made.body).toBe(200);
  const folder = body(made).data.id;
  const ids: number[] = [];
  for (const payload of sources) {
    const res = await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}`, headers: alice.headers, payload: { ...payload, folderSet: [folder] } });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(body(res).data.id);
  }
  const res = await t.app.inject({ method: 'PATCH', url: `/api/archive/folder/${alice.workspaceId}/${folder}/share`, headers: alice.headers, payload: settings });
  expect(res.statusCode, res.body).toBe(200);
  return { folder, ids, shareId: body(res).data.shareId as string };
}

describe('a board’s page (issue #32)', () => {
  it('previews the folder and the space with a collage of the first four images, made once and anew when they change', async () => {
    // Small pictures of their own (a photo's upload costs seconds on a busy machine).
    const image = async (title: string, background = `#${randomBytes(3).toString('hex')}`) => {
      const png = await sharp({ create: { width: 320, height: 200, channels: 3, background } }).png().toBuffer();
      return { type: 'IMAGE', title, imageSauce: [{ id: (await uploadImage(t, alice, png)).id }] };
    };
    const { folder, shareId } = await board('Moodboard', [await image('One'), { type: 'TEXT', title: 'Note', textSauce: { text: 'x', link: null } }, await image('Two')]);
    const res = await get(`/board/${shareId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-cache');
    const h = head(res.body);
    expect(h.title).toBe('Moodboard · My space · Sauce');
    expect(h.meta('robots')).toBe('noindex');
    expect(h.meta('og:title')).toBe('Moodboard');
    expect(h.meta('og:description')).toBe('A board of My space · 3 sources');
    expect(h.meta('og:url')).toBe(`${PUBLIC_URL}/board/${shareId}`);
    expect(h.meta('twitter:card')).toBe('summary_large_image');
    expect([h.meta('og:image:type'), h.meta('og:image:width'), h.meta('og:image:height')]).toEqual(['image/jpeg', '1200', '630']);
    const collage = new URL(h.meta('og:image')!);
    expect(collage.origin).toBe(PUBLIC_URL);
    expect(collage.pathname).toMatch(/^\/files\/boards\/\d+-[0-9a-f]{16}\.jpg$/);
    expect(Number(collage.searchParams.get('exp')) * 1000 - Date.now()).toBeGreaterThan(7 * 86_400_000);
    const file = await get(collage.pathname + collage.search);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    expect(head((await get(`/board/${shareId}`, 'ko')).body).meta('og:description')).toBe('My space의 보드 · 소스 3개');

    // The first image (the newest image source's) is fetched first, as the API's answer signs it.
    const api = body(await get(`/api/board/${shareId}`)).data;
    expect(preloads(res.body)).toEqual([
      ['image', api.sauces[0].imageSauce[0].thumbnailUrl],
      ['module', '/assets/board-page-1.js'],
      ['module', '/assets/viewer-1.js'],
      ['style', '/assets/viewer-1.css'],
      ['module', '/assets/en-1.js'],
    ]);
    // Made once: the same picture while the first four images stay.
    await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}`, headers: alice.headers, payload: { type: 'TEXT', textSauce: { text: 'y', link: null }, folderSet: [folder] } });
    expect(new URL(head((await get(`/board/${shareId}`)).body).meta('og:image')!).pathname).toBe(collage.pathname);
    // A new image ahead of them: a new picture at a new address; the old file goes.
    await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}`, headers: alice.headers, payload: { ...(await image('Three')), folderSet: [folder] } });
    const next = new URL(head((await get(`/board/${shareId}`)).body).meta('og:image')!);
    expect(next.pathname).not.toBe(collage.pathname);
    expect((await get(next.pathname + next.search)).statusCode).toBe(200);
    expect((await get(collage.pathname + collage.search)).statusCode).toBe(404);
  }, 60_000);

  it('shows a neutral card, no title and no picture, for a protected or an expired board; 404 for an unknown or a private one', async () => {
    const secret = [{ type: 'TEXT', title: 'Secret', textSauce: { text: 'Nobody should see this', link: null } }];
    const locked = await board('Locked board', secret, { enabled: true, password: 'open sesame' });
    const expiring = await board('Soon gone', secret, { enabled: true, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await t.db.execute(sql`UPDATE folder_shares SET expires_at = now() - interval '1 second' WHERE share_id = ${expiring.shareId}`);
    for (const [shareId, status] of [[locked.shareId, 200], [expiring.shareId, 410]] as const) {
      const res = await get(`/board/${shareId}`);
      expect(res.statusCode, shareId).toBe(status);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      const h = head(res.body);
      expect([h.title, h.meta('og:title'), h.meta('og:image'), h.meta('twitter:card'), h.meta('robots')]).toEqual(['Sauce', 'Sauce', null, 'summary', 'noindex']);
      expect(res.body).not.toMatch(/Locked board|Soon gone|Secret|My space|\/files\//);
      expect(preloads(res.body).map(([, href]) => href)).toContain('/assets/board-page-1.js');
    }
    const closed = await board('Closed', [], { enabled: false, password: 'x' });
    for (const id of [closed.shareId, 'A'.repeat(32), '%22%3E%3Cscript%3E', 'x'.repeat(65)]) {
      const res = await get(`/board/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(head(res.body).meta('robots')).toBe('noindex');
      expect(res.body).not.toContain('Closed');
    }
  });

  it('shows the same neutral card for a protected or an expired shared source', async () => {
    const shareId = await share({ type: 'TEXT', title: 'Confidential', textSauce: { text: 'Nobody should see this', link: null } });
    await t.db.execute(sql`UPDATE sauces SET share_password_hash = 'scrypt$15$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' WHERE share_id = ${shareId}`);
    const locked = await get(`/archive/sauce/share/${shareId}`);
    expect(locked.statusCode).toBe(200);
    expect(locked.body).not.toContain('Confidential');
    expect(head(locked.body).meta('og:title')).toBe('Sauce');
    await t.db.execute(sql`UPDATE sauces SET share_password_hash = NULL, share_expires_at = now() WHERE share_id = ${shareId}`);
    const expired = await get(`/archive/sauce/share/${shareId}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).not.toContain('Confidential');
  });
});

describe('indexing a share (issue #32: noindex unless its owner allows it)', () => {
  it('drops noindex from an open board or source whose owner allows it, and keeps it once a password or expiry closes it', async () => {
    const open = await board('Open moodboard', [{ type: 'TEXT', title: 'Seen', textSauce: { text: 'x', link: null } }], { enabled: true, indexable: true });
    const res = await get(`/board/${open.shareId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(head(res.body).meta('robots')).toBeNull();
    // The API's answer is data, never a page to list.
    expect((await get(`/api/board/${open.shareId}`)).headers['x-robots-tag']).toBe('noindex');
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/archive/folder/${alice.workspaceId}/${open.folder}/share`, headers: alice.headers, payload });
    expect(body(await patch({ enabled: true, password: 'hush-hush' })).data).toMatchObject({ indexable: true, hasPassword: true });
    const locked = await get(`/board/${open.shareId}`);
    expect([locked.headers['x-robots-tag'], head(locked.body).meta('robots')]).toEqual(['noindex', 'noindex']);
    expect(body(await patch({ enabled: true, password: null, indexable: false })).data).toMatchObject({ indexable: false, hasPassword: false });
    expect(head((await get(`/board/${open.shareId}`)).body).meta('robots')).toBe('noindex');

    const shareId = await share({ type: 'TEXT', title: 'Listed note', textSauce: { text: 'x', link: null } });
    const before = await get(`/archive/sauce/share/${shareId}`);
    expect(head(before.body).meta('robots')).toBe('noindex');
    await t.db.execute(sql`UPDATE sauces SET share_indexable = true WHERE share_id = ${shareId}`);
    const listed = await get(`/archive/sauce/share/${shareId}`);
    expect([listed.headers['x-robots-tag'], head(listed.body).meta('robots')]).toEqual([undefined, null]);
    await t.db.execute(sql`UPDATE sauces SET share_expires_at = now() WHERE share_id = ${shareId}`);
    expect((await get(`/archive/sauce/share/${shareId}`)).headers['x-robots-tag']).toBe('noindex');
  });
});

describe('every other page', () => {
  it('gives /intro and /article a title and a real description, indexable, in the reader’s language', async () => {
    const en = head((await get('/intro')).body);
    expect(en.lang).toBe('en');
    expect(en.title).toBe('Sauce · The reference archive for teams');
    expect(en.meta('description')).toMatch(/^Sauce keeps your best references in one place\./);
    expect(en.meta('robots')).toBeNull();
    expect(en.$('link[rel="canonical"]').attr('href')).toBe(`${PUBLIC_URL}/intro`);
    const ko = head((await get('/intro', 'ko')).body);
    expect(ko.lang).toBe('ko');
    expect(ko.title).toBe('Sauce · 팀을 위한 레퍼런스 아카이브');
    expect(ko.meta('description')).toMatch(/^Sauce는 좋은 레퍼런스를 한곳에 모아 두는 아카이브예요\./);
    const article = await get('/article?category=design');
    expect(article.statusCode).toBe(200);
    expect(head(article.body).meta('robots')).toBeNull();
    expect(head(article.body).title).toBe('Articles · Sauce');
  });

  it('marks every page that is not public noindex, the root and unknown paths too', async () => {
    for (const url of ['/', '/dashboard', '/archive/text?sauceId=1', '/mypage/profile', '/workspace/memberManagement', '/no/such/page', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const h = head(res.body);
      expect(h.meta('robots'), url).toBe('noindex');
      expect(h.titles).toBe(1);
    }
  });

  it('never answers /api, /files or Apple’s callback with HTML', async () => {
    for (const url of ['/api/anything-unknown', '/files/nothing', '/auth/apple/callback/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('still serves the built assets as files', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export {};\n');
  });

  it('serves the assets from one route, and a missing asset is the JSON 404, not the page', async () => {
    // Issue #11 item 7: a route for each of hundreds of chunks held about 10 MB.
    expect(t.app.routeTable.filter((r) => r.startsWith('GET /assets'))).toEqual(['GET /assets/*']);
    const res = await get('/assets/index-gone00.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body).error.code).toBe('NOT_FOUND');
    const traversal = await get('/assets/..%2findex.html');
    expect(traversal.statusCode).not.toBe(200);
  });

  it('answers HEAD like GET, without a body', async () => {
    const shareId = await share({ type: 'TEXT', title: 'Head', textSauce: { text: 'x', link: null } });
    for (const url of ['/intro', '/dashboard', `/archive/sauce/share/${shareId}`, '/archive/sauce/share/unknown', '/robots.txt']) {
      const [g, h] = [await get(url), await t.app.inject({ method: 'HEAD', url })];
      expect(h.statusCode, url).toBe(g.statusCode);
      expect(h.headers['content-type'], url).toBe(g.headers['content-type']);
      expect(h.body, url).toBe('');
    }
  });
});

describe('preloads in the head (issue #11 item 3)', () => {
  it('preloads the public page’s lazy chunk, its own imports and CSS, and the reader’s language, not what the entry loads', async () => {
    const intro = [
      ['module', '/assets/intro-page-1.js'],
      ['module', '/assets/link-1.js'],
      ['style', '/assets/intro-page-1.css'],
    ];
    expect(preloads((await get('/intro')).body)).toEqual([...intro, ['module', '/assets/en-1.js']]);
    expect(preloads((await get('/intro', 'ko-KR,ko;q=0.9')).body)).toEqual([...intro, ['module', '/assets/ko-1.js']]);
    const article = await get('/article?category=design', 'ko');
    expect(preloads(article.body)).toEqual([
      ['module', '/assets/article-page-1.js'],
      ['module', '/assets/link-1.js'],
      ['module', '/assets/odd-"1".js'],
      ['module', '/assets/ko-1.js'],
    ]);
    // Attribute values are escaped; modules are fetched in CORS mode, as Vite's own preloads.
    expect(article.body).toContain('<link rel="modulepreload" crossorigin href="/assets/odd-&quot;1&quot;.js" />');
  });

  it('preloads a shared image source’s first thumbnail first, at high priority, with the URL the page’s API answer gives', async () => {
    const shareId = await share({ type: 'IMAGE', title: 'Preloaded', imageSauce: [{ id: await uploadId() }, { id: await uploadId() }] });
    const res = await get(`/archive/sauce/share/${shareId}`, 'ko');
    const api = body(await get(`/api/archive/sauce/share/${shareId}`)).data;
    const thumbnail = api.imageSauce[0].thumbnailUrl as string;
    expect(thumbnail).toMatch(/^\/files\/images\/[0-9a-f]{32}\/thumb\.webp\?exp=\d+&sig=/);
    expect(preloads(res.body)).toEqual([
      ['image', thumbnail],
      ['module', '/assets/share-page-1.js'],
      ['module', '/assets/viewer-1.js'],
      ['style', '/assets/viewer-1.css'],
      ['module', '/assets/ko-1.js'],
    ]);
    const image = head(res.body).$('link[as="image"]');
    expect([image.attr('fetchpriority'), image.attr('referrerpolicy'), image.attr('crossorigin')]).toEqual(['high', 'no-referrer', undefined]);
    expect(res.body).toContain(`href="${thumbnail.replace('&', '&amp;')}"`);
    // A text source has no image to preload; an unknown share still loads the share page (its not-found state).
    const text = await share({ type: 'TEXT', title: 'No image', textSauce: { text: 'x', link: null } });
    expect(preloads((await get(`/archive/sauce/share/${text}`)).body).map(([kind]) => kind)).not.toContain('image');
    expect(preloads((await get('/archive/sauce/share/unknown')).body)).toEqual([
      ['module', '/assets/share-page-1.js'],
      ['module', '/assets/viewer-1.js'],
      ['style', '/assets/viewer-1.css'],
      ['module', '/assets/en-1.js'],
    ]);
  });

  it('preloads only the language on other pages, and nothing for /api or /files', async () => {
    expect(preloads((await get('/dashboard', 'ko')).body)).toEqual([['module', '/assets/ko-1.js']]);
    for (const url of ['/api/anything-unknown', '/files/nothing']) {
      const res = await get(url);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.body, url).not.toMatch(/preload/);
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lets crawlers in and points them at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
  });

  it('lists the public pages as absolute URLs, and no shared source', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const $ = cheerio.load(res.body, { xml: true });
    expect($('urlset').attr('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect($('url > loc').map((_, e) => $(e).text()).get()).toEqual([`${PUBLIC_URL}/intro`, `${PUBLIC_URL}/article`]);
  });
});
