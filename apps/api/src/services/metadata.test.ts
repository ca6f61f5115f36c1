import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.ts';
import { budgetTurnS, budgetWaitS, cachedMetadata, EMPTY_METADATA, FETCHES_PER_MINUTE, fetchMetadata, parseMetadata, readMetadata } from './metadata.ts';

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

  it('falls back to link rel=image_src, then a large <img>, then the first non-tiny <img>', () => {
    expect(parse('<link rel="image_src" href="../thumb.png">').image).toBe('https://example.com/blog/thumb.png');
    const imgs = `
      <img src="data:image/gif;base64,R0lGOD" width="800" height="600">
      <img src="/icon.png" width="16" height="16">
      <img src="/small.png" width="120" height="90">
      <img src="pics/big.jpg" width="640" height="480px">`;
    expect(parse('', imgs).image).toBe('https://example.com/blog/post/pics/big.jpg');
    expect(parse('', '<img src="/pixel.gif" width="1" height="1"><img src="/logo.png">').image).toBe('https://example.com/logo.png');
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
