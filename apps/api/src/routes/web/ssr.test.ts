import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { startOfRoomyWindow } from '../../test/rate-window.ts';
import { RENDERS_PER_MINUTE } from './index.ts';

/**
 * Issue #11 items 2 and 3: public pages rendered on the server for signed-out visitors,
 * through HTTP, with a stand-in for the web app's renderer (apps/web entry-server.tsx, whose
 * real output the browser tests check): when the API uses it, what it hands it, and what the
 * page around it is.
 */

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Sauce</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  'src/boot.ts': { file: 'assets/boot-1.js', isEntry: true },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/routes/intro/intro-page.tsx': { file: 'assets/intro-page-1.js', imports: ['index.html'], css: ['assets/intro-page-1.css'] },
  'src/routes/article/article-page.tsx': { file: 'assets/article-page-1.js', imports: ['index.html'] },
  'src/routes/share/share-page.tsx': { file: 'assets/share-page-1.js', imports: ['index.html'] },
  'src/routes/board/board-page.tsx': { file: 'assets/board-page-1.js', imports: ['index.html'] },
  'src/i18n/ko.ts': { file: 'assets/ko-1.js', imports: ['index.html'] },
  'src/i18n/en.ts': { file: 'assets/en-1.js', imports: ['index.html'] },
};

/**
 * The renderer's stand-in, as `vite build --ssr` would place it beside the web build: it
 * asks the API for the article categories (and tries a write, which must be refused), fails
 * or declines when the URL says so, and returns markup naming what it was given.
 */
const RENDERER = `
export const STATE_ELEMENT_ID = 'ssr-state';
export async function render(req) {
  if (req.url.includes('boom')) throw new Error('boom');
  if (req.url.includes('decline')) return null;
  const res = await req.fetch(new URL('/api/discovery/articles/category', req.origin));
  let refused = null;
  try { await req.fetch(new URL('/api/auth/logout', req.origin), { method: 'POST' }); } catch (e) { refused = e.message; }
  const categories = (await res.json()).data.length;
  return {
    html: '<main id="rendered">' + req.lang + ' ' + req.url + ' ' + res.status + '</main>',
    state: { origin: req.origin, categories, refused, note: '</script><script>alert(1)</script>' },
  };
}
`;

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sauce-ssr-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  t = await buildTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://sauce.example' });
  alice = await buildUser(t, 'alice');
});

const get = (url: string, opts: { lang?: string; cookie?: string; from?: string } = {}) =>
  t.app.inject({
    url,
    remoteAddress: opts.from ?? '198.51.100.1',
    headers: { ...(opts.lang ? { 'accept-language': opts.lang } : {}), ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  });

/** What a page is made of: server-rendered markup (or none), its state, its scripts. */
function page(html: string) {
  const $ = cheerio.load(html);
  const state = $('script#ssr-state');
  return {
    ssr: $('html').attr('data-ssr') !== undefined,
    rendered: $('#rendered').text() || null,
    root: $('#root').html()?.trim() ?? '',
    state: state.length ? (JSON.parse(state.text()) as Record<string, unknown>) : null,
    stateSource: state.html() ?? '',
    scripts: $('script[type="module"]').map((_, el) => $(el).attr('src')).get(),
    modulePreloads: $('link[rel="modulepreload"]').length,
    stylesheets: $('link[rel="stylesheet"]').map((_, el) => $(el).attr('href')).get(),
  };
}

describe('public pages rendered on the server', () => {
  it('signed out: the page’s markup and state, the boot module instead of the app, in the visitor’s language', async () => {
    const res = await get('/intro', { lang: 'ko-KR,ko;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers.vary).split(', ')).toEqual(expect.arrayContaining(['accept-language', 'cookie']));
    const p = page(res.body);
    expect(p.ssr).toBe(true);
    expect(p.rendered).toBe('ko /intro 200');
    expect(p.scripts).toEqual(['/assets/boot-1.js']);
    expect(p.modulePreloads).toBe(0);
    expect(p.stylesheets).toEqual(['/assets/index-1.css', '/assets/intro-page-1.css']);
    // The API answered the renderer in process, as the public origin, and refused its write.
    expect(p.state).toMatchObject({ origin: 'https://sauce.example', categories: 5, refused: expect.stringMatching(/may only read, not POST/) });
    // The state cannot end its element.
    expect(p.stateSource).not.toContain('<');
    expect(p.state!.note).toBe('</script><script>alert(1)</script>');

    const article = page((await get('/article?category=2&search=grid', { lang: 'en' })).body);
    expect(article.rendered).toBe('en /article?category=2&search=grid 200');
  });

  it('a shared source is rendered; an unknown one is the 404 page the browser renders', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}`,
      headers: alice.headers,
      payload: { type: 'TEXT', title: 'Grids', textSauce: { text: 'Twelve columns', link: null }, tagSet: [] },
    });
    const id = body(created).data.id as number;
    const shared = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}/${id}/share`,
      headers: alice.headers,
      payload: { isShareEnabled: true },
    });
    const shareId = (body(shared).data.link as string).split('/').pop()!;
    const res = await get(`/archive/sauce/share/${shareId}`);
    expect(res.statusCode).toBe(200);
    expect(page(res.body).rendered).toBe(`en /archive/sauce/share/${shareId} 200`);

    const unknown = await get('/archive/sauce/share/not-a-share-id-at-all');
    expect(unknown.statusCode).toBe(404);
    expect(page(unknown.body).ssr).toBe(false);
    expect(page(unknown.body).root).toBe('');
  });

  it('a board is rendered (issue #32); a protected one is the shell the browser renders, asking for the password', async () => {
    const folder = async (name: string) =>
      body(await t.app.inject({ method: 'POST', url: `/api/archive/folder/${alice.workspaceId}`, headers: alice.headers, payload: { name } })).data.id as number;
    const shareOf = async (id: number, payload: object) =>
      body(await t.app.inject({ method: 'PATCH', url: `/api/archive/folder/${alice.workspaceId}/${id}/share`, headers: alice.headers, payload })).data.shareId as string;
    const open = await shareOf(await folder('Open board'), { enabled: true });
    const res = await get(`/board/${open}`);
    expect(res.statusCode).toBe(200);
    expect(page(res.body).rendered).toBe(`en /board/${open} 200`);
    const locked = await get(`/board/${await shareOf(await folder('Locked'), { enabled: true, password: 'pw' })}`);
    expect(locked.statusCode).toBe(200);
    expect([page(locked.body).ssr, page(locked.body).root]).toEqual([false, '']);
  });

  it('signed in, or when the renderer fails or declines, the page is the app’s shell, never an error', async () => {
    for (const [url, cookie] of [
      ['/intro', 'refresh_token=anything'],
      ['/article', 'access_token=anything'],
      ['/intro?boom', undefined],
      ['/intro?decline', undefined],
    ] as const) {
      const res = await get(url, { cookie });
      expect(res.statusCode, url).toBe(200);
      const p = page(res.body);
      expect(p.ssr, url).toBe(false);
      expect(p.root, url).toBe('');
      expect(p.state, url).toBeNull();
      expect(p.scripts, url).toEqual(['/assets/index-1.js']);
      expect(p.modulePreloads, url).toBeGreaterThan(0);
    }
  });

  it(`renders at most ${RENDERS_PER_MINUTE} pages a minute for one address; past that the browser renders them`, async () => {
    const from = '203.0.113.7';
    await startOfRoomyWindow(60_000);
    for (let i = 0; i < RENDERS_PER_MINUTE; i++) expect(page((await get('/intro', { from })).body).ssr).toBe(true);
    const over = await get('/intro', { from });
    expect(over.statusCode).toBe(200);
    expect(page(over.body).ssr).toBe(false);
    expect(page(over.body).scripts).toEqual(['/assets/index-1.js']);
    // Another visitor is not affected.
    expect(page((await get('/intro', { from: '203.0.113.8' })).body).ssr).toBe(true);
  });
});
