import { LIMITS, TAG_PATTERN } from '@sauce/contract/limits';
import { describe, expect, it } from 'vitest';
import { asTag, keywordTags } from './tag-suggestions.ts';

/** Issue #21 item 6: offline tag suggestions obey SPEC §5's tag rules. */
describe('keywordTags', () => {
  it('picks the words a text is about, a title counting more', () => {
    const tags = keywordTags([
      { text: 'Typography in Interface Design', weight: 3 },
      { text: 'Typography sets the tone of an interface. Good typography is invisible; kerning and leading matter.', weight: 1 },
    ]);
    expect(tags[0]).toBe('typography');
    expect(tags).toContain('interface');
    expect(tags).not.toContain('the');
    expect(tags.length).toBeLessThanOrEqual(5);
  });

  it('takes Korean particles off and leaves stop words out', () => {
    const tags = keywordTags([{ text: '검색엔진최적화의 기본: 검색엔진최적화는 메타 태그와 사이트맵을 다룬다. 그리고 사이트맵', weight: 1 }]);
    expect(tags.slice(0, 2)).toEqual(['검색엔진최적화', '사이트맵']);
    expect(tags).not.toContain('그리고');
  });

  it("leaves out a page's filler words in both languages, keeping what it is about", () => {
    const tags = keywordTags([
      { text: 'A good example paragraph about kerning. Good kerning, good spacing: the best kerning guide.', weight: 1 },
      { text: '자간 조정에 관한 좋은 글입니다. 그래서 자간 조정은 중요하다. 따라서 자간', weight: 1 },
    ]);
    expect(tags.slice(0, 2)).toEqual(['kerning', '자간']);
    for (const filler of ['good', 'example', 'paragraph', 'best', '그래서', '따라서']) expect(tags).not.toContain(filler);
  });

  it('gives only tags SPEC §5 allows: letters and digits, 1–15, lower-case, never cut', () => {
    const tags = keywordTags([
      { text: 'Supercalifragilisticexpialidocious CSS3 C++ node.js naïve 2024 Émile 👍 snake_case DESIGN design', weight: 1 },
    ]);
    for (const tag of tags) {
      expect(tag, tag).toMatch(TAG_PATTERN);
      expect(tag).toBe(tag.toLowerCase());
      expect([...tag].length).toBeLessThanOrEqual(LIMITS.tagLength);
    }
    expect(tags).not.toContain('supercalifragil');
    expect(tags).not.toContain('2024');
    expect(tags).toContain('css3');
    expect(tags.filter((t) => t === 'design')).toHaveLength(1);
  });

  it('gives nothing for nothing', () => {
    expect(keywordTags([{ text: '', weight: 1 }])).toEqual([]);
    expect(keywordTags([{ text: '!!! ??? ...', weight: 1 }])).toEqual([]);
  });
});

describe('asTag', () => {
  it('makes a tag as zTagName does, or null', () => {
    expect(asTag(' Design ')).toBe('design');
    expect(asTag('디자인')).toBe('디자인');
    expect(asTag('two words')).toBeNull();
    expect(asTag('a'.repeat(16))).toBeNull();
    expect(asTag('\u200bux')).toBe('ux');
    expect(asTag('ㅤ')).toBeNull();
  });
});
