import { describe, expect, it } from 'vitest';
import { mostSpecific, searchWords } from './search.ts';

/**
 * Issue #28 item 3: a search reads each of its words once — a repeated word, a word that
 * another word of the query starts (searched as prefixes) or a Korean run inside another
 * adds cost and finds nothing more, so it is dropped before the database sees it.
 */
describe('search words (issue #28 item 3)', () => {
  const prefix = (short: string, long: string) => long.startsWith(short);

  it('keeps each term once, in its first order, and none that another starts', () => {
    expect(mostSpecific(['design', 'design', 'design'], prefix)).toEqual(['design']);
    expect(mostSpecific(['d', 'de', 'des'], prefix)).toEqual(['des']);
    expect(mostSpecific(['des', 'grid', 'de', 'design', 'g'], prefix)).toEqual(['grid', 'design']);
    expect(mostSpecific(['grid', 'layout'], prefix)).toEqual(['grid', 'layout']);
    expect(mostSpecific([], prefix)).toEqual([]);
  });

  it('reads words in NFC and lower case, each once with its count, Korean runs apart and none inside another', () => {
    const { words, hangul, hangulCount, moreWords } = searchWords('Design DESIGN design 최적 검색엔진최적화 최적화 grid');
    expect(words.map((w) => [w.word, w.count])).toEqual([['design', 3], ['grid', 1]]);
    expect(hangul.map((h) => h.word)).toEqual(['검색엔진최적화']);
    expect(hangulCount).toBe(3);
    expect(moreWords).toBe(false);
    // Decomposed Hangul (NFD, as some keyboards send it) is the same word composed.
    expect(searchWords('최적화'.normalize('NFD')).hangul.map((h) => h.word)).toEqual(['최적화']);
    expect(searchWords('Café'.normalize('NFD')).words.map((w) => w.word)).toEqual(['café']);
  });

  it('asks for at most 32 different words', () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const { words, moreWords } = searchWords(many);
    expect(words).toHaveLength(32);
    expect(words[0]!.word).toBe('w0');
    expect(moreWords).toBe(true);
    // Repeats are not different words.
    expect(searchWords('a '.repeat(90)).words).toEqual([{ word: 'a', at: 0, count: 90 }]);
  });
});
