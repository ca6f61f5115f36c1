import { timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { NotFoundError, UnauthenticatedError } from '../errors.ts';

/**
 * One issuer of OpenID Connect ID tokens, as configured (`config.google`, `config.apple`).
 * `clientId` may be a comma-separated list: every entry is an accepted audience (e.g. the
 * web client and the iOS bundle id), the first is the one the web flow uses. Empty: off.
 */
export interface IdTokenIssuer {
  clientId: string;
  issuer: string;
  jwksUrl: string;
}

/** What Sauce takes from a verified ID token. */
export interface VerifiedIdToken {
  /** The issuer's stable user id (`sub`). */
  subject: string;
  /** The e-mail address, only when the issuer says it is verified; else null. */
  email: string | null;
  /** The display name (`name`), when the token carries one. */
  name: string | null;
}

/** Signature algorithms accepted for ID tokens (Google and Apple sign with RS256). */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256'];
/** Allowed clock skew between us and the issuer when checking `exp`/`iat`/`nbf`, seconds. */
export const ID_TOKEN_CLOCK_TOLERANCE_S = 60;
/** How long a JWKS download may take before verification fails, ms. */
export const JWKS_TIMEOUT_MS = 5_000;

/** The audiences of an issuer: its comma-separated client ids, trimmed; empty when off. */
export function clientIdsOf(issuer: Pick<IdTokenIssuer, 'clientId'>): string[] {
  return issuer.clientId
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `{ clientId }` of the web client (the first configured id) for the web app, or null when off. */
export function webClientOf(issuer: Pick<IdTokenIssuer, 'clientId'>): { clientId: string } | null {
  const [web] = clientIdsOf(issuer);
  return web ? { clientId: web } : null;
}

/**
 * Throws NOT_FOUND (404) when the issuer has no client id: that sign-in method is off.
 * @returns the web client id (the first configured one).
 */
export function requireEnabled(issuer: Pick<IdTokenIssuer, 'clientId'>): string {
  const [web] = clientIdsOf(issuer);
  if (!web) throw NotFoundError();
  return web;
}

// Failures that mean "this token is not good" (401); anything else (JWKS unreachable,
// a malformed key set) is our problem and leaves as a logged 500.
const TOKEN_ERRORS = [
  joseErrors.JWTExpired,
  joseErrors.JWTClaimValidationFailed,
  joseErrors.JWTInvalid,
  joseErrors.JWSInvalid,
  joseErrors.JWSSignatureVerificationFailed,
  joseErrors.JWKSNoMatchingKey,
  joseErrors.JWKSMultipleMatchingKeys,
  joseErrors.JOSEAlgNotAllowed,
  joseErrors.JOSENotSupported,
];

/** Constant-time string comparison. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Makes a verifier of ID tokens from `issuer` (SPEC §4 Sign-in, §7 Auth): the signature
 * against the issuer's JWKS (fetched from `jwksUrl` and cached; an unknown `kid` refetches
 * it), `iss` (equal to `issuer` or one of `extraIssuers`), `aud` (one of the client ids),
 * `exp` (with {@link ID_TOKEN_CLOCK_TOLERANCE_S} of skew) and, when `expect.nonce` is given,
 * the `nonce` claim.
 * @returns `verify(token, expect?)` resolving to the subject, verified e-mail and name.
 * @throws (from verify) UNAUTHENTICATED (401) for a forged, expired, foreign or malformed
 *   token; the JWKS fetch's own error (500) when the issuer cannot be reached.
 */
export function createIdTokenVerifier(issuer: IdTokenIssuer, opts: { extraIssuers?: string[] } = {}) {
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  return async function verifyIdToken(token: string, expect: { nonce?: string } = {}): Promise<VerifiedIdToken> {
    const audience = clientIdsOf(issuer);
    if (audience.length === 0) throw NotFoundError();
    jwks ??= createRemoteJWKSet(new URL(issuer.jwksUrl), { timeoutDuration: JWKS_TIMEOUT_MS });
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: [issuer.issuer, ...(opts.extraIssuers ?? [])],
        audience,
        algorithms: ID_TOKEN_ALGORITHMS,
        clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw UnauthenticatedError('The ID token has expired.');
      if (TOKEN_ERRORS.some((cls) => e instanceof cls)) throw UnauthenticatedError('Invalid ID token.');
      throw e;
    }
    if (expect.nonce !== undefined) {
      const nonce = payload.nonce;
      if (!expect.nonce || typeof nonce !== 'string' || !sameSecret(nonce, expect.nonce)) {
        throw UnauthenticatedError('Invalid ID token.');
      }
    }
    if (typeof payload.sub !== 'string' || !payload.sub) throw UnauthenticatedError('Invalid ID token.');
    // Apple sends email_verified as the string "true"; Google as a boolean.
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    const email = verified && typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
    const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null;
    return { subject: payload.sub, email, name };
  };
}

/** The verify function made by {@link createIdTokenVerifier}. */
export type IdTokenVerifier = ReturnType<typeof createIdTokenVerifier>;

/**
 * The nickname to start a new account with: the given or token name, else the e-mail's
 * local part, else 'sauce' (createUser makes it unique and at most 15 characters, SPEC §5).
 */
export function nicknameHint(token: VerifiedIdToken, name?: string | null): string {
  return name?.trim() || token.name || token.email?.split('@')[0] || 'sauce';
}
