import { z } from 'zod';
import { zText } from './common.ts';
import { LIMITS, maxCounted } from './limits.ts';
import { cleanText, noBidiControls } from './names.ts';
import { BROWSER_NAMES } from './connect.ts';

export { challengeCode, extensionTokenName, PERSONAL_TOKEN_PREFIX, type BrowserName } from './connect.ts';

/**
 * Issue #20: what a personal access token may do. `read`: GET requests only (a write
 * answers 403); `write`: everything its person may do in the app, except managing tokens
 * and deleting the account, which need the person signed in.
 */
export const zTokenScope = z.enum(['read', 'write']);
export type TokenScope = z.infer<typeof zTokenScope>;

/** A token's name: 1–60 characters on one line, cleaned as names are. */
export const zTokenName = zText()
  .transform((s) => cleanText(s).replace(/[\r\n]/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1)
      .refine(...maxCounted(LIMITS.tokenNameLength))
      .refine(...noBidiControls),
  );

/** POST /api/auth/tokens: a new token with a name and a scope, lasting `expiresInDays` (none: until revoked). */
export const zCreateToken = z.object({
  name: zTokenName,
  scope: zTokenScope,
  expiresInDays: z.number().int().min(1).max(LIMITS.tokenMaxDays).nullable().default(null),
});
export type CreateToken = z.input<typeof zCreateToken>;

/** A personal access token as GET /api/auth/tokens lists it: never its secret. Times are ISO 8601 UTC. */
export const zPersonalToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: zTokenScope,
  createdAt: z.string(),
  /** When a request last used it (to the minute), or null: never. */
  lastUsedAt: z.string().nullable(),
  /** When it stops working, or null: until revoked. */
  expiresAt: z.string().nullable(),
});
export type PersonalToken = z.infer<typeof zPersonalToken>;

/** A token just made: its secret `token`, shown this once (only its SHA-256 is kept). */
export const zCreatedToken = zPersonalToken.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof zCreatedToken>;

/**
 * A connection challenge of the browser extension: base64url of SHA-256 of its secret
 * verifier (43 characters), as in OAuth's PKCE (RFC 7636).
 */
export const zChallenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'A base64url SHA-256');
/** The extension's verifier: 43–128 base64url characters it made and kept (RFC 7636). */
export const zVerifier = z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, '43–128 base64url characters');

/** Which browser the extension runs in: names its token ('Browser extension (Chrome)'). */
export const zBrowserName = z.enum(BROWSER_NAMES);

/**
 * POST /api/auth/tokens/grants: the signed-in person allows the extension that showed
 * `challenge` (on the connect page it opened) to receive a write token named after `browser`.
 */
export const zCreateGrant = z.object({ challenge: zChallenge, browser: zBrowserName });
export type CreateGrant = z.input<typeof zCreateGrant>;

/** A grant's one-time code: 32 random bytes, base64url (43 characters). */
export const zGrantCode = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'A base64url code of 32 bytes');

/**
 * What Allow answers (issue #28 item 5): the grant's one-time `code`, which the connect page
 * hands only to the extension that opened it (CONNECT_CHANNEL messages, `@sauce/contract/connect`);
 * the extension trades it with its own verifier.
 */
export const zGrant = z.object({ code: zGrantCode });
export type Grant = z.infer<typeof zGrant>;

/**
 * POST /api/auth/tokens/exchange: the extension trades its verifier and the grant's code for
 * the token, once. Both are needed: whoever made the link holds the verifier, but the code
 * goes only to the extension of the person who allowed it (issue #28 item 5).
 */
export const zExchangeGrant = z.object({ verifier: zVerifier, code: zGrantCode });
