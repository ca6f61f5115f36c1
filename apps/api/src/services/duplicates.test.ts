import { describe, expect, it } from 'vitest';
import { isTracking, linkKey, TRACKING_PARAMS } from './duplicates.ts';

/** Issue #21 item 5: a link's key, what duplicates are compared by. */
describe('linkKey', () => {
  const base = 'example.com/guide';

  it('treats http and https, www. and the host\'s case alike', () => {
    for (const link of ['https://example.com/guide', 'http://example.com/guide', 'https://www.example.com/guide', 'HTTPS://WWW.Example.COM/guide']) {
      expect(linkKey(link), link).toBe(base);
    }
    // Only a leading www. goes; the path keeps its case.
    expect(linkKey('https://wwwexample.com/Guide')).toBe('wwwexample.com/Guide');
    expect(linkKey('https://example.com/Guide')).not.toBe(base);
  });

  it('drops a trailing slash, a default port and the fragment', () => {
    expect(linkKey('https://example.com/guide/')).toBe(base);
    expect(linkKey('https://example.com/guide///')).toBe(base);
    expect(linkKey('https://example.com/')).toBe('example.com');
    expect(linkKey('https://example.com')).toBe('example.com');
    expect(linkKey('https://example.com:443/guide')).toBe(base);
    expect(linkKey('http://example.com:80/guide')).toBe(base);
    expect(linkKey('http://example.com:8080/guide')).toBe('example.com:8080/guide');
    expect(linkKey('https://example.com/guide#section-2')).toBe(base);
    // A single-page app's route is the page.
    expect(linkKey('https://example.com/#/board/1')).toBe('example.com#/board/1');
    expect(linkKey('https://example.com/#!/board/1')).toBe('example.com#!/board/1');
  });

  it('removes each tracking parameter and sorts the rest', () => {
    const tracking = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'UTM_Source', ...TRACKING_PARAMS];
    for (const name of tracking) {
      expect(isTracking(name), name).toBe(true);
      expect(linkKey(`https://example.com/guide?${name}=x`), name).toBe(base);
      expect(linkKey(`https://example.com/guide?b=2&${name}=x&a=1`), name).toBe(`${base}?a=1&b=2`);
    }
    for (const name of ['fbclid', 'gclid', 'mc_cid', 'ref']) expect(TRACKING_PARAMS.has(name)).toBe(true);
    expect(linkKey('https://example.com/guide?b=2&a=1')).toBe(linkKey('https://example.com/guide?a=1&b=2'));
    expect(linkKey('https://example.com/guide?a=2&a=1')).toBe(`${base}?a=1&a=2`);
    // A parameter that names the page stays.
    expect(linkKey('https://www.youtube.com/watch?v=abc&utm_source=x')).toBe('youtube.com/watch?v=abc');
    expect(linkKey('https://example.com/guide?id=1')).not.toBe(linkKey('https://example.com/guide?id=2'));
    expect(linkKey('https://example.com/guide?')).toBe(base);
  });

  it('puts it all together', () => {
    expect(linkKey(' https://www.Example.com/a/?b=2&utm_source=news&a=1&fbclid=z#top ')).toBe('example.com/a?a=1&b=2');
    expect(linkKey('https://블로그.한국/글/')).toBe(linkKey('http://www.블로그.한국/글'));
  });

  it('leaves links that are not http(s) as they are', () => {
    expect(linkKey('ftp://www.example.com/file/?utm_source=x')).toBe('ftp://www.example.com/file/?utm_source=x');
    expect(linkKey('mailto:Someone@Example.com')).toBe('mailto:Someone@Example.com');
    expect(linkKey('not a link')).toBe('not a link');
    expect(linkKey('  example.com/guide/ ')).toBe('example.com/guide/');
  });
});
