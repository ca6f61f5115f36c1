import { describe, expect, it } from 'vitest';
import { zFolderName } from './folders.ts';
import { zLink } from './sauces.ts';
import { zTagName } from './tags.ts';

describe('contract rules (SPEC §5)', () => {
  it.each([
    ['https://example.com/a?b=c', true],
    ['http://localhost:3000', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:text/html,x', false],
    ['//example.com', false],
    ['example.com', false],
    ['mailto:a@b.c', false],
  ])('link %s → %s', (link, valid) => {
    expect(zLink.safeParse(link).success).toBe(valid);
  });

  it('tags: Korean and English letters and digits, 1–15, lowercased', () => {
    expect(zTagName.parse('UXDesign')).toBe('uxdesign');
    expect(zTagName.parse('타이포그래피')).toBe('타이포그래피');
    for (const bad of ['', 'a b', 'ü', '😀', 'a-b', 'x'.repeat(16), 'ㄱ'.repeat(16)]) {
      expect(zTagName.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('folder names: 1–15 characters, line breaks not counted, trimmed', () => {
    expect(zFolderName.parse('  Moodboard ')).toBe('Moodboard');
    expect(zFolderName.parse('abc\ndef')).toBe('abcdef');
    expect(zFolderName.safeParse('x'.repeat(16)).success).toBe(false);
    expect(zFolderName.safeParse('\n').success).toBe(false);
  });
});
