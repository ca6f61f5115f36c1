/**
 * Issue #20: what the browser extension and the connect page share, without zod (the
 * extension's popup stays small).
 */

/** The prefix of every personal access token: secret scanners and people can tell one at a glance. */
export const PERSONAL_TOKEN_PREFIX = 'sauce_pat_';

/** Which browser the extension runs in: names its token ('Browser extension (Chrome)'). */
export const BROWSER_NAMES = ['Chrome', 'Edge', 'Firefox', 'Browser'] as const;
export type BrowserName = (typeof BROWSER_NAMES)[number];

/** The name of the extension's token for a browser. */
export const extensionTokenName = (browser: BrowserName) => `Browser extension (${browser})`;

/**
 * The short code the extension and the connect page both show for a challenge, so the
 * person can see they allow the extension they just clicked (as a device code): the first
 * 8 characters of the challenge, upper-cased, as `XXXX-XXXX`.
 */
export const challengeCode = (challenge: string) => {
  const c = challenge.slice(0, 8).toUpperCase();
  return `${c.slice(0, 4)}-${c.slice(4)}`;
};
