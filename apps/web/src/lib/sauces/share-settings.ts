import type { SHARE_EXPIRY_MAX_DAYS, SHARE_PASSWORD_MAX } from '@sauce/contract/shares';

// The contract's limits of a share (packages/contract shares.ts), mirrored here because that
// module brings zod with it and these are read on a public page's first load; typed by the
// contract's own constants, so that a change there fails `tsc` here until it is made here too.
/** Longest share password, in characters. */
export const PASSWORD_MAX: typeof SHARE_PASSWORD_MAX = 128;
/** Latest expiry a share may have, in days from now. */
export const EXPIRY_MAX_DAYS: typeof SHARE_EXPIRY_MAX_DAYS = 3660;

/** The expiry choices of the share dialog (issue #32): never, a number of days from now, or a date. */
export const EXPIRY_PRESETS = [1, 7, 30] as const;
export type ExpiryChoice = 'never' | `${(typeof EXPIRY_PRESETS)[number]}` | 'date';

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** `at` as an `<input type="date">` value in the person's time zone: 'YYYY-MM-DD'. */
export function dateInputValue(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * When a share chosen to last `days` days from `now` (ms) expires: ISO 8601 UTC.
 * @example expiryAfterDays(7, Date.parse('2026-12-01T10:00:00Z')) → '2026-12-08T10:00:00.000Z'
 */
export function expiryAfterDays(days: number, now: number = Date.now()): string {
  return new Date(now + days * DAY_MS).toISOString();
}

/**
 * The expiry of a share chosen to last until `date` ('YYYY-MM-DD', from a date field): the end
 * of that day where the person is, ISO 8601 UTC; null when `date` is not a day of the calendar.
 */
export function expiryOnDate(date: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  return Number.isNaN(end.getTime()) || dateInputValue(end) !== date ? null : end.toISOString();
}

/** The first and last days the date field offers ('YYYY-MM-DD'): today and {@link EXPIRY_MAX_DAYS} days on, less one. */
export function expiryDateRange(now: number = Date.now()): { min: string; max: string } {
  return { min: dateInputValue(new Date(now)), max: dateInputValue(new Date(now + (EXPIRY_MAX_DAYS - 1) * DAY_MS)) };
}

/** True when `expiresAt` (ISO 8601, null: never) has passed at `now` (ms). */
export function hasExpired(expiresAt: string | null, now: number = Date.now()): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now;
}

/** Characters a person cannot see (as the contract's `hasVisibleText` counts them). */
const INVISIBLE = /[\p{Cf}\p{Zs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800\s]/gu;

/**
 * Why `password` cannot be a share's password, or null when it can: 'empty' (nothing a person
 * can see: spaces, zero-width characters) or 'long' (over {@link PASSWORD_MAX} characters).
 */
export function passwordProblem(password: string): 'empty' | 'long' | null {
  const nfc = password.normalize('NFC');
  if (nfc.replace(INVISIBLE, '').length === 0) return 'empty';
  return nfc.length > PASSWORD_MAX ? 'long' : null;
}
