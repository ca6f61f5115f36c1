import { describe, expect, it } from 'vitest';
import { cacheSecondsLeft, createUrlSigner } from './signed-url.ts';

const SECRET = new TextEncoder().encode('a test secret of at least thirty-two characters');
const KEY = 'images/0123456789abcdef0123456789abcdef/display.webp';
const DAY_MS = 86_400_000;
/** 2025-01-15 13:00 UTC. */
const NOON_ISH = Date.UTC(2025, 0, 15, 13);

const at = (ms: number) => createUrlSigner(SECRET, () => ms);
const parse = (url: string) => {
  const u = new URL(url, 'http://x');
  return { path: u.pathname, exp: u.searchParams.get('exp') ?? undefined, sig: u.searchParams.get('sig') ?? undefined };
};

describe('createUrlSigner', () => {
  it('signs /files/<key> until the start of the UTC day after tomorrow', () => {
    const url = at(NOON_ISH).url(KEY);
    expect(url).toMatch(/^\/files\/images\/[0-9a-f]{32}\/display\.webp\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    const { path, exp, sig } = parse(url);
    expect(path).toBe(`/files/${KEY}`);
    expect(Number(exp)).toBe(Date.UTC(2025, 0, 17) / 1000);
    expect(at(NOON_ISH).verify(KEY, exp, sig)).toBe(true);
  });

  it('signs for longer when asked: 7 days gives the start of the UTC day 8 days ahead', () => {
    const { exp, sig } = parse(at(NOON_ISH).url(KEY, 7));
    expect(Number(exp)).toBe(Date.UTC(2025, 0, 23) / 1000);
    expect(at(NOON_ISH + 7 * DAY_MS).verify(KEY, exp, sig)).toBe(true);
    expect(at(Date.UTC(2025, 0, 23)).verify(KEY, exp, sig)).toBe(false);
  });

  it('refuses a tampered key, exp or signature, and missing parts', () => {
    const signer = at(NOON_ISH);
    const { exp, sig } = parse(signer.url(KEY));
    expect(signer.verify(KEY.replace('display', 'original'), exp, sig)).toBe(false);
    expect(signer.verify(KEY, String(Number(exp) + 86_400), sig)).toBe(false);
    expect(signer.verify(KEY, `0${exp}`, sig)).toBe(false);
    const flipped = (sig!.startsWith('A') ? 'B' : 'A') + sig!.slice(1);
    expect(signer.verify(KEY, exp, flipped)).toBe(false);
    expect(signer.verify(KEY, exp, `${sig}A`)).toBe(false);
    expect(signer.verify(KEY, exp, `${sig}=`)).toBe(false);
    expect(signer.verify(KEY, exp, undefined)).toBe(false);
    expect(signer.verify(KEY, undefined, sig)).toBe(false);
    expect(signer.verify(KEY, 'soon', sig)).toBe(false);
    const other = createUrlSigner(new TextEncoder().encode('another secret of at least thirty-two chars'), () => NOON_ISH);
    expect(other.verify(KEY, exp, sig)).toBe(false);
  });

  it('refuses a URL once exp has passed', () => {
    const { exp, sig } = parse(at(NOON_ISH).url(KEY));
    const expMs = Number(exp) * 1000;
    expect(at(expMs - 1).verify(KEY, exp, sig)).toBe(true);
    expect(at(expMs).verify(KEY, exp, sig)).toBe(false);
    expect(at(expMs + DAY_MS).verify(KEY, exp, sig)).toBe(false);
  });

  it('gives the same URL all day and a new one the next day', () => {
    const dayStart = Date.UTC(2025, 0, 15);
    const url = at(dayStart).url(KEY);
    expect(at(NOON_ISH).url(KEY)).toBe(url);
    expect(at(dayStart + DAY_MS - 1).url(KEY)).toBe(url);
    expect(at(dayStart + DAY_MS).url(KEY)).not.toBe(url);
    // The period names the day's URLs: cached responses holding them key on it.
    expect(at(NOON_ISH).period()).toBe(parse(url).exp);
    expect(at(dayStart + DAY_MS).period()).not.toBe(parse(url).exp);
  });

  it('refuses to sign an invalid key', () => {
    expect(() => at(NOON_ISH).url('../secret.png')).toThrow(/Invalid file key/);
  });
});

describe('cacheSecondsLeft', () => {
  it('counts whole seconds until exp, never below 0', () => {
    const exp = String(Date.UTC(2025, 0, 17) / 1000);
    expect(cacheSecondsLeft(exp, NOON_ISH)).toBe(35 * 3600);
    expect(cacheSecondsLeft(exp, Date.UTC(2025, 0, 18))).toBe(0);
    expect(cacheSecondsLeft('soon', NOON_ISH)).toBe(0);
  });
});
