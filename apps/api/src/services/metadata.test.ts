import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.ts';
import { IMAGE_PAGES } from './__fixtures__/image-pages.ts';
import { budgetTurnS, budgetWaitS, FETCHES_PER_MINUTE } from './fetch-budget.ts';
import { parseMetadata } from './html-metadata.ts';
import { cachedMetadata, EMPTY_METADATA, fetchMetadata, readMetadata } from './metadata.ts';

const PAGE = 'https://example.com/blog/post/index.html';
const parse = (head: string, body = '') => parseMetadata(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, PAGE);

describe('parseMetadata', () => {
  it('prefers Open Graph, then Twitter, then <title> and meta description', () => {
    const all = parse(`
      <title>Doc title</title><meta name="description" content="Doc description">
      <meta name="twitter:title" content="Twitter title"><meta name="twitter:description" content="Twitter description">
      <meta property="og:title" content="OG title"><meta property="og:description" content="OG description">
      <meta property="og:image" content="/og.png"><meta name="twitter:image" content="https://cdn.example.com/tw.png">`);
    expect(all).toEqual({ title: 'OG title', description: 'OG description', image: 'https://example.com/og.png' });
    const twitter = parse(`<title>Doc</title><meta name="twitter:title" content="Twitter title">
      <meta name="twitter:description" content="Twitter description"><meta name="twitter:image:src" content="//cdn.example.com/tw.png">`);
    expect(twitter).toEqual({ title: 'Twitter title', description: 'Twitter description', image: 'https://cdn.example.com/tw.png' });
    expect(parse('<title>Doc</title><meta name="description" content="Desc">')).toEqual({ title: 'Doc', description: 'Desc', image: '' });
  });

  it('accepts og: keys under name= and in any case', () => {
    expect(parse('<meta name="OG:Title" content="Named">').title).toBe('Named');
  });

  it('reads JSON-LD: @graph, page types before the site, image objects and arrays', () => {
    const ld = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'The Site', description: 'Site tagline' },
        { '@type': 'Organization', name: 'Org', logo: { '@type': 'ImageObject', url: '/logo.png' }, image: '/org.png' },
        { '@type': ['BlogPosting'], headline: 'Post &amp; headline', description: 'Post description', image: [{ '@type': 'ImageObject', url: 'hero.jpg' }, 'other.jpg'] },
      ],
    };
    expect(parse(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`)).toEqual({
      title: 'Post & headline',
      description: 'Post description',
      image: 'https://example.com/blog/post/hero.jpg',
    });
    const product = [{ '@type': 'Product', name: 'Chair', image: { contentUrl: 'https://img.example.com/c.jpg' } }];
    expect(parse(`<script type="application/ld+json; charset=utf-8">${JSON.stringify(product)}</script>`)).toMatchObject({
      title: 'Chair',
      image: 'https://img.example.com/c.jpg',
    });
  });

  it('ignores broken JSON-LD', () => {
    expect(parse('<script type="application/ld+json">{ nope</script><title>Still</title>').title).toBe('Still');
  });

  it('falls back to link rel=image_src, then a large <img>, then the first plausibly large <img>', () => {
    expect(parse('<link rel="image_src" href="../thumb.png">').image).toBe('https://example.com/blog/thumb.png');
    const imgs = `
      <img src="data:image/gif;base64,R0lGOD" width="800" height="600">
      <img src="/icon.png" width="16" height="16">
      <img src="/small.png" width="120" height="90">
      <img src="pics/big.jpg" width="640" height="480px">`;
    expect(parse('', imgs).image).toBe('https://example.com/blog/post/pics/big.jpg');
    expect(parse('', '<img src="/pixel.gif" width="1" height="1"><img src="/photo.png">').image).toBe('https://example.com/photo.png');
    expect(parse('', '<img src="/pixel.gif" width="1" height="1"><img src="/logo.png">').image).toBe(''); // issue #31: never a logo
    expect(parse('', '<img data-src="/lazy.jpg" width="400" height="300">').image).toBe('https://example.com/lazy.jpg');
  });

  it('resolves against <base href> and keeps only http(s) image URLs', () => {
    expect(parse('<base href="https://static.example.org/a/"><meta property="og:image" content="x.png">').image).toBe(
      'https://static.example.org/a/x.png',
    );
    expect(parse('<meta property="og:image" content="javascript:alert(1)"><link rel="image_src" href="/ok.png">').image).toBe(
      'https://example.com/ok.png',
    );
    expect(parse('<meta property="og:image" content="data:image/png;base64,AAAA">').image).toBe('');
    expect(parse(`<meta property="og:image" content="/${'a'.repeat(3000)}.png">`).image).toBe('');
  });

  it('decodes entities, collapses whitespace and caps lengths', () => {
    const m = parse(`<title>  Tom &amp; Jerry&#39;s
      &quot;Show&quot;\t&#xAC00;&nbsp;</title><meta name="description" content="  a&nbsp;&nbsp; b \n c  ">`);
    expect(m).toEqual({ title: 'Tom & Jerry\'s "Show" 가', description: 'a b c', image: '' });
    const long = parse(`<title>${'가'.repeat(400)}</title><meta name="description" content="${'d'.repeat(1500)}">`);
    expect(Array.from(long.title)).toHaveLength(300);
    expect(long.description).toHaveLength(1000);
  });

  it('ignores <title> inside inline SVG', () => {
    expect(parse('', '<svg><title>icon</title></svg>').title).toBe('');
  });

  it('decodes bytes by BOM, Content-Type charset, then <meta charset>, else UTF-8', () => {
    const euckr = Buffer.from([199, 209, 177, 185, 190, 238]); // 한국어
    const wrap = (head: string) => Buffer.concat([Buffer.from(`<html><head>${head}<title>`), euckr, Buffer.from('</title></head></html>')]);
    expect(parseMetadata(wrap(''), PAGE, 'euc-kr').title).toBe('한국어');
    expect(parseMetadata(wrap('<meta charset="euc-kr">'), PAGE).title).toBe('한국어');
    expect(parseMetadata(wrap('<meta http-equiv="Content-Type" content="text/html; charset=EUC-KR">'), PAGE).title).toBe('한국어');
    expect(parseMetadata(Buffer.from('<title>한국어 ✓</title>'), PAGE).title).toBe('한국어 ✓');
    expect(parseMetadata(Buffer.from('<title>한국어</title>'), PAGE, 'no-such-charset').title).toBe('한국어');
  });
});

describe('readMetadata, fetchMetadata and cachedMetadata', () => {
  const servers: http.Server[] = [];
  const serve = async (handler: http.RequestListener, host = '127.0.0.1') => {
    const server = http.createServer(handler);
    let connections = 0;
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    servers.push(server);
    return { origin: `http://${host}:${(server.address() as AddressInfo).port}`, connections: () => connections };
  };
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });

  it('refuses a redirect into a refused address', async () => {
    const inner = await serve((_req, res) => res.end('<title>internal</title>'), '127.0.0.2');
    const outer = await serve((_req, res) => {
      res.writeHead(302, { location: `${inner.origin}/` });
      res.end();
    });
    const opts = { allowPrivate: false, allowAddress: (ip: string) => ip === '127.0.0.1' };
    await expect(fetchMetadata(`${outer.origin}/`, opts)).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED', status: 400 });
    await expect(readMetadata(`${outer.origin}/`, opts)).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED', status: 400 });
    expect(inner.connections()).toBe(0);
  });

  it('answers empty for a page that cannot be read (fetchMetadata, logged) and says why (readMetadata)', async () => {
    const log = { info: vi.fn() };
    expect(await fetchMetadata('http://127.0.0.1:1/', { allowPrivate: true, log })).toEqual(EMPTY_METADATA);
    expect(log.info).toHaveBeenCalledWith(expect.anything(), 'failed to fetch metadata');
    await expect(readMetadata('http://127.0.0.1:1/', { allowPrivate: true })).rejects.toMatchObject({ name: 'SafeFetchError', reason: 'network' });
    await expect(fetchMetadata('javascript:alert(1)', { allowPrivate: false })).rejects.toBeInstanceOf(AppError);
  });

  it('caches a page for an hour and shares one fetch between concurrent calls', async () => {
    let hits = 0;
    const s = await serve((_req, res) => {
      hits++;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<title>Cached</title>');
      }, 50);
    });
    const opts = { allowPrivate: true };
    const [a, b] = await Promise.all([fetchMetadata(`${s.origin}/c`, opts), fetchMetadata(`${s.origin}/c`, opts)]);
    expect([a.title, b.title, hits]).toEqual(['Cached', 'Cached', 1]);
    expect((await fetchMetadata(`${s.origin}/c`, opts)).title).toBe('Cached');
    expect(hits).toBe(1);
    expect((await cachedMetadata(`${s.origin}/c`, opts))?.title).toBe('Cached');
    expect(await cachedMetadata(`${s.origin}/other`, opts)).toBeUndefined();
    // A cached result from a permissive policy is never served to a strict one.
    expect(await cachedMetadata(`${s.origin}/c`, { allowPrivate: false })).toBeUndefined();
    await expect(fetchMetadata(`${s.origin}/c`, { allowPrivate: false })).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
  });
});

describe('places of jobs put off for a spent fetch budget (issue #29)', () => {
  it('starts at the next minute, one a second, FETCHES_PER_MINUTE a minute, each person apart', () => {
    const now = Date.UTC(2026, 11, 2, 10, 0, 42); // 18 s before the next minute
    expect(budgetWaitS(901, now)).toBeUndefined(); // nothing put off yet: now
    const waits = Array.from({ length: FETCHES_PER_MINUTE + 2 }, () => budgetTurnS(901, now));
    expect(waits.slice(0, 3)).toEqual([18, 19, 20]);
    expect(waits[FETCHES_PER_MINUTE]).toBe(18 + 60); // the minute after: no place is given twice
    // A new job of the same person queues after them, not now; another person's is free.
    expect(budgetWaitS(901, now)).toBe(18 + 62);
    expect(budgetWaitS(902, now)).toBeUndefined();
    expect(budgetTurnS(902, now)).toBe(18);
    // Once their places have passed, the person starts afresh.
    expect(budgetWaitS(901, now + 5 * 60_000)).toBeUndefined();
  });
});

describe("parseMetadata: the page's image (issue #31)", () => {
  const ldScript = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
  const image = (head: string, body = '', url = PAGE) => parseMetadata(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, url).image;
  /** What no card may show: icons, logos, avatars, pixels, sprites, badges, emoji. */
  const ICONISH = /favicon|apple-touch|logo|icon|avatar|gravatar|pixel|1x1|spacer|sprite|badge|shields|emoji|\.svg|\.ico/i;

  it('takes og:image, og:image:url, og:image:secure_url, then twitter:image and twitter:image:src, then image_src', () => {
    const all = [
      '<meta property="og:image" content="/a.jpg">',
      '<meta property="og:image:url" content="/b.jpg">',
      '<meta property="og:image:secure_url" content="https://example.com/c.jpg">',
      '<meta name="twitter:image" content="/d.jpg">',
      '<meta property="twitter:image:src" content="/e.jpg">',
      '<link rel="image_src" href="/f.jpg">',
    ];
    for (let i = 0; i < all.length; i++) expect(image(all.slice(i).join(''))).toBe(`https://example.com/${'abcdef'[i]}.jpg`);
  });

  it('reads a news article that has only a JSON-LD ImageObject, not its publisher’s logo', () => {
    const article = {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Council approves budget',
      publisher: { '@type': 'NewsMediaOrganization', name: 'Daily', logo: { '@type': 'ImageObject', url: 'https://daily.example/logo-600x60.png' } },
      image: { '@type': 'ImageObject', url: 'https://cdn.daily.example/2024/council.jpg', width: 1200, height: 675 },
    };
    expect(image(ldScript(article), '<article><p>Text</p></article>')).toBe('https://cdn.daily.example/2024/council.jpg');
    // contentUrl and thumbnailUrl of an ImageObject, and a VideoObject's thumbnailUrl.
    expect(image(ldScript({ '@type': 'Article', image: { '@type': 'ImageObject', contentUrl: '/c.jpg' } }))).toBe('https://example.com/c.jpg');
    expect(image(ldScript({ '@type': 'Article', thumbnailUrl: 'thumb.jpg' }))).toBe('https://example.com/blog/post/thumb.jpg');
    expect(image(ldScript({ '@type': 'VideoObject', thumbnailUrl: ['https://i.example/v/hq.jpg'] }))).toBe('https://i.example/v/hq.jpg');
  });

  it('follows JSON-LD @id references (Yoast’s #primaryimage) and never takes an Organization’s or a Person’s image', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Organization', '@id': '/#org', logo: { '@id': '/#logo' }, image: { '@id': '/#logo' } },
        { '@type': 'ImageObject', '@id': '/#logo', url: '/uploads/mark.png' },
        { '@type': 'Person', '@id': '/#jane', image: { '@type': 'ImageObject', url: '/uploads/jane.jpg' } },
        { '@type': 'Article', '@id': '/post/#article', author: { '@id': '/#jane' }, image: { '@id': '/post/#primaryimage' } },
        { '@type': 'ImageObject', '@id': '/post/#primaryimage', url: '/uploads/2023/hero.jpg' },
      ],
    };
    expect(image(ldScript(graph))).toBe('https://example.com/uploads/2023/hero.jpg');
    const onlySite = { '@graph': graph['@graph'].slice(0, 3) };
    expect(image(ldScript(onlySite))).toBe('');
    expect(image(ldScript({ '@type': 'Organization', logo: '/o.png', image: '/o.png' }))).toBe('');
  });

  it('reads a blog that has only link rel=image_src', () => {
    const blog = '<title>Spring</title><link rel="stylesheet" href="/s.css"><link rel="IMAGE_SRC" href="//images.blog.example/s320/spring.jpg">';
    expect(image(blog, '<div class="post-body"><p>Flowers</p></div>')).toBe('https://images.blog.example/s320/spring.jpg');
  });

  it('reads microdata itemprop=image from a <meta>, an <img>, a <link> and an ImageObject scope, not from a Person or an Organization', () => {
    expect(image('<meta itemprop="image" content="/m.jpg">')).toBe('https://example.com/m.jpg');
    expect(image('', '<div itemscope itemtype="https://schema.org/Recipe"><img itemprop="image" data-src="/r.jpg" src="data:,"></div>')).toBe('https://example.com/r.jpg');
    expect(image('', '<div itemscope itemtype="https://schema.org/Product"><link itemprop="image" href="/p.jpg"></div>')).toBe('https://example.com/p.jpg');
    const scoped = `<div itemscope itemtype="https://schema.org/Article">
      <div itemprop="author" itemscope itemtype="https://schema.org/Person"><img itemprop="image" src="/jane.jpg"></div>
      <div itemprop="publisher" itemscope itemtype="https://schema.org/Organization"><meta itemprop="image" content="/org.jpg"></div>
      <div itemprop="image" itemscope itemtype="https://schema.org/ImageObject"><meta itemprop="url" content="/cover.jpg"></div></div>`;
    expect(image('', scoped)).toBe('https://example.com/cover.jpg');
    expect(image('<meta name="thumbnail" content="/thumb.jpg">')).toBe('https://example.com/thumb.jpg');
  });

  it('reads a lazy-loaded first article image from data-src and the largest of its srcset/data-srcset', () => {
    const lazy = `<article><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/img/river-800.jpg"
      data-srcset="/img/river-400.jpg 400w, /img/river-1600.jpg 1600w, /img/river-800.jpg 800w" width="800" height="533" class="lazyload"></article>`;
    expect(image('', lazy)).toBe('https://example.com/img/river-1600.jpg');
    expect(image('', '<article><img src="/placeholder.gif" data-src="/img/real.jpg"></article>')).toBe('https://example.com/img/real.jpg');
    expect(image('', '<article><img src="/a.jpg" srcset="/a.jpg 1x, /a@3x.jpg 3x, /a@2x.jpg 2x"></article>')).toBe('https://example.com/a@3x.jpg');
    // Commas inside a srcset URL (Cloudinary) do not split it.
    const cloudinary = '<article><img srcset="https://res.example/image/upload/w_400,h_300/a.jpg 400w, https://res.example/image/upload/w_1200,h_900/a.jpg 1200w"></article>';
    expect(image('', cloudinary)).toBe('https://res.example/image/upload/w_1200,h_900/a.jpg');
    // <picture> sources, and a <noscript> copy when the <img> has only a placeholder.
    expect(image('', '<main><picture><source type="image/webp" srcset="/p.webp 600w, /p-big.webp 1200w"><img src="/p.jpg"></picture></main>')).toBe(
      'https://example.com/p-big.webp',
    );
    expect(image('', '<main><img src="data:," class="lazy"><noscript><img src="/ns.jpg" width="900" height="600"></noscript></main>')).toBe(
      'https://example.com/ns.jpg',
    );
  });

  it('skips a 1x1 pixel and a logo to take the 1200x630 image after them', () => {
    const body = `<img src="https://www.facebook.com/tr?id=1&amp;ev=PageView&amp;noscript=1" height="1" width="1" style="display:none">
      <a href="/"><img src="/static/site-logo.png" alt="Example"></a>
      <img src="/media/story.jpg" width="1200" height="630">`;
    expect(image('', body)).toBe('https://example.com/media/story.jpg');
  });

  it('skips icons, avatars, emoji, badges, SVGs and images in sidebars, navs and comments; prefers the article', () => {
    const decoys = `<header><img src="/brand.png" width="300" height="80"></header>
      <nav><img src="/menu-photo.jpg" width="400" height="300"></nav>
      <aside><img src="/ad.jpg" width="300" height="250"></aside>
      <div class="sidebar"><img src="/related.jpg" width="300" height="200"></div>
      <img src="/hero-outside.jpg" width="1000" height="500">
      <article>
        <img src="/uploads/avatar-jane.jpg"><img class="emoji" src="/smile.png"><img src="https://img.shields.io/badge/x-y-green">
        <img src="/ui/arrow-right.png"><img src="/diagram.svg"><img alt="Site logo" src="/brand/mark.png"><img src="/thumb.jpg" width="150" height="100">
        <div class="author-box"><img src="/jane.jpg" width="200" height="200"></div>
        <img src="/inside.jpg">
      </article>
      <div id="comments"><img src="/commenter.jpg" width="300" height="300"></div>`;
    expect(image('', decoys)).toBe('https://example.com/inside.jpg');
    // Without an article, the body's first large picture; the header's only when nothing else.
    expect(image('', decoys.replace(/<article>[\s\S]*<\/article>/, ''))).toBe('https://example.com/hero-outside.jpg');
    expect(image('', '<header><img src="/brand.png" width="300" height="80"><img src="/cover.jpg" width="1200" height="400"></header>')).toBe(
      'https://example.com/cover.jpg',
    );
    expect(image('', '<header><img src="/cover.jpg"></header>')).toBe('');
  });

  it('resolves protocol-relative, root-relative and relative image URLs against the page', () => {
    expect(image('<meta property="og:image" content="//cdn.example.net/a.jpg">')).toBe('https://cdn.example.net/a.jpg');
    expect(image('<meta property="og:image" content="//cdn.example.net/a.jpg">', '', 'http://example.com/x')).toBe('http://cdn.example.net/a.jpg');
    expect(image('<link rel="image_src" href="/root.jpg">')).toBe('https://example.com/root.jpg');
    expect(image('', '<main><img src="../up.jpg"></main>')).toBe('https://example.com/blog/up.jpg');
    expect(image('', '<main><img src="same%20dir.jpg?w=1200&amp;h=630"></main>')).toBe('https://example.com/blog/post/same%20dir.jpg?w=1200&h=630');
    expect(image(ldScript({ '@type': 'Product', image: '//shop.example/p.jpg' }))).toBe('https://shop.example/p.jpg');
  });

  it('resolves every source against <base href>', () => {
    const head = '<base href="https://static.example.org/assets/">';
    expect(image(`${head}<link rel="image_src" href="i/src.png">`)).toBe('https://static.example.org/assets/i/src.png');
    expect(image(`${head}${ldScript({ '@type': 'Article', image: 'ld.png' })}`)).toBe('https://static.example.org/assets/ld.png');
    expect(image(head, '<article><img data-src="lazy.jpg" width="600" height="400"></article>')).toBe('https://static.example.org/assets/lazy.jpg');
    // A relative <base> resolves against the page; a non-http(s) one is ignored.
    expect(image('<base href="/cdn/"><meta property="og:image" content="x.png">')).toBe('https://example.com/cdn/x.png');
    expect(image('<base href="javascript:alert(1)//"><meta property="og:image" content="x.png">')).toBe('https://example.com/blog/post/x.png');
  });

  it('never takes a favicon or an apple-touch-icon, nor a pixel or favicon any source names', () => {
    const icons = `<link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" href="/apple-touch-icon.png">
      <link rel="apple-touch-icon-precomposed" sizes="180x180" href="/touch.png"><link rel="shortcut icon" href="/favicon.png">
      <meta name="msapplication-TileImage" content="/mstile-144x144.png">`;
    expect(image(icons)).toBe('');
    expect(image('<meta property="og:image" content="/favicon.ico"><meta name="twitter:image" content="/card.png">')).toBe('https://example.com/card.png');
    expect(image('<meta property="og:image" content="https://example.com/"><link rel="image_src" href="/pixel.gif">')).toBe('');
  });

  it('yields image "" for a page with nothing usable', () => {
    const nothing = `<title>Plain</title><link rel="icon" href="/favicon.svg"><link rel="apple-touch-icon" href="/apple-touch-icon.png">
      <meta property="og:image" content="data:image/png;base64,AAAA"><meta name="twitter:image" content="javascript:void(0)">
      ${ldScript({ '@type': 'WebSite', name: 'Plain', image: '/site-logo.png' })}`;
    const body = `<header><img src="/logo.svg"></header><main><p>Text only.</p><img src="data:image/gif;base64,R0lGOD" width="800" height="600">
      <img src="/spacer.gif"><img src="/pic.jpg" width="1" height="1"><img src="/avatar.jpg" hidden><img src="/x.jpg" aria-hidden="true"><img src=""></main>`;
    expect(parseMetadata(`<html><head>${nothing}</head><body>${body}</body></html>`, PAGE)).toEqual({ title: 'Plain', description: '', image: '' });
    expect(image('')).toBe('');
  });

  it(`finds the image of at least 95% of ${IMAGE_PAGES.length} real-world-style pages, and never an icon or a pixel`, () => {
    const results = IMAGE_PAGES.map((p) => ({ ...p, got: parseMetadata(p.html, p.url).image }));
    const withImage = results.filter((r) => r.image);
    const found = withImage.filter((r) => r.got === r.image);
    expect(withImage.length).toBeGreaterThanOrEqual(20);
    expect(found.length / withImage.length, found.length === withImage.length ? '' : JSON.stringify(withImage.filter((r) => r.got !== r.image).map((r) => [r.name, r.got]))).toBeGreaterThanOrEqual(0.95);
    for (const r of results) {
      expect(r.got, r.name).not.toMatch(ICONISH);
      // What is found is the page's picture, never a decoy; a page with nothing but icons,
      // logos and avatars yields none (a miss elsewhere counts against the 95% above).
      if (r.got || !r.image) expect(r.got, r.name).toBe(r.image);
    }
  });

  it('stays linear on a large page of images, deep nesting and unclosed <noscript> tags', () => {
    const imgs = '<div class="c"><img src="/i.png" width="10" height="10"></div>'.repeat(20_000);
    const deep = `${'<div>'.repeat(5_000)}<img src="/deep.jpg">${'</div>'.repeat(5_000)}`;
    const unclosed = `<noscript>${'<img src=/n.jpg '.repeat(10_000)}</noscript>`;
    const html = `<html><head></head><body>${unclosed}${imgs}${deep}<main><img src="/late.jpg"></main></body></html>`;
    expect(html.length).toBeGreaterThan(1_000_000);
    const t0 = performance.now();
    const meta = parseMetadata(html, PAGE);
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(meta.image).toBe(''); // only the first 400 image elements are read: the late one is past the bound
  });
});
