import { describe, expect, it } from 'vitest';
import { readSharedText, sharedTextQuery } from './share-target.ts';

const LIMITS = { title: 10, text: 20, link: 40 };
const read = (query: Record<string, string>) => readSharedText(new URLSearchParams(query), LIMITS);

describe('readSharedText (issue #11 item 9: Web Share Target)', () => {
  it('is null when nothing was shared', () => {
    expect(read({})).toBeNull();
    expect(read({ sharedUrl: '  ', sharedText: '' })).toBeNull();
  });

  it('takes the shared link, title and text', () => {
    expect(read({ sharedUrl: 'https://a.example/x', sharedTitle: 'Grids', sharedText: 'A note' })).toEqual({
      title: 'Grids',
      text: 'A note',
      link: 'https://a.example/x',
    });
  });

  it('finds the link inside the text when apps put it there', () => {
    expect(read({ sharedText: 'Look https://a.example/p?q=1 now' })).toEqual({ title: '', text: 'Look now', link: 'https://a.example/p?q=1' });
  });

  it('refuses links that are not http(s) or too long, and a title that only repeats the link', () => {
    expect(read({ sharedUrl: 'javascript:alert(1)' })).toEqual({ title: '', text: '', link: null });
    expect(read({ sharedUrl: `https://a.example/${'x'.repeat(40)}` })?.link).toBeNull();
    expect(read({ sharedUrl: 'https://a.example/', sharedTitle: 'https://a.example/' })?.title).toBe('');
  });

  it('cuts title and text to their limits by characters, never inside an emoji', () => {
    const shared = read({ sharedTitle: '🍅'.repeat(12), sharedText: '가'.repeat(30) });
    expect(shared?.title).toBe('🍅'.repeat(10));
    expect(shared?.text).toBe('가'.repeat(20));
  });

  it('round-trips through the query the service worker builds', () => {
    const query = sharedTextQuery({ url: ' https://a.example/ ', title: '', text: 'note & more' });
    expect(query).toBe('sharedUrl=https%3A%2F%2Fa.example%2F&sharedText=note+%26+more');
    expect(readSharedText(new URLSearchParams(query), LIMITS)).toEqual({ title: '', text: 'note & more', link: 'https://a.example/' });
  });
});
