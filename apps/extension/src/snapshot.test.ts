import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { challengeOf, makeVerifier } from './pkce.ts';
import { absolute, cssUrls, isSafeUrl, rewriteCssUrls, takeSnapshot } from './snapshot.ts';
import { addTag, clampCounted, normalizeTag } from './tags.ts';
import { normalizeServer } from './settings.ts';

describe('the snapshotter (issue #20)', () => {
  const page = (html: string) => {
    document.open();
    document.write(html);
    document.close();
    return document;
  };

  it('removes what runs or loads, keeps the content, inlines what it can read within the budget', async () => {
    const doc = page(`<!doctype html><html><head><title>P</title><base href="https://evil.invalid/">
      <meta http-equiv="refresh" content="0;url=https://evil.invalid"><script>alert(1)</script>
      <style>body { background: url(/bg.png) } h1 { color: red }</style></head>
      <body onload="steal()"><h1 onclick="x()">Pricing</h1><a href="javascript:alert(1)">bad</a><a href="/plans">plans</a>
      <iframe src="https://ads.invalid"></iframe><img src="/logo.png" srcset="/logo@2x.png 2x"><img src="/huge.png">
      <input name="q" value="old"><svg><a xlink:href="javascript:alert(1)"></a></svg></body></html>`);
    (doc.querySelector('input') as HTMLInputElement).value = 'typed';
    const fetched: string[] = [];
    const html = await takeSnapshot(doc, {
      budgetBytes: 8_000,
      fetchResource: async (url) => {
        fetched.push(url);
        if (url.endsWith('/huge.png')) return `data:image/png;base64,${'A'.repeat(20_000)}`;
        return 'data:image/png;base64,iVBORw0KGgo=';
      },
    });
    expect(html.startsWith('<!DOCTYPE html>\n<html')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('Pricing');
    for (const gone of ['<script', 'alert(1)', 'onload', 'onclick', '<iframe', '<base', 'http-equiv', 'srcset']) expect(html).not.toContain(gone);
    expect(html).toContain(`href="${new URL('/plans', location.href).href}"`);
    expect(html).toContain('value="typed"');
    // The small image and the style's background are inlined; the huge one stays an address (budget).
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('url("data:image/png;base64,iVBORw0KGgo=")');
    expect(html).toContain(`src="${new URL('/huge.png', location.href).href}"`);
    expect(fetched.sort()).toEqual([new URL('/bg.png', location.href).href, new URL('/huge.png', location.href).href, new URL('/logo.png', location.href).href].sort());
  });

  it('tells safe addresses from script ones, and finds and rewrites CSS urls', () => {
    expect(isSafeUrl('https://a.example/x')).toBe(true);
    expect(isSafeUrl('data:image/png;base64,AA')).toBe(true);
    expect(isSafeUrl(' JavaScript:alert(1)')).toBe(false);
    expect(isSafeUrl('data:text/html,<script>')).toBe(false);
    expect(absolute('/a', 'https://x.example/b/c')).toBe('https://x.example/a');
    expect(cssUrls(`a{b:url("x.png")} c{d:url( 'y.woff2' )} e{f:url(z.gif)}`)).toEqual(['x.png', 'y.woff2', 'z.gif']);
    expect(rewriteCssUrls('a{b:url(x.png)}', (u) => (u === 'x.png' ? 'data:x' : null))).toBe('a{b:url("data:x")}');
  });
});

describe('the popup’s rules', () => {
  it('tags follow SPEC §5: letters and digits, 15 at most, lowercased, 5 per source', () => {
    expect(normalizeTag(' #UXDesign ')).toBe('uxdesign');
    expect(normalizeTag('타이포')).toBe('타이포');
    for (const bad of ['a b', 'a-b', 'x'.repeat(16), '😀', '']) expect(normalizeTag(bad)).toBeNull();
    expect(addTag(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(addTag(['a'], 'a')).toEqual(['a']);
  });

  it('cuts titles as SPEC §5 counts (line breaks not counted)', () => {
    expect(clampCounted('가나다라', 2)).toBe('가나');
    expect(clampCounted('a\nbc', 2)).toBe('a\nb');
  });

  it('takes a server address as typed', () => {
    expect(normalizeServer('sauce.example.com/dashboard')).toBe('https://sauce.example.com');
    expect(normalizeServer('http://localhost:3000/')).toBe('http://localhost:3000');
    expect(normalizeServer('javascript:alert(1)')).toBeNull();
  });

  it('makes a PKCE verifier and its S256 challenge', async () => {
    const v = makeVerifier();
    expect(v).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await challengeOf(v)).toBe(createHash('sha256').update(v).digest('base64url'));
    expect(makeVerifier()).not.toBe(v);
  });
});
