import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { UnauthenticatedError } from '../errors.ts';

/** Lifetime of a pending sign-up (the person reads the terms meanwhile): 10 minutes, in seconds. */
export const PENDING_SIGN_UP_TTL_S = 10 * 60;
const ISSUER = 'sauce';
/**
 * The audience that makes these tokens pending sign-ups and nothing else: access tokens
 * carry none (and pending sign-ups carry no `sub`, which access tokens require), so neither
 * passes for the other.
 */
const AUDIENCE = 'sauce:pending-sign-up';

/** A verified identity waiting for its person to agree to the terms (SPEC §4 Sign-in, Terms). */
export interface PendingSignUp {
  /** The provider, e.g. 'apple'. */
  kind: 'apple';
  /** The provider's stable user id (`sub` of its ID token). */
  subject: string;
  /** The verified e-mail address, or null. */
  email: string | null;
  /** The nickname to start the account with (nicknameHint: the name Apple sent the first time, …). */
  nickname: string;
}

/**
 * Signs `pending` into a 10-minute ({@link PENDING_SIGN_UP_TTL_S}) HS256 JWT with the app's
 * secret, as access tokens are (auth/tokens.ts), for an HttpOnly cookie: the identity
 * travels signed, so nothing is stored and a change to it breaks the signature.
 */
export async function signPendingSignUp(secret: Uint8Array, pending: PendingSignUp): Promise<string> {
  return new SignJWT({ kind: pending.kind, subject: pending.subject, email: pending.email, nickname: pending.nickname })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${PENDING_SIGN_UP_TTL_S}s`)
    .sign(secret);
}

/**
 * Verifies a pending sign-up made by {@link signPendingSignUp} and returns its identity.
 * @throws UNAUTHENTICATED (401, SPEC §8) when `token` is missing, expired (its message says
 *   so), tampered with, signed with another secret or not a pending sign-up.
 */
export async function verifyPendingSignUp(secret: Uint8Array, token: string | undefined): Promise<PendingSignUp> {
  const missing = () => UnauthenticatedError('No sign-up is waiting to be completed. Please sign in again.');
  if (!token) throw missing();
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp'], // one without an expiry would never expire
    }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) {
      throw UnauthenticatedError('The sign-up took longer than 10 minutes and has expired. Please sign in again.');
    }
    throw missing();
  }
  const { kind, subject, email, nickname } = payload;
  if (kind !== 'apple' || typeof subject !== 'string' || !subject || typeof nickname !== 'string' || !(email === null || typeof email === 'string')) {
    throw missing();
  }
  return { kind, subject, email, nickname };
}
