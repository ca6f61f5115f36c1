import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, workspaceMembers, workspaces } from '../db/schema.ts';
import { pgError } from '../db/sql.ts';
import { LIMITS } from '@sauce/contract/limits';

/** Which external identity a user signs in with. */
export type Identity = { kind: 'google' | 'apple' | 'dev'; subject: string };

const identityColumn = { google: users.googleSub, apple: users.appleSub, dev: users.devEmail } as const;

/** The user with this identity, or undefined. */
export async function findUserByIdentity(db: Db, identity: Identity) {
  const [row] = await db.select().from(users).where(eq(identityColumn[identity.kind], identity.subject));
  return row;
}

/** Personal workspace name (SPEC §2 Sidebar: 'My space'). */
export const PERSONAL_WORKSPACE_NAME = 'My space';

/**
 * A nickname derived from `wanted` (or the e-mail's local part): letters and digits only,
 * at most 15 characters (SPEC §5), made unique with a numeric suffix.
 */
async function uniqueNickname(db: Db, wanted: string): Promise<string> {
  const base = (wanted.replace(/[^\p{L}\p{N}]/gu, '') || 'sauce').slice(0, LIMITS.nicknameLength);
  for (let i = 0; i < 20; i++) {
    const suffix = i === 0 ? '' : String(Math.floor(Math.random() * 10 ** Math.min(i + 2, 6)));
    const name = base.slice(0, LIMITS.nicknameLength - suffix.length) + suffix;
    // Unique ignoring case (issue #8): the index is on lower(nickname).
    const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.nickname}) = lower(${name})`);
    if (!taken) return name;
  }
  return `sauce${randomBytes(4).toString('hex')}`;
}

/** The unique index on lower(nickname) (issue #8: nicknames are unique ignoring case). */
export const NICKNAME_UNIQUE_INDEX = 'users_nickname_lower_uq';

/** How many nicknames createUser tries when concurrent sign-ups keep taking them. */
const NICKNAME_ATTEMPTS = 5;

/** The constraint of a PostgreSQL unique violation (23505) in `e` or its causes, or undefined. */
export function uniqueViolation(e: unknown): string | undefined {
  const pg = pgError(e);
  return pg?.code === '23505' ? (pg.constraint ?? '') : undefined;
}

/**
 * Whether `e`, thrown by createUser, says another user already holds `identity`: a
 * concurrent sign-up of the same person won the race (sign that user in instead).
 */
export function isIdentityTaken(e: unknown, identity: Identity): boolean {
  const constraint = uniqueViolation(e);
  return constraint !== undefined && constraint === identityColumn[identity.kind].uniqueName;
}

/**
 * Creates a user for `identity` with their personal workspace ('My space', the user as
 * OWNER), in one transaction (SPEC §2 Sidebar, issue #2 §3). A nickname taken meanwhile
 * by a concurrent sign-up is replaced by another (at most NICKNAME_ATTEMPTS tries).
 * @returns the user row and the personal workspace id.
 * @throws a unique violation recognized by isIdentityTaken when a concurrent sign-up
 *   created the user for `identity` first (nothing is created then).
 */
export async function createUser(
  db: Db,
  identity: Identity,
  profile: { email: string | null; nickname: string; agreeMarketing: boolean },
) {
  for (let attempt = 1; ; attempt++) {
    const nickname = await uniqueNickname(db, profile.nickname);
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: profile.email,
            nickname,
            agreeMarketing: profile.agreeMarketing,
            [identity.kind === 'dev' ? 'devEmail' : `${identity.kind}Sub`]: identity.subject,
          })
          .returning();
        const [ws] = await tx
          .insert(workspaces)
          .values({ name: PERSONAL_WORKSPACE_NAME, isPersonal: true, createdBy: user!.id })
          .returning({ id: workspaces.id });
        await tx.insert(workspaceMembers).values({ workspaceId: ws!.id, userId: user!.id, permission: 'OWNER' });
        return { user: user!, workspaceId: ws!.id };
      });
    } catch (e) {
      // uniqueNickname checked before inserting: a concurrent sign-up may have taken the name since.
      if (attempt < NICKNAME_ATTEMPTS && uniqueViolation(e) === NICKNAME_UNIQUE_INDEX) continue;
      throw e;
    }
  }
}

/** The user's personal workspace id (the one selected after sign-in). */
export async function personalWorkspaceId(db: Db, userId: number): Promise<number | null> {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
    .where(sql`${workspaceMembers.userId} = ${userId} AND ${workspaces.isPersonal}`)
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The e-mail address of person `userId` (null when they have none, or are gone). */
export async function userEmail(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
