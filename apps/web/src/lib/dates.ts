// Every date and time the web app shows (issue #31 item 13): one shape everywhere, in both
// languages, in the person's own time zone.
//
// - A date is written as cards write it (SPEC §2 Cards and lists): 'YYYY.MM.DD', '2026.12.01'.
// - A date with its time adds the 24-hour time: 'YYYY.MM.DD HH:mm', '2026.12.08 23:17'. The
//   same digits in Korean and English, as the card date already is: no 오후/PM to read, no month
//   names to translate, and a list of dates lines up; the words around it ('참여' / 'Joined',
//   '까지' / 'until') stay translated.
// - A recent time is relative (SPEC §2 relative time labels): 'just now', '5분 전', '3 hours
//   ago'; from a week on, the date.
//
// SPEC §2 takes a card's date as the first 10 characters of createdAt: written as the server
// sends it (UTC), that is the UTC date. Here it is the date where the person is, which is what
// that rule meant where times were written in local time; the server renders its pages in UTC
// (`useDateTimeZone`), which is that rule exactly.
import i18n from 'i18next';
import { useSyncExternalStore } from 'react';

/** An ISO 8601 date or time ('2026-12-01T14:51:00.000Z', '2026-12-01'), or nothing. */
export type DateInput = string | null | undefined;

/** Options of {@link formatDate} and {@link formatDateTime}. */
export interface DateOptions {
  /**
   * The IANA time zone to write the time in ('UTC', 'Asia/Seoul'); by default the person's own
   * (the browser's). A component the server renders passes {@link useDateTimeZone}'s.
   */
  timeZone?: string;
}

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** A date without a time: a day of the calendar, the same day in every time zone. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formatters by time zone (made once each: they are costly to make, cheap to use). */
const zoned = new Map<string, Intl.DateTimeFormat>();
function zonedFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoned.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoned.set(timeZone, format);
  }
  return format;
}

/** The calendar fields of `iso` in `timeZone` (local by default), or null when it is no time. */
function partsOf(iso: DateInput, timeZone: string | undefined): Parts | null {
  if (typeof iso !== 'string' || !iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const date = new Date(at);
  // Date.parse reads a date alone as midnight UTC: written in UTC it stays that day.
  const zone = DATE_ONLY.test(iso) ? 'UTC' : timeZone;
  if (zone) {
    try {
      const fields = Object.fromEntries(zonedFormat(zone).formatToParts(date).map((p) => [p.type, p.value]));
      return { year: fields.year!, month: fields.month!, day: fields.day!, hour: fields.hour!, minute: fields.minute! };
    } catch {
      // An unknown time zone: the local one below.
    }
  }
  return {
    year: pad(date.getFullYear(), 4),
    month: pad(date.getMonth() + 1),
    day: pad(date.getDate()),
    hour: pad(date.getHours()),
    minute: pad(date.getMinutes()),
  };
}

/**
 * A date as the app writes it (SPEC §2 Cards and lists: 'YYYY.MM.DD'), the same in Korean and
 * English: the day `iso` falls on in the person's time zone (or `options.timeZone`).
 * @param iso An ISO 8601 time ('2026-12-01T14:51:00.000Z') or date ('2026-12-01', written as
 *   that day wherever the person is); null, undefined or unreadable text give ''.
 * @returns e.g. '2026.12.01' (in Seoul, UTC+9: '2026-12-01T15:30:00Z' → '2026.12.02'); '' for no date.
 */
export function formatDate(iso: DateInput, options: DateOptions = {}): string {
  const p = partsOf(iso, options.timeZone);
  return p ? `${p.year}.${p.month}.${p.day}` : '';
}

/**
 * A date with its time: {@link formatDate}'s date (SPEC §2 'YYYY.MM.DD') and the 24-hour time,
 * the same in Korean and English, in the person's time zone (or `options.timeZone`). For
 * moments that matter to the minute: an invitation's or a token's expiry, a token's last use,
 * the exact time behind a relative label.
 * @param iso An ISO 8601 time ('2026-12-08T14:17:00.000Z'; a date alone is its midnight);
 *   null, undefined or unreadable text give ''.
 * @returns e.g. '2026.12.08 23:17' (that time in Seoul, UTC+9); '' for no time.
 */
export function formatDateTime(iso: DateInput, options: DateOptions = {}): string {
  const p = partsOf(iso, options.timeZone);
  return p ? `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}` : '';
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** After this long a time is written as its date instead (issue #8: absolute after a week), ms. */
const RELATIVE_FOR_MS = 7 * DAY_MS;

/** Milliseconds from `iso` to `now`, or null for no time. */
function msAgo(iso: DateInput, now: number): number | null {
  if (typeof iso !== 'string' || !iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : now - at;
}

/**
 * True when {@link relativeTime} says 'just now' for `iso`: under a minute ago, or up to a
 * minute ahead (clock skew). For labels with their own words for it ('Saved just now').
 * @param iso An ISO 8601 time; null, undefined or unreadable text give false.
 * @param now ms since the epoch.
 */
export function isJustNow(iso: DateInput, now: number = Date.now()): boolean {
  const ago = msAgo(iso, now);
  return ago !== null && ago >= -MINUTE_MS && ago < MINUTE_MS;
}

/**
 * A time as a relative label (SPEC §2 Cards and lists: just now, minutes ago, hours ago, days
 * ago), in `lang`: 'just now' / '방금 전' under a minute, then Intl.RelativeTimeFormat's
 * '5 minutes ago' / '5분 전', '3 hours ago' / '3시간 전', '2 days ago' / '2일 전'. From 7 days on,
 * or further than a minute in the future, the date ({@link formatDate}, '2026.11.17').
 * @param iso An ISO 8601 time; null, undefined or unreadable text give ''.
 * @param now ms since the epoch.
 * @param lang The UI language ('ko', 'en'); by default i18next's.
 */
export function relativeTime(iso: DateInput, now: number = Date.now(), lang: string = i18n.language || 'en'): string {
  const ago = msAgo(iso, now);
  if (ago === null) return '';
  if (isJustNow(iso, now)) return i18n.t('common:time.justNow', { lng: lang });
  if (ago < 0 || ago >= RELATIVE_FOR_MS) return formatDate(iso);
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'always', style: 'long' });
  if (ago < HOUR_MS) return format.format(-Math.floor(ago / MINUTE_MS), 'minute');
  if (ago < DAY_MS) return format.format(-Math.floor(ago / HOUR_MS), 'hour');
  return format.format(-Math.floor(ago / DAY_MS), 'day');
}

const noSubscription = () => () => {};

/**
 * The time zone a component the server renders (entry-server.tsx: the article list, a shared
 * source) writes its dates in, as {@link DateOptions}' `timeZone`: 'UTC' on the server and while
 * the browser hydrates its markup (the same text, no mismatch), then undefined (the person's
 * own), at once after hydrating. A page only the browser renders has the person's from the start.
 * @returns 'UTC' or undefined.
 */
export function useDateTimeZone(): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => undefined,
    () => 'UTC',
  );
}
