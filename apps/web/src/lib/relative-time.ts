import i18n from 'i18next';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** After this long a date is written out instead (issue #8: absolute after a week), ms. */
const RELATIVE_FOR_MS = 7 * DAY_MS;

/**
 * A date as cards write it (SPEC §2 Cards): the first 10 characters of an ISO 8601 time
 * with dashes turned into dots, '2024-05-01T09:30:00.000Z' → '2024.05.01'. The same on the
 * server and in every browser, whatever its clock or time zone.
 */
export function cardDate(iso: string): string {
  return iso.slice(0, 10).replace(/-/g, '.');
}

/**
 * A time as a relative label (SPEC §2 Cards and lists), for the lists that use them
 * (comments, notices, a draft's save time; cards show {@link cardDate}): 'just now' under a minute, then
 * minutes, hours and days ago in the UI language (Intl.RelativeTimeFormat: '3분 전',
 * '3 minutes ago'); from 7 days on, or for a time in the future beyond a minute of clock
 * skew, the date as cards write it (SPEC §2: '2024.05.01'). `now` is ms since the epoch.
 * Empty for an invalid time.
 */
export function relativeTime(iso: string, now: number = Date.now(), lang: string = i18n.language || 'en'): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const ago = now - at;
  if (ago < -MINUTE_MS || ago >= RELATIVE_FOR_MS) return cardDate(iso);
  if (ago < MINUTE_MS) return i18n.t('common:time.justNow', { lng: lang });
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'always', style: 'long' });
  if (ago < HOUR_MS) return format.format(-Math.floor(ago / MINUTE_MS), 'minute');
  if (ago < DAY_MS) return format.format(-Math.floor(ago / HOUR_MS), 'hour');
  return format.format(-Math.floor(ago / DAY_MS), 'day');
}
