import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@sauce/contract/limits';
import { extensionTokenName, PERSONAL_TOKEN_PREFIX, type BrowserName, type TokenScope } from '@sauce/contract/tokens';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { lockPerson } from '../db/locks.ts';
import { isoUtcSql } from '../db/sql.ts';
import { personalAccessTokens, tokenGrants } from '../db/schema.ts';
import { ConnectionUsedError, LimitReachedError, NotFoundError, UnauthenticatedError } from '../errors.ts';

/*
 * Issue #20: personal access tokens. A token is `sauce_pat_` + 32 random bytes (base64url,
 * 256 bits: unguessable); only its SHA-256 is stored, so a copy of the database opens no
 * account. Revoking deletes the row; a withdrawn account's rows go with it (ON DELETE
 * CASCADE). The session plugin (auth/session.ts) takes one as `Authorization: Bearer`.
 */

/** A token row as the API lists it (never its hash). Times are ISO 8601 UTC. */
export interface TokenRecord {
  id: number;
  name: string;
  scope: TokenScope;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** A token just made, with its secret (shown once). */
export interface CreatedTokenRecord extends TokenRecord {
  token: string;
}

/** What a presented token signs in: its id, person and scope. */
export interface TokenIdentity {
  tokenId: number;
  userId: number;
  scope: TokenScope;
}

/** How often a token's `lastUsedAt` is written at most, ms (a script calling in a loop writes it once a minute). */
const LAST_USED_EVERY_MS = 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Whether `bearer` has the form of a personal access token (the session plugin looks only these up). */
export const isPersonalToken = (bearer: string) => bearer.startsWith(PERSONAL_TOKEN_PREFIX);

const listColumns = {
  id: personalAccessTokens.id,
  name: personalAccessTokens.name,
  scope: sql<TokenScope>`${personalAccessTokens.scope}`,
  createdAt: sql<string>`${isoUtcSql('created_at')}`,
  lastUsedAt: sql<string | null>`CASE WHEN last_used_at IS NULL THEN NULL ELSE ${isoUtcSql('last_used_at')} END`,
  expiresAt: sql<string | null>`CASE WHEN expires_at IS NULL THEN NULL ELSE ${isoUtcSql('expires_at')} END`,
};

/**
 * Inserts a token for `userId` inside `tx`, which holds the person's lock, after counting
 * their tokens (at most LIMITS.personalTokens).
 * @throws LIMIT_REACHED (422) at the limit.
 */
async function insertToken(tx: Tx, userId: number, name: string, scope: TokenScope, expiresInDays: number | null) {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
  if (n >= LIMITS.personalTokens) throw LimitReachedError('tokens', LIMITS.personalTokens);
  const token = `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await tx
    .insert(personalAccessTokens)
    .values({
      userId,
      name,
      scope,
      tokenHash: sha256(token),
      expiresAt: expiresInDays === null ? null : sql`now() + make_interval(days => ${expiresInDays})`,
    })
    .returning(listColumns);
  return { ...row!, token };
}

/**
 * Makes a personal access token for `userId`, under the person's lock (step 1 of the lock
 * order, db/locks.ts) so parallel requests cannot pass the limit together.
 * @param expiresInDays days it lasts (1–365), or null: until revoked.
 * @returns the token with its secret, which is never shown again.
 * @throws LIMIT_REACHED (422) at LIMITS.personalTokens tokens; UNAUTHENTICATED (401) when the account is gone.
 */
export async function createToken(
  db: Db,
  userId: number,
  input: { name: string; scope: TokenScope; expiresInDays: number | null },
): Promise<CreatedTokenRecord> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    return insertToken(tx, userId, input.name, input.scope, input.expiresInDays);
  });
}

/** A person's tokens, oldest first, without secrets. */
export async function listTokens(db: Db, userId: number): Promise<TokenRecord[]> {
  return db.select(listColumns).from(personalAccessTokens).where(eq(personalAccessTokens.userId, userId)).orderBy(asc(personalAccessTokens.id));
}

/**
 * Revokes (deletes) token `id` of `userId`, under the person's lock: a capture holding that
 * lock finishes first, and one that starts after sees the token gone (services/captures.ts).
 * @throws NOT_FOUND (404) when the person has no such token (another person's token included).
 */
export async function revokeToken(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const gone = await tx
      .delete(personalAccessTokens)
      .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.userId, userId)))
      .returning({ id: personalAccessTokens.id });
    if (gone.length === 0) throw NotFoundError('Token not found.');
  });
}

/**
 * Inside a transaction that holds the person's lock: whether token `tokenId` of `userId`
 * still works (not revoked, not expired). A write made with a token re-checks it here, so
 * a revocation that committed while the write waited is obeyed.
 * @throws UNAUTHENTICATED (401) when it no longer works.
 */
export async function assertTokenLive(tx: Tx, userId: number, tokenId: number): Promise<void> {
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM personal_access_tokens
    WHERE id = ${tokenId} AND user_id = ${userId} AND (expires_at IS NULL OR expires_at > now())`);
  if (rows.length === 0) throw UnauthenticatedError('This access token has been revoked or has expired.');
}

/**
 * The identity of a presented token, or null when it is unknown, revoked or expired. Marks
 * it used (at most once a minute, not waited for).
 */
export async function verifyPersonalToken(db: Db, token: string): Promise<TokenIdentity | null> {
  if (!isPersonalToken(token) || token.length > 200) return null;
  const { rows } = await db.$client.query<{ id: number; user_id: number; scope: TokenScope; stale: boolean }>({
    name: 'personal-token',
    text: `SELECT id, user_id, scope, (last_used_at IS NULL OR last_used_at < now() - $2::interval) AS stale
      FROM personal_access_tokens WHERE token_hash = $1 AND (expires_at IS NULL OR expires_at > now())`,
    values: [sha256(token), `${LAST_USED_EVERY_MS} milliseconds`],
  });
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    void db.$client.query('UPDATE personal_access_tokens SET last_used_at = now() WHERE id = $1', [row.id]).catch(() => undefined);
  }
  return { tokenId: row.id, userId: row.user_id, scope: row.scope };
}

/**
 * The signed-in person allows the browser extension that showed `challenge` on the connect
 * page it opened (issue #20): a grant of `userId` that the extension trades for a write token
 * within LIMITS.tokenGrantTtlMs. Issue #28 item 5: the grant is completed by a one-time code
 * (32 random bytes, base64url; only its SHA-256 is kept) that the page hands only to the
 * extension that opened it — whoever made the link holds the verifier, never the code. A
 * challenge is allowed once: the grant belongs to the person who allowed it and is never
 * reassigned, and an exchanged grant keeps its challenge taken until it expires.
 * @returns the one-time code (shown to this answer only).
 * @throws CONNECTION_USED (409) when the challenge already has a grant (anyone's, exchanged or not);
 *   UNAUTHENTICATED (401) when the account is gone.
 */
export async function createGrant(db: Db, userId: number, challenge: string, browser: BrowserName): Promise<string> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    // Expired grants of anyone go as new ones come.
    await tx.execute(sql`DELETE FROM token_grants WHERE expires_at < now()`);
    const code = randomBytes(32).toString('base64url');
    const made = await tx
      .insert(tokenGrants)
      .values({
        userId,
        challenge,
        codeHash: sha256(code),
        name: extensionTokenName(browser),
        expiresAt: sql`now() + make_interval(secs => ${LIMITS.tokenGrantTtlMs / 1000})`,
      })
      .onConflictDoNothing({ target: tokenGrants.challenge })
      .returning({ id: tokenGrants.id });
    if (made.length === 0) throw ConnectionUsedError();
    return code;
  });
}

/**
 * Trades the extension's `verifier` and the grant's one-time `code` for a write token, once
 * (issue #28 item 5: both are needed). The grant whose challenge is base64url(SHA-256(verifier))
 * and whose code matches is marked used and the token made in the same transaction, so two
 * exchanges at once make one token.
 * @returns the token with its secret, and its person's id.
 * @throws NOT_FOUND (404) when no such grant waits (unknown, wrong code or verifier, expired,
 *   or taken) — the same answer for each; LIMIT_REACHED (422) at LIMITS.personalTokens tokens.
 */
export async function exchangeGrant(db: Db, verifier: string, code: string): Promise<CreatedTokenRecord & { userId: number }> {
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const waiting = and(
    eq(tokenGrants.challenge, challenge),
    eq(tokenGrants.codeHash, sha256(code)),
    isNull(tokenGrants.usedAt),
    sql`${tokenGrants.expiresAt} > now()`,
  );
  // The grant's person is read first, so their lock comes before the grant's row (lock order).
  const [pending] = await db.select({ userId: tokenGrants.userId }).from(tokenGrants).where(waiting);
  if (!pending) throw NotFoundError('No such connection waits.');
  return db.transaction(async (tx) => {
    await lockPerson(tx, pending.userId);
    const [grant] = await tx
      .update(tokenGrants)
      .set({ usedAt: sql`now()` })
      .where(and(waiting, eq(tokenGrants.userId, pending.userId)))
      .returning({ userId: tokenGrants.userId, name: tokenGrants.name });
    if (!grant) throw NotFoundError('No such connection waits.');
    const token = await insertToken(tx, grant.userId, grant.name, 'write', null);
    return { ...token, userId: grant.userId };
  });
}
