import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { assertValidKey } from './file-store.ts';

/** One UTC day, seconds. */
const DAY_SECONDS = 86_400;

/** Signs and checks the `/files/<key>` URLs of uploaded files (issue #3). */
export interface UrlSigner {
  /**
   * `/files/<key>?exp=<unix seconds>&sig=<base64url>`. `exp` is the start of the UTC day
   * `days` + 1 days ahead, so the URL stays the same all day (browsers cache it) and is
   * valid for `days` to `days` + 1 days: 1–2 by default; a shared page's preview image
   * asks for longer, to outlive chat apps' crawls (issue #11 item 4).
   * @throws Error for an invalid key.
   */
  url(key: string, days?: number): string;
  /**
   * The `exp` of URLs signed now (unix seconds, as text): it changes once a day, and with it
   * every URL — a cached response holding signed URLs names it in its key.
   */
  period(): string;
  /** True when `sig` is the signature of `key` and `exp`, and `exp` is in the future. */
  verify(key: string, exp: string | undefined, sig: string | undefined): boolean;
}

/**
 * A signer whose HMAC-SHA256 key is derived from `secret` (HKDF-SHA256, info
 * 'sauce file urls'), so the secret's other uses never share a key with it.
 * `now` gives the time in ms (tests pass a fixed clock).
 */
export function createUrlSigner(secret: Uint8Array, now: () => number = Date.now): UrlSigner {
  const hmacKey = Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'sauce file urls', 32));
  const sign = (key: string, exp: string) =>
    createHmac('sha256', hmacKey).update(`${key}\n${exp}`).digest('base64url');

  const expiry = (days: number) => String((Math.floor(now() / 1000 / DAY_SECONDS) + 1 + days) * DAY_SECONDS);
  const period = () => expiry(1);

  return {
    url(key, days = 1) {
      assertValidKey(key);
      const exp = expiry(days);
      return `/files/${key}?exp=${exp}&sig=${sign(key, exp)}`;
    },
    period,

    verify(key, exp, sig) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= now()) return false;
      // Compare the text, not decoded bytes: Node's base64url decoder skips stray characters.
      const given = Buffer.from(sig);
      const expected = Buffer.from(sign(key, exp));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * Seconds until `exp` (unix seconds, as in a signed URL), at least 0; 0 for a malformed
 * `exp`. For `Cache-Control: private, max-age=<this>, immutable` on `/files` responses.
 * `nowMs` is the current time in ms.
 */
export function cacheSecondsLeft(exp: string, nowMs: number = Date.now()): number {
  if (!/^\d{1,12}$/.test(exp)) return 0;
  return Math.max(0, Number(exp) - Math.floor(nowMs / 1000));
}
