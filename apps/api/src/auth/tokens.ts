import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db, Tx } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';
import { TokenExpiredError, UnauthenticatedError } from '../errors.ts';

/** Access token lifetime: 15 minutes, in seconds. */
export const ACCESS_TTL_S = 15 * 60;
/** Refresh token lifetime: 30 days, in seconds. */
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;
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
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'], // a token without an expiry would never expire
    });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id <= 0) throw UnauthenticatedError('Invalid access token.');
    return id;
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw TokenExpiredError();
    throw UnauthenticatedError('Invalid access token.');
  }
}

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
 * A token presented after it was rotated (reuse, a sign of theft) revokes the whole family.
 * @returns the user id and the new refresh token.
 * @throws UNAUTHENTICATED (401) when unknown, expired, revoked or reused.
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<{ userId: number; refreshToken: string }> {
  // The successor is inserted in the same transaction: were it inserted after the commit,
  // a reuse racing in between would revoke the family without it, and it would live on.
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt < new Date()) return null;
    if (row.rotatedAt) {
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
