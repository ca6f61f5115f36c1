import { describe, expect, it } from 'vitest';
import { checkLink, isHttpUrl, linkDomain, linkInText } from './format.ts';

describe('links', () => {
  it('accepts only http(s) as links', () => {
    expect(isHttpUrl('https://example.com/a')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:text/html,hi')).toBe(false);
    expect(isHttpUrl(null)).toBe(false);
  });

  it('checks typed links loosely and adds https:// when missing', () => {
    expect(checkLink('  ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkLink('example.com/x')).toEqual({ ok: true, link: 'https://example.com/x' });
    expect(checkLink('http://127.0.0.1:4000/page')).toEqual({ ok: true, link: 'http://127.0.0.1:4000/page' });
    expect(checkLink('localhost:3000')).toEqual({ ok: true, link: 'https://localhost:3000' });
    expect(checkLink('javascript:alert(1)')).toEqual({ ok: false, reason: 'scheme' });
    expect(checkLink('ftp://example.com')).toEqual({ ok: false, reason: 'scheme' });
    expect(checkLink('not a link')).toEqual({ ok: false, reason: 'format' });
    expect(checkLink('word')).toEqual({ ok: false, reason: 'format' });
  });

  it('shows the domain without www', () => {
    expect(linkDomain('https://www.figma.com/file/1')).toBe('figma.com');
    expect(linkDomain('mailto:a@b.c')).toBe('');
  });
});

describe('linkInText', () => {
  it('finds the first http(s) link of a text, without the punctuation after it', () => {
    expect(linkInText('see https://example.com/a.')).toEqual({ raw: 'https://example.com/a', link: 'https://example.com/a' });
    expect(linkInText('(http://x.example/b?q=1), then https://y.example')).toEqual({ raw: 'http://x.example/b?q=1', link: 'http://x.example/b?q=1' });
    expect(linkInText('https://nodot and https://ok.example/')?.link).toBe('https://ok.example/');
  });

  it('finds nothing in a text without one', () => {
    expect(linkInText('')).toBeNull();
    expect(linkInText('javascript:alert(1) ftp://a.example example.com')).toBeNull();
  });
});
