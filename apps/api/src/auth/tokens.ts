import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Db, Tx } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';
import { TokenExpiredError, UnauthenticatedError } from '../errors.ts';

/** Access token lifetime: 15 minutes, in seconds. */
export const ACCESS_TTL_S = 15 * 60;
/** Refresh token lifetime: 30 days, in seconds. */
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;
/**
 * Grace window of refresh-token reuse: 30 seconds. A token presented again less than this
 * after its rotation (two tabs refreshing with one cookie, a response lost on the way) gets
 * a sibling in its family instead of revoking it; later reuse is taken for theft.
 */
export const REFRESH_REUSE_GRACE_S = 30;
const ISSUER = 'sauce';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Signs a 15-minute HS256 access token whose subject is the user id. */
export async function signAccessToken(secret: Uint8Array, userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TTL_S}s`)
    .sign(secret);
}

// jose imports a raw secret into a WebCrypto key on every verification (about a third of
// its cost); the key is imported once per secret instead.
const verifyKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function verifyKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
}

/**
 * Verifies an access token and returns its user id.
 * @throws TOKEN_EXPIRED (401) when expired, UNAUTHENTICATED (401) when forged or malformed.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<number> {
  const known = knownAccessToken(secret, token);
  if (known !== undefined) return known;
  const cache = verifiedTokens(secret);
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'], // a token without an expiry would never expire
    });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id <= 0) throw UnauthenticatedError('Invalid access token.');
    cache.set(token, { userId: id, expiresAt: payload.exp! * 1000 });
    return id;
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw TokenExpiredError();
    throw UnauthenticatedError('Invalid access token.');
  }
}

/**
 * The user id of an access token whose signature was checked already (see below), without
 * waiting: the session hook answers most requests this way; undefined when the token is not
 * known (then {@link verifyAccessToken} checks it).
 * @throws TOKEN_EXPIRED (401) when the known token has expired.
 */
export function knownAccessToken(secret: Uint8Array, token: string): number | undefined {
  const known = verifiedTokens(secret).get(token);
  if (!known) return undefined;
  if (known.expiresAt <= Date.now()) throw TokenExpiredError();
  return known.userId;
}

/**
 * Tokens whose signature was checked, per secret: a person's dashboard sends the same token
 * with every request for 15 minutes, and checking an HS256 signature through WebCrypto was a
 * tenth of a cached list's CPU (`npm run bench`). Only valid tokens are kept, with their
 * expiry, which is checked on every use; revocations are checked by the caller every time.
 */
const VERIFIED = new WeakMap<Uint8Array, LRUCache<string, { userId: number; expiresAt: number }>>();
const verifiedTokens = (secret: Uint8Array) => {
  let cache = VERIFIED.get(secret);
  if (!cache) VERIFIED.set(secret, (cache = new LRUCache({ max: 10_000 })));
  return cache;
};

/**
 * Issues an opaque refresh token (32 random bytes, base64url) and stores its SHA-256.
 * `familyId` links it to the sign-in it descends from; a new sign-in starts a new family.
 */
export async function issueRefreshToken(db: Tx, userId: number, familyId: string = randomUUID()) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + REFRESH_TTL_S * 1000),
  });
  return token;
}

/**
 * Rotates a refresh token: marks it used and issues its successor in the same family.
 * Presented again less than REFRESH_REUSE_GRACE_S after its rotation (concurrent refreshes,
 * a lost response), it gets another successor, a sibling in the same family, and nothing is
 * revoked; presented later (reuse, a sign of theft), it revokes the whole family.
 * @returns the user id and the new refresh token.
 * @throws UNAUTHENTICATED (401) when unknown, expired, revoked or reused past the grace window.
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<{ userId: number; refreshToken: string }> {
  // The successor is inserted in the same transaction: were it inserted after the commit,
  // a reuse racing in between would revoke the family without it, and it would live on.
  // The row lock serializes concurrent uses of one token: the later one sees its rotation.
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for('update');
    // Revocation always covers the whole family, this row included: a revoked family is seen here.
    if (!row || row.revokedAt || row.expiresAt < new Date()) return null;
    if (row.rotatedAt) {
      // The window runs from the first rotation: reusing the token again does not extend it.
      if (Date.now() - row.rotatedAt.getTime() < REFRESH_REUSE_GRACE_S * 1000) {
        return { userId: row.userId, refreshToken: await issueRefreshToken(tx, row.userId, row.familyId) };
      }
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return null;
    }
    await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    return { userId: row.userId, refreshToken: await issueRefreshToken(tx, row.userId, row.familyId) };
  });
  if (!result) throw UnauthenticatedError('Invalid refresh token.');
  return result;
}

/** Revokes the family of `token` (logout). Unknown tokens are ignored. */
export async function revokeRefreshToken(db: Db, token: string): Promise<void> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row) return;
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, row.familyId));
}
