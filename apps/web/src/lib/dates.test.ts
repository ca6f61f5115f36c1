import { act } from '@testing-library/react';
import { createElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../test/i18n.ts';
import { inTimeZone } from '../test/time-zone.ts';
import { formatDate, formatDateTime, isJustNow, relativeTime, useDateTimeZone } from './dates.ts';

// The person is in Seoul (UTC+9, no daylight saving time): 15:00 UTC is midnight there.
inTimeZone('Asia/Seoul');

beforeAll(() => {
  initI18n('en');
});

describe('formatDate (SPEC §2 Cards: YYYY.MM.DD)', () => {
  it("writes the day in the person's time zone, not UTC's", () => {
    expect(formatDate('2026-12-01T14:59:00.000Z')).toBe('2026.12.01'); // 23:59 in Seoul
    expect(formatDate('2026-12-01T15:00:00.000Z')).toBe('2026.12.02'); // 00:00 in Seoul
    expect(formatDate('2026-12-31T23:30:00+09:00')).toBe('2026.12.31');
    expect(formatDate('2024-05-01T09:30:00.000Z')).toBe('2024.05.01');
  });

  it('writes a given time zone instead (the server renders in UTC)', () => {
    expect(formatDate('2026-12-01T15:00:00.000Z', { timeZone: 'UTC' })).toBe('2026.12.01');
    expect(formatDate('2026-12-01T05:00:00.000Z', { timeZone: 'America/Los_Angeles' })).toBe('2026.11.30');
    // An unknown zone: the person's own.
    expect(formatDate('2026-12-01T15:00:00.000Z', { timeZone: 'Nowhere/Atlantis' })).toBe('2026.12.02');
  });

  it('keeps a date without a time on its own day in any time zone', () => {
    expect(formatDate('2023-12-31')).toBe('2023.12.31');
    expect(formatDate('2023-12-31', { timeZone: 'America/Los_Angeles' })).toBe('2023.12.31');
    expect(formatDate('2023-01-01', { timeZone: 'Pacific/Kiritimati' })).toBe('2023.01.01');
  });

  it('gives nothing, without throwing, for no date or an unreadable one', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2026-13-45T00:00:00Z')).toBe('');
  });
});

describe('formatDateTime (YYYY.MM.DD HH:mm, 24-hour)', () => {
  it("writes the date and the 24-hour time in the person's time zone", () => {
    expect(formatDateTime('2026-12-08T14:17:00.000Z')).toBe('2026.12.08 23:17');
    expect(formatDateTime('2026-12-01T14:51:00.000Z')).toBe('2026.12.01 23:51');
    expect(formatDateTime('2026-12-01T15:00:00.000Z')).toBe('2026.12.02 00:00'); // midnight is 00:00, not 24:00
    expect(formatDateTime('2026-12-01T15:05:59.999Z')).toBe('2026.12.02 00:05');
    expect(formatDateTime('2026-05-03T03:04:00.000Z')).toBe('2026.05.03 12:04');
  });

  it('writes a given time zone instead', () => {
    expect(formatDateTime('2026-12-01T15:00:00.000Z', { timeZone: 'UTC' })).toBe('2026.12.01 15:00');
    expect(formatDateTime('2026-12-01T00:30:00.000Z', { timeZone: 'UTC' })).toBe('2026.12.01 00:30');
    expect(formatDateTime('2026-07-01T06:00:00.000Z', { timeZone: 'America/New_York' })).toBe('2026.07.01 02:00'); // daylight saving time
    expect(formatDateTime('2023-12-31')).toBe('2023.12.31 00:00');
  });

  it('is the same in Korean and in English', () => {
    initI18n('ko');
    const ko = [formatDate('2026-12-08T14:17:00.000Z'), formatDateTime('2026-12-08T14:17:00.000Z')];
    initI18n('en');
    const en = [formatDate('2026-12-08T14:17:00.000Z'), formatDateTime('2026-12-08T14:17:00.000Z')];
    expect(ko).toEqual(['2026.12.08', '2026.12.08 23:17']);
    expect(en).toEqual(ko);
  });

  it('gives nothing, without throwing, for no time or an unreadable one', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('yesterday')).toBe('');
    expect(formatDateTime(42 as unknown as string)).toBe('');
  });
});

describe('relativeTime (SPEC §2 relative time labels)', () => {
  const NOW = Date.parse('2026-11-24T12:00:00.000Z');
  const ago = (ms: number) => new Date(NOW - ms).toISOString();
  const MIN = 60_000;

  it.each([
    ['en', 30_000, 'just now'],
    ['en', MIN, '1 minute ago'],
    ['en', 5 * MIN, '5 minutes ago'],
    ['en', 59 * MIN, '59 minutes ago'],
    ['en', 3 * 60 * MIN, '3 hours ago'],
    ['en', 2 * 24 * 60 * MIN, '2 days ago'],
    ['ko', 30_000, '방금 전'],
    ['ko', 5 * MIN, '5분 전'],
    ['ko', 3 * 60 * MIN, '3시간 전'],
    ['ko', 6 * 24 * 60 * MIN, '6일 전'],
  ])('%s, %i ms ago → %s', (lang, ms, label) => {
    expect(relativeTime(ago(ms), NOW, lang)).toBe(label);
  });

  it("writes the date (in the person's time zone) after a week and for the future; nothing for no time", () => {
    expect(relativeTime('2026-11-17T11:59:00.000Z', NOW, 'en')).toBe('2026.11.17');
    expect(relativeTime('2026-11-16T15:30:00.000Z', NOW, 'ko')).toBe('2026.11.17'); // 00:30 in Seoul
    expect(relativeTime('2026-11-25T12:00:00.000Z', NOW, 'ko')).toBe('2026.11.25');
    expect(relativeTime('2026-11-24T12:00:30.000Z', NOW, 'en')).toBe('just now'); // clock skew
    expect(relativeTime('not a date', NOW, 'en')).toBe('');
    expect(relativeTime(undefined, NOW, 'en')).toBe('');
    expect(relativeTime(null, NOW, 'ko')).toBe('');
  });

  it('isJustNow agrees with the label', () => {
    expect(isJustNow(ago(59_999), NOW)).toBe(true);
    expect(isJustNow('2026-11-24T12:00:30.000Z', NOW)).toBe(true);
    expect(isJustNow(ago(MIN), NOW)).toBe(false);
    expect(isJustNow('2026-11-24T12:02:00.000Z', NOW)).toBe(false);
    expect(isJustNow(undefined, NOW)).toBe(false);
    expect(isJustNow('not a date', NOW)).toBe(false);
  });
});

describe('useDateTimeZone (pages the server renders)', () => {
  const AT = '2026-12-01T15:30:00.000Z'; // 2026.12.01 in UTC, 2026.12.02 in Seoul
  function When() {
    return createElement('time', { dateTime: AT }, formatDate(AT, { timeZone: useDateTimeZone() }));
  }
  let container: HTMLElement;
  afterEach(() => container?.remove());

  it('writes UTC on the server, hydrates that text without a mismatch, then the local day', async () => {
    const html = renderToString(createElement(When));
    expect(html).toBe('<time dateTime="2026-12-01T15:30:00.000Z">2026.12.01</time>');
    container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const time = container.querySelector('time')!;
    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, createElement(When), { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.querySelector('time')).toBe(time); // the server's element, adopted
    expect(time.textContent).toBe('2026.12.02');
    act(() => root.unmount());
  });

  it('writes the local day at once on a page only the browser renders', () => {
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(createElement(When)));
    expect(container.textContent).toBe('2026.12.02');
    act(() => root.unmount());
  });
});
