import { describe, expect, it } from 'vitest';
import { inReadingOrder, mergeReadings, type OcrLine, sureText, textOf } from './text-layout.ts';

/** Issue #33: how an image's two readings become one text (lib/text-layout.ts), without the engine. */
const line = (text: string, x0: number, y0: number, height: number, confidence = 92, width = 400): OcrLine => ({
  text,
  confidence,
  box: { x0, y0, x1: x0 + width, y1: y0 + height },
});

describe('text layout (issue #33)', () => {
  it('takes small lines from the first reading and big ones from the second, each where it stood', () => {
    const first = [line('Studio 06   Product   Blog', 100, 30, 22), line('Lean typogaphy in thirty dys', 100, 200, 57, 80), line('A daily lesson on kerning', 100, 300, 22)];
    // The second reading at 40%: the headline 23 px high there (57 px in the first's pixels).
    const second = [line('Learn typography in thirty days', 40, 80, 23, 95), line('A dly lesn', 40, 120, 9, 61)];
    expect(mergeReadings(first, second).map((l) => l.text)).toEqual(['Studio 06   Product   Blog', 'Learn typography in thirty days', 'A daily lesson on kerning']);
  });

  it('keeps a line only one reading found, and every line when there was one reading', () => {
    const first = [line('Body text', 100, 400, 20)];
    const second = [line('Big headline', 40, 80, 24)];
    expect(mergeReadings(first, second).map((l) => l.text)).toEqual(['Big headline', 'Body text']);
    expect(mergeReadings([line('Small', 0, 0, 20), line('Big', 0, 50, 60)], null).map((l) => l.text)).toEqual(['Small', 'Big']);
  });

  it('drops what the engine is unsure of: lines, their unsure words, lines without a word', () => {
    expect(mergeReadings([line('leaves and bark', 0, 0, 20, 55)], null)).toEqual([]);
    expect(mergeReadings([line('- 은 ® 수', 0, 0, 20, 90)], null)).toEqual([]);
    const unsure: OcrLine = {
      ...line('개      후   & 일 Ne', 0, 0, 20, 63),
      words: [
        { text: '개', confidence: 66 },
        { text: '후', confidence: 37 },
        { text: '&', confidence: 87 },
        { text: '일', confidence: 67 },
        { text: 'Ne', confidence: 60 },
      ],
    };
    expect(mergeReadings([unsure], null)).toEqual([]);
    const sure: OcrLine = { ...line('마케팅  otl=  한눈    확인', 0, 0, 20, 82), words: [96, 28, 81, 96].map((c, i) => ({ text: ['마케팅', 'otl=', '한눈', '확인'][i]!, confidence: c })) };
    expect(sureText(sure)).toBe('마케팅        한눈    확인');
  });

  it('orders lines top to bottom, and left to right in a row', () => {
    const lines = [line('right card', 900, 602, 20), line('headline', 100, 200, 50), line('left card', 100, 600, 22), line('menu', 100, 30, 20)];
    expect(inReadingOrder(lines).map((l) => l.text)).toEqual(['menu', 'headline', 'left card', 'right card']);
  });

  it('writes a line per part, spaces collapsed, marks of rules and lone letters left out', () => {
    const lines = [line('스튜디오 05                제품 _ 가격 _ 고객사례', 0, 0, 20), line('Plans  start at $12 | ㅁㅁ', 0, 40, 20)];
    expect(textOf(lines)).toBe('스튜디오 05\n제품 가격 고객사례\nPlans start at $12');
    expect(textOf([])).toBe('');
  });
});
