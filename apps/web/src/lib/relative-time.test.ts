import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../test/i18n.ts';
import { relativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('relativeTime (SPEC §2 relative labels)', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it.each([
    ['en', 30_000, 'just now'],
    ['en', 5 * MIN, '5 minutes ago'],
    ['en', 3 * 60 * MIN, '3 hours ago'],
    ['en', 2 * 24 * 60 * MIN, '2 days ago'],
    ['ko', 30_000, '방금 전'],
    ['ko', 5 * MIN, '5분 전'],
    ['ko', 3 * 60 * MIN, '3시간 전'],
    ['ko', 6 * 24 * 60 * MIN, '6일 전'],
  ])('%s, %i ms ago → %s', (lang, ms, label) => {
    expect(relativeTime(ago(ms), NOW, lang)).toBe(label);
  });

  it('writes the card date after a week, for the future, and nothing for an invalid time', () => {
    expect(relativeTime('2026-11-17T11:59:00.000Z', NOW, 'en')).toBe('2026.11.17');
    expect(relativeTime('2026-11-25T12:00:00.000Z', NOW, 'ko')).toBe('2026.11.25');
    expect(relativeTime('2026-11-24T12:00:30.000Z', NOW, 'en')).toBe('just now'); // clock skew
    expect(relativeTime('not a date', NOW, 'en')).toBe('');
  });
});
