// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';
import { sauceFixture } from './test/sauces.ts';

/**
 * The server renderer (issue #11 items 2 and 3) as the API calls it, in Node: each page's API
 * calls go to that page's own `fetch` even while several pages render at once, and the page
 * is written from what they answered, in the language asked for.
 */

const CATEGORIES = [
  { id: -1, category: 'all', icon: 'layout-grid', articleCount: 1 },
  { id: 1, category: 'design', icon: 'palette', articleCount: 1 },
  { id: 2, category: 'business', icon: 'briefcase-business', articleCount: 0 },
  { id: 3, category: 'development', icon: 'code-xml', articleCount: 0 },
  { id: 4, category: 'marketing', icon: 'megaphone', articleCount: 0 },
];
const article = (title: string) => ({
  id: 1,
  title,
  destination: 'https://example.com/a',
  publishedAt: null,
  thumbnail: null,
  favicon: null,
  tags: ['grid'],
  uploader: 'Example',
  uploaderLink: 'https://example.com',
  category: 'design',
  categoryId: 1,
  language: 'en',
});

/** A visitor's API: answers the article page's two reads after `delayMs`, with `title` as the one article; records the paths asked. */
function visitorApi(title: string, delayMs: number) {
  const asked: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    asked.push(url.pathname);
    await new Promise((r) => setTimeout(r, delayMs));
    const data = url.pathname.endsWith('/category') ? CATEGORIES : { results: [article(title)], count: 1, next: null, previous: null };
    return new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

describe('entry-server render', () => {
  it('renders pages at once, each from its own visitor’s answers, in its language', async () => {
    const a = visitorApi('Grids for visitor A', 30);
    const b = visitorApi('Colour for visitor B', 5);
    const origin = 'https://sauce.example';
    const [pageA, pageB] = await Promise.all([
      render({ url: '/article', lang: 'en', origin, fetch: a.fetch }),
      render({ url: '/article?category=1', lang: 'ko', origin, fetch: b.fetch }),
    ]);
    expect(a.asked.sort()).toEqual(['/api/discovery/articles', '/api/discovery/articles/category']);
    expect(b.asked.sort()).toEqual(['/api/discovery/articles', '/api/discovery/articles/category']);
    expect(pageA!.html).toContain('Grids for visitor A');
    expect(pageA!.html).not.toContain('visitor B');
    expect(pageA!.html).toContain('All articles');
    expect(pageA!.html).not.toContain('<title>'); // the head's, written by the server
    expect(pageB!.html).toContain('Colour for visitor B');
    expect(pageB!.html).toContain('디자인');
  });

  it('declines a page whose read failed (an unknown share), so that the browser renders it', async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: 'gone' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })) as typeof globalThis.fetch;
    expect(await render({ url: '/archive/sauce/share/abc', lang: 'en', origin: 'https://sauce.example', fetch })).toBeNull();
  });

  it('renders a board (issue #32) complete for a signed-out visitor: names, cards, lazy pictures with sizes', async () => {
    const asked: string[] = [];
    const sauces = [
      sauceFixture('IMAGE', { id: 1, title: 'Lookbook', isEditable: false }, [11, 12]),
      ...Array.from({ length: 9 }, (_, i) => sauceFixture('IMAGE', { id: 10 + i, title: `Poster ${i}`, isEditable: false }, [100 + i])),
      sauceFixture('TEXT', { id: 2, title: 'Specimen', textSauce: { text: 'Serif ideas', link: 'https://fonts.example.com' }, isEditable: false }),
    ];
    const fetch = (async (input: string | URL | Request) => {
      asked.push(new URL(input instanceof Request ? input.url : input).pathname);
      const data = { shareId: 'b0ard', space: { name: 'Studio' }, folder: { name: 'Campaign refs' }, sauces, nextCursor: 'next' };
      return new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const page = await render({ url: '/board/b0ard', lang: 'en', origin: 'https://sauce.example', fetch });
    expect(asked).toEqual(['/api/board/b0ard']);
    expect(page!.html).toContain('Campaign refs');
    expect(page!.html).toContain('Studio');
    expect(page!.html).toContain('Serif ideas');
    expect(page!.html).toContain('srcSet="/files/11-t.webp 640w, /files/11.webp 1600w"');
    // The first rows load at once, the rest lazily.
    expect(page!.html.match(/loading="eager"/g)).toHaveLength(9);
    expect(page!.html.match(/loading="lazy"/g)).toHaveLength(2);
    expect(page!.html).toContain('Try Sauce');
    expect(page!.html).not.toContain('to Sauce”');
    expect(JSON.stringify(page!.state)).toContain('"nextCursor":"next"');
  });

  it('declines a protected or expired board, whose notice the browser shows', async () => {
    for (const [status, code] of [[401, 'SHARE_PASSWORD_REQUIRED'], [410, 'SHARE_EXPIRED']] as const) {
      const fetch = (async () =>
        new Response(JSON.stringify({ success: false, error: { code, message: code } }), { status, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
      expect(await render({ url: '/board/b0ard', lang: 'ko', origin: 'https://sauce.example', fetch })).toBeNull();
    }
  });
});
