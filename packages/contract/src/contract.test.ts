import { describe, expect, it } from 'vitest';
import { linksResetBy } from './common.ts';
import { zFolderName } from './folders.ts';
import { zLink } from './sauces.ts';
import { zTagName } from './tags.ts';
import { zWorkspaceName } from './workspaces.ts';

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

  it('names must have visible characters and are NFC-normalised (issue #7)', () => {
    for (const invisible of ['\u200b', '\u3164', '\u115f\u1160', ' \u2800 ', '\u200e\u200f', '\ufeff']) {
      expect(zWorkspaceName.safeParse(invisible).success, JSON.stringify(invisible)).toBe(false);
      expect(zFolderName.safeParse(invisible).success, JSON.stringify(invisible)).toBe(false);
    }
    expect(zWorkspaceName.parse('Cafe\u0301')).toBe('Caf\u00e9');
    expect(zWorkspaceName.parse('디자인팀')).toBe('디자인팀');
    expect(zWorkspaceName.parse('👩‍🎨 Team')).toBe('👩‍🎨 Team');
    expect(zWorkspaceName.safeParse('가'.repeat(16)).success).toBe(false);
  });
});

describe('invite links an owner decision resets (issue #18)', () => {
  it.each([
    ['OWNER', 'EDITOR', ['OWNER']],
    ['OWNER', 'READER', ['OWNER', 'EDITOR']],
    ['EDITOR', 'READER', ['EDITOR']],
    ['READER', 'EDITOR', []],
    ['EDITOR', 'EDITOR', []],
    ['EDITOR', null, ['EDITOR', 'READER']],
    ['READER', null, ['READER']],
    ['OWNER', null, ['OWNER', 'EDITOR', 'READER']],
  ] as const)('held %s, now %s → %j', (held, now, reset) => {
    expect(linksResetBy(held, now)).toEqual(reset);
  });
});
