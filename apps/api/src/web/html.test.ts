import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml, loadShell, pickLanguage } from './html.ts';

/** Issue #11 item 4: the shell a page's head goes into, and the language it is written in. */

const dir = mkdtempSync(path.join(tmpdir(), 'sauce-shell-'));
const shellOf = (html: string) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.html`);
  writeFileSync(file, html);
  return loadShell(file);
};

describe('loadShell', () => {
  it('replaces the shell’s title, description and robots with the page’s, and sets <html lang>', () => {
    const shell = shellOf(
      '<!doctype html><html lang="en" class="x"><head><title>Old</title>\n<meta name="description" content="old">' +
        '<meta name="robots" content="all"></head><body></body></html>',
    );
    const html = shell.render({ lang: 'ko', title: 'A & B', description: 'C < D', noindex: true, meta: [{ property: 'og:title', content: "it's" }] });
    expect(html).toContain('<html lang="ko" class="x">');
    expect(html).not.toContain('Old');
    expect(html).not.toContain('content="old"');
    expect(html).not.toContain('content="all"');
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain('<meta name="description" content="C &lt; D" />');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<meta property="og:title" content="it&apos;s" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('writes a server-rendered page: markup in #root, state as inert JSON, the boot module instead of the entry and its preloads', () => {
    const shell = shellOf(
      '<!doctype html><html lang="en"><head><title>Old</title>\n' +
        '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
        '<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css">\n' +
        '</head><body><div id="root"></div></body></html>',
    );
    const head = {
      lang: 'en' as const,
      title: 'T',
      preload: [
        { href: '/assets/page-1.js', kind: 'module' as const },
        { href: '/assets/page-1.css', kind: 'style' as const },
        { href: '/files/a.webp?sig=1&x=2', kind: 'image' as const },
      ],
    };
    const body = { html: '<main>Hi</main>', state: { title: '</script><script>alert(1)</script>' }, stateId: 'ssr-state', boot: '/assets/boot-1.js' };
    const html = shell.render(head, body);
    expect(html).toContain('<html data-ssr lang="en">');
    expect(html).toContain('<div id="root"><main>Hi</main></div>');
    expect(html).not.toContain('/assets/index-1.js');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('/assets/page-1.js');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/page-1.css" />');
    expect(html).toContain('href="/files/a.webp?sig=1&amp;x=2"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-1.js"></script>');
    // The state cannot close its element: every '<' is escaped, and it parses back as it was.
    const json = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(body.state);
    // Without a body the same shell is the browser's: its entry and preloads kept.
    const plain = shell.render(head);
    expect(plain).toContain('<html lang="en">');
    expect(plain).toContain('/assets/index-1.js');
    expect(plain).toContain('<link rel="modulepreload" crossorigin href="/assets/page-1.js" />');
    expect(plain).not.toContain('boot-1.js');
  });

  it('refuses a shell without <html lang> or </head>, and a missing file', () => {
    expect(() => shellOf('<html><head></head></html>')).toThrow(/no <html lang/);
    expect(() => shellOf('<html lang="en"><body></body></html>')).toThrow(/no <html lang/);
    expect(() => loadShell(path.join(dir, 'missing.html'))).toThrow();
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute, and keeps Korean as it is', () => {
    expect(escapeHtml(`"'<>& 한글`)).toBe('&quot;&apos;&lt;&gt;&amp; 한글');
  });
});

describe('pickLanguage', () => {
  it('is Korean when the most preferred language is Korean, as in the web app', () => {
    expect(pickLanguage({ 'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8' })).toBe('ko');
    expect(pickLanguage({ 'accept-language': 'en;q=0.5,ko;q=0.9' })).toBe('ko');
    expect(pickLanguage({ 'accept-language': 'en-US,ko;q=0.9' })).toBe('en');
    expect(pickLanguage({ 'accept-language': 'fr,ko;q=0.5' })).toBe('en');
  });

  it('is English without the header or with a malformed one', () => {
    for (const value of [undefined, '', '*', ';;;', 'ko;q=abc,,', '한국어', 'x'.repeat(5000)]) {
      expect(pickLanguage({ 'accept-language': value }), String(value).slice(0, 20)).toBe('en');
    }
  });
});
