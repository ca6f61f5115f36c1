import { randomBytes } from 'node:crypto';
import {
  nicknameProblem,
  normalizeNickname,
  type ProfileCount,
  type UpdateProfile,
  type WithdrawalPreview,
} from '@sauce/contract/account';
import type { Permission } from '@sauce/contract/common';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Revocations } from '../auth/revocations.ts';
import type { Db, Tx } from '../db/client.ts';
import { lockPerson, lockWorkspaces } from '../db/locks.ts';
import { users } from '../db/schema.ts';
import {
  NicknameExistsError,
  NicknameInvalidError,
  OwnsSharedSpacesError,
  UnauthenticatedError,
} from '../errors.ts';
import type { FileStore } from '../storage/file-store.ts';
import { notifyWorkspace } from './events.ts';
import { processAvatar } from './image-processing.ts';
import { deleteFiles, imageFileKeys } from './images.ts';
import { captureFileKeys } from './capture-files.ts';
import { NICKNAME_UNIQUE_INDEX, uniqueViolation } from './users.ts';

/** What the account services need besides the database. */
export interface AccountDeps {
  db: Db;
  files: FileStore;
  log?: FastifyBaseLogger;
}

export type UserRow = typeof users.$inferSelect;

/**
 * The signed-in person's row. @throws UNAUTHENTICATED (401) when the account is gone
 * (deleted while a token was still out).
 */
export async function getUserRow(db: Tx, userId: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(sql`${users.id} = ${userId}`);
  if (!row) throw UnauthenticatedError();
  return row;
}

/**
 * PATCH /auth/profile (SPEC §2 EditUserInformation, §5 Nickname, §7): changes any of
 * nickname, job, marketing agreement and the tutorial flag.
 * The nickname is NFC-normalised and trimmed, then must be 1–15 characters as SPEC counts
 * them, without spaces (of any kind, invisible ones included) or emoji, and unique ignoring
 * case (index users_nickname_lower_uq: two people saving 'Kim' and 'kim' at once cannot
 * both get it). Changing only its case is allowed.
 * @returns the updated row.
 * @throws NICKNAME_INVALID (400, `details.reason`), NICKNAME_EXISTS (400, SPEC §5: 'a server
 *   400 is treated as a duplicate'), UNAUTHENTICATED (401) when the account is gone.
 */
export async function updateProfile(db: Db, userId: number, input: UpdateProfile): Promise<UserRow> {
  const patch: Partial<UserRow> = {};
  if (input.nickname !== undefined) {
    const problem = nicknameProblem(input.nickname);
    if (problem) throw NicknameInvalidError(problem);
    patch.nickname = normalizeNickname(input.nickname);
    const { rows } = await db.execute(
      sql`SELECT 1 FROM users WHERE lower(nickname) = lower(${patch.nickname}) AND id <> ${userId} LIMIT 1`,
    );
    if (rows.length > 0) throw NicknameExistsError();
  }
  if (input.jobType !== undefined) patch.jobType = input.jobType;
  if (input.agreeMarketing !== undefined) patch.agreeMarketing = input.agreeMarketing;
  if (input.tutorial !== undefined) patch.tutorial = input.tutorial;
  try {
    const [row] = await db.update(users).set(patch).where(sql`${users.id} = ${userId}`).returning();
    if (!row) throw UnauthenticatedError();
    return row;
  } catch (e) {
    // Someone took the name between the check and the write.
    if (uniqueViolation(e) === NICKNAME_UNIQUE_INDEX) throw NicknameExistsError();
    throw e;
  }
}

/**
 * PATCH /auth/profile/image (SPEC §7, §5: at most 5,242,880 bytes, checked by the route):
 * the image is checked by content, cropped to a 256 px WebP square without EXIF/GPS
 * (processAvatar, as space images) and stored as `avatars/<32 hex>.webp`; the previous
 * one's file is deleted after the commit. `image` null removes the picture.
 * A refused or failed change leaves nothing behind (the new file is deleted again).
 * @returns the updated row.
 * @throws UNSUPPORTED_IMAGE (415), TOO_MANY_PIXELS (413), UNAUTHENTICATED (401).
 */
export async function setProfileImage(deps: AccountDeps, userId: number, image: Buffer | null): Promise<UserRow> {
  let key: string | null = null;
  if (image) {
    const data = await processAvatar(image);
    key = `avatars/${randomBytes(16).toString('hex')}.webp`;
    await deps.files.put(key, data, 'image/webp');
  }
  try {
    const { row, old } = await deps.db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      const { rows } = await tx.execute<{ profile_image: string | null }>(
        sql`SELECT profile_image FROM users WHERE id = ${userId}`,
      );
      const [row] = await tx.update(users).set({ profileImage: key }).where(sql`${users.id} = ${userId}`).returning();
      return { row: row!, old: rows[0]!.profile_image };
    });
    if (old?.startsWith('avatars/')) await deleteFiles(deps.files, [old], deps.log);
    return row;
  } catch (e) {
    if (key) await deleteFiles(deps.files, [key], deps.log);
    throw e;
  }
}

/**
 * GET /auth/profile/count: the figures of /mypage/profile — the person's own sources (text
 * and image) in spaces they are a member of, their spaces, their tags. One statement.
 */
export async function profileCount(db: Db, userId: number): Promise<ProfileCount> {
  const { rows } = await db.execute<{ text: number; image: number; spaces: number; tags: number }>(sql`
    SELECT
      count(*) FILTER (WHERE s.type = 'TEXT')::int AS text,
      count(*) FILTER (WHERE s.type = 'IMAGE')::int AS image,
      (SELECT count(*) FROM workspace_members WHERE user_id = ${userId})::int AS spaces,
      (SELECT count(*) FROM tags WHERE user_id = ${userId})::int AS tags
    FROM sauces s
    WHERE s.author_id = ${userId}
      AND EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = s.workspace_id AND m.user_id = ${userId})`);
  const r = rows[0]!;
  return {
    sauceCount: r.text + r.image,
    textSauceCount: r.text,
    imageSauceCount: r.image,
    workspaceCount: r.spaces,
    tagCount: r.tags,
  };
}

// ---------------------------------------------------------------------------------------
// Withdrawal (SPEC §2 WithdrawalSurvey, §7 POST /auth/withdrawal; issue #8)
// ---------------------------------------------------------------------------------------

/** One space of the person's, as withdrawal sorts them. */
interface SpaceOfPerson {
  id: number;
  name: string;
  isPersonal: boolean;
  permission: Permission;
  /** Members, the person included. */
  members: number;
  /** Owners other than the person. */
  otherOwners: number;
}

/** The person's spaces as they are now, with their members and other owners counted. */
async function spacesOf(tx: Tx, userId: number): Promise<SpaceOfPerson[]> {
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    is_personal: boolean;
    permission: Permission;
    members: number;
    other_owners: number;
  }>(sql`
    SELECT w.id, w.name, w.is_personal, m.permission,
      (SELECT count(*) FROM workspace_members x WHERE x.workspace_id = w.id)::int AS members,
      (SELECT count(*) FROM workspace_members x
        WHERE x.workspace_id = w.id AND x.permission = 'OWNER' AND x.user_id <> ${userId})::int AS other_owners
    FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
    WHERE m.user_id = ${userId}
    ORDER BY w.id`);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    isPersonal: r.is_personal,
    permission: r.permission,
    members: r.members,
    otherOwners: r.other_owners,
  }));
}

/**
 * How withdrawal treats each of the person's spaces (docs/features.md "Leaving Sauce"):
 * - deleted with the account: the personal space, and team spaces with no other member;
 * - blocking: team spaces where the person is the only owner and others are members — a
 *   space always keeps an owner (issue #7), so the person first makes another member an
 *   owner (or removes the others); nothing is handed over behind anyone's back;
 * - left: every other space (another owner stays; or the person is an editor or viewer).
 */
function sortSpaces(spaces: SpaceOfPerson[]) {
  const deleted = spaces.filter((s) => s.isPersonal || s.members === 1);
  const blocking = spaces.filter((s) => !deleted.includes(s) && s.permission === 'OWNER' && s.otherOwners === 0);
  const left = spaces.filter((s) => !deleted.includes(s) && !blocking.includes(s));
  return { deleted, blocking, left };
}

/** GET /auth/withdrawal: what withdrawing would do now, for the survey's confirmation. */
export async function withdrawalPreview(db: Db, userId: number): Promise<WithdrawalPreview> {
  await getUserRow(db, userId);
  const { deleted, blocking, left } = sortSpaces(await spacesOf(db, userId));
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sauces WHERE author_id = ${userId}`);
  const ref = (s: SpaceOfPerson) => ({ id: s.id, name: s.name });
  return {
    sauceCount: rows[0]!.n,
    deletedWorkspaces: deleted.map(ref),
    leftWorkspaces: left.map(ref),
    blockingWorkspaces: blocking.map((s) => ({ ...ref(s), memberCount: s.members })),
  };
}

/**
 * POST /auth/withdrawal (SPEC §7, issue #8): deletes the account in one transaction.
 * - Refused with OWNS_SHARED_SPACES (409, `details.workspaces`) while the person is the
 *   only owner of a space that has other members (see {@link sortSpaces}).
 * - Deleted: the account and its sign-in tokens, the personal space and team spaces with
 *   no other member (with everything in them), the person's sources in every space (with
 *   their images and every comment on them), their comments on others' images (replies to
 *   those go with them), tags, pending uploads, import jobs, profile image. The files go
 *   after the commit.
 * - Kept: spaces the person leaves, with everyone else's sources. An image the person added
 *   to someone else's source stays in that source (it is handed to the source's author).
 * - The reason is stored alone (`withdrawal_reasons`: reason and day, no id, no link).
 * - Access tokens already issued stop working at once (auth/revocations.ts); refresh tokens
 *   are deleted with the account. Members watching a space are told (their lists refresh,
 *   streams of a deleted space close).
 * A later sign-in with the same identity makes a fresh account.
 * @throws UNAUTHENTICATED (401) when the account is already gone (withdrawing twice);
 *   OWNS_SHARED_SPACES (409).
 */
export async function withdraw(
  deps: AccountDeps & { revocations: Revocations },
  userId: number,
  reason: number,
): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    // The lock order (db/locks.ts): the person, then their spaces in id order; what decides
    // (members, other owners) is read after both, so an owner leaving, demoted or withdrawing
    // at the same time is seen and a space never loses its last owner (issue #18). Joining a
    // space locks the person too, so the list of spaces cannot grow meanwhile.
    await lockPerson(tx, userId);
    const { rows: me } = await tx.execute<{ profile_image: string | null }>(
      sql`SELECT profile_image FROM users WHERE id = ${userId}`,
    );
    await lockWorkspaces(tx, (await spacesOf(tx, userId)).map((s) => s.id));
    const { deleted, blocking, left } = sortSpaces(await spacesOf(tx, userId));
    if (blocking.length > 0) throw OwnsSharedSpacesError(blocking.map((s) => ({ id: s.id, name: s.name })));
    const deletedIds = deleted.map((s) => s.id);
    const inDeleted = deletedIds.length ? sql`ANY(${sql.raw(`ARRAY[${deletedIds.join(',')}]::int[]`)})` : sql`ANY('{}'::int[])`;

    // Files: every image of the spaces that go, every image of the person's sources, their
    // unsaved uploads; the spaces' images; the profile image; stored import files.
    const { rows: images } = await tx.execute<{ storage_key: string; original_name: string }>(sql`
      SELECT i.storage_key, i.original_name FROM sauce_images i
      WHERE i.workspace_id = ${inDeleted}
         OR i.sauce_id IN (SELECT id FROM sauces WHERE author_id = ${userId})
         OR (i.sauce_id IS NULL AND i.uploader_id = ${userId})`);
    const { rows: spaceImages } = await tx.execute<{ image_key: string }>(
      sql`SELECT image_key FROM workspaces WHERE id = ${inDeleted} AND image_key IS NOT NULL`,
    );
    const { rows: importFiles } = await tx.execute<{ file_key: string }>(
      sql`SELECT file_key FROM import_jobs WHERE user_id = ${userId} AND file_key IS NOT NULL`,
    );
    // Issue #20: saved copies of the spaces that go and of the person's sources.
    const copies = await captureFileKeys(
      tx,
      sql`workspace_id = ${inDeleted} OR sauce_id IN (SELECT id FROM sauces WHERE author_id = ${userId})`,
    );

    // Spaces that stay: teammates refetch sources, folder counts and members (the person's
    // sources there are about to go).
    for (const s of left) {
      await notifyWorkspace(tx, s.id, { type: 'folders', actorId: userId });
      await notifyWorkspace(tx, s.id, { type: 'members', actorId: userId, removedUserId: userId });
    }
    // Images the person added to someone else's source stay with that source.
    await tx.execute(sql`
      UPDATE sauce_images i SET uploader_id = s.author_id FROM sauces s
      WHERE i.sauce_id = s.id AND i.uploader_id = ${userId} AND s.author_id <> ${userId}`);
    // Images others added to the person's sources go with those sources (not left pending).
    await tx.execute(sql`DELETE FROM sauce_images WHERE sauce_id IN (SELECT id FROM sauces WHERE author_id = ${userId})`);
    for (const id of deletedIds) await notifyWorkspace(tx, id, { type: 'workspace', action: 'deleted', actorId: userId });
    if (deletedIds.length) await tx.execute(sql`DELETE FROM workspaces WHERE id = ${inDeleted}`);

    await deps.revocations.revoke(tx, userId);
    await tx.execute(sql`INSERT INTO withdrawal_reasons (reason) VALUES (${reason})`);
    // Cascades: memberships, sources (tags, folders, comments), comments elsewhere, tags,
    // refresh tokens, invitations made, import jobs. Spaces they created keep going (SET NULL).
    await tx.execute(sql`DELETE FROM users WHERE id = ${userId}`);

    const profile = me[0]!.profile_image;
    return [
      ...images.flatMap((r) => imageFileKeys({ storageKey: r.storage_key, originalName: r.original_name })),
      ...spaceImages.map((r) => r.image_key),
      ...importFiles.map((r) => r.file_key),
      ...copies,
      ...(profile?.startsWith('avatars/') ? [profile] : []),
    ];
  });
  deps.revocations.remember(userId);
  await deleteFiles(deps.files, keys, deps.log);
}
