import { randomBytes } from 'node:crypto';
import { linksResetBy, type Permission } from '@sauce/contract/common';
import { reached, type Plan } from '@sauce/contract/limits';
import type { WorkspaceStatus } from '@sauce/contract/workspaces';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { workspaceMembers, workspaces } from '../db/schema.ts';
import { lockPerson } from '../db/locks.ts';
import { isoUtc } from '../db/sql.ts';
import { LastOwnerError, LimitReachedError, NotFoundError, WorkspaceHasMembersError } from '../errors.ts';
import { lockMembership, type Membership } from '../policies/workspace.ts';
import type { FileStore } from '../storage/file-store.ts';
import { notifyWorkspace } from './events.ts';
import { listFolders } from './folders.ts';
import { processAvatar } from './image-processing.ts';
import { deleteFiles, imageFileKeys } from './images.ts';
import { captureFileKeys } from './capture-files.ts';

/** What the workspace services need besides the database. */
export interface WorkspaceDeps {
  db: Db;
  files: FileStore;
  /** The installation's plan (config PLAN_*). */
  plan: Plan;
  log?: FastifyBaseLogger;
}

/** A space as read with the caller's role (presenters/workspace.ts presents it). */
export interface WorkspaceRecord {
  id: number;
  name: string;
  /** Its image's FileStore key, or null. */
  imageKey: string | null;
  isPersonal: boolean;
  permission: Permission;
}

/** A member of a space, with their stored profile image (a FileStore key or URL). */
export interface MemberRecord {
  id: number;
  nickname: string;
  profileImage: string | null;
  permission: Permission;
  /** ISO 8601 in UTC with milliseconds. */
  joinedAt: string;
}

/** GET /workspace/{id}: the space, its folders and members. */
export interface WorkspaceWithMembers {
  summary: WorkspaceRecord;
  folders: Awaited<ReturnType<typeof listFolders>>;
  members: MemberRecord[];
}

const SUMMARY_COLUMNS = `w.id, w.name, w.image_key, w.is_personal, m.permission`;
type SummaryRow = { id: number; name: string; image_key: string | null; is_personal: boolean; permission: Permission };
const toRecord = (r: SummaryRow): WorkspaceRecord => ({
  id: r.id,
  name: r.name,
  imageKey: r.image_key,
  isPersonal: r.is_personal,
  permission: r.permission,
});

/** GET /workspace: the spaces `userId` is a member of, personal first, then oldest first. */
export async function listWorkspaces(db: Db, userId: number): Promise<WorkspaceRecord[]> {
  const { rows } = await db.execute<SummaryRow>(sql`
    SELECT ${sql.raw(SUMMARY_COLUMNS)} FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id
    WHERE m.user_id = ${userId} ORDER BY w.is_personal DESC, w.id`);
  return rows.map(toRecord);
}

/** One space of `userId`'s with their role. @throws NOT_FOUND (404) when they are not a member. */
export async function getWorkspaceRecord(db: Tx, workspaceId: number, userId: number): Promise<WorkspaceRecord> {
  const { rows } = await db.execute<SummaryRow>(sql`
    SELECT ${sql.raw(SUMMARY_COLUMNS)} FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id
    WHERE w.id = ${workspaceId} AND m.user_id = ${userId}`);
  if (!rows[0]) throw NotFoundError('Workspace not found.');
  return toRecord(rows[0]);
}

/** The members of a space, oldest first. */
async function listMembers(db: Tx, workspaceId: number): Promise<MemberRecord[]> {
  const { rows } = await db.execute<{ id: number; nickname: string; profile_image: string | null; permission: Permission; joined_at: string }>(sql`
    SELECT u.id, u.nickname, u.profile_image, m.permission, ${sql.raw(isoUtc('m.created_at'))} AS joined_at
    FROM workspace_members m JOIN users u ON u.id = m.user_id
    WHERE m.workspace_id = ${workspaceId} ORDER BY m.created_at, u.id`);
  return rows.map((r) => ({ id: r.id, nickname: r.nickname, profileImage: r.profile_image, permission: r.permission, joinedAt: r.joined_at }));
}

/** GET /workspace/{id} (SPEC §3 Workspace): the space, its folders and members. */
export async function getWorkspace(db: Db, m: Membership): Promise<WorkspaceWithMembers> {
  const [summary, folders, members] = await Promise.all([
    getWorkspaceRecord(db, m.workspaceId, m.userId),
    listFolders(db, m.workspaceId),
    listMembers(db, m.workspaceId),
  ]);
  return { summary, folders, members };
}

/**
 * GET /workspace/{id}/status (SPEC §3 Workspace status, issue #7 usage): counts of text and
 * image sources, folders and members, the bytes of the space's images (saved and still
 * pending), and the beta plan's limits (SPEC §9). One statement.
 */
export async function workspaceStatus(db: Db, m: Membership, plan: Plan): Promise<WorkspaceStatus> {
  const id = m.workspaceId;
  // The source counts are kept as sources are written (issue #24), in the space's counter
  // slots (issue #29); the rest is per space.
  const { rows } = await db.execute<{ text: number; image: number; folders: number; members: number; bytes: number }>(sql`
    SELECT c.text::int AS text, c.image::int AS image,
      (SELECT count(*) FROM folders WHERE workspace_id = ${id})::int AS folders,
      (SELECT count(*) FROM workspace_members WHERE workspace_id = ${id})::int AS members,
      ((SELECT COALESCE(sum(byte_size), 0) FROM sauce_images WHERE workspace_id = ${id})
        + (SELECT COALESCE(sum(byte_size), 0) FROM sauce_captures WHERE workspace_id = ${id}))::float8 AS bytes
    FROM (SELECT COALESCE(sum(text_count), 0) AS text, COALESCE(sum(image_count), 0) AS image
          FROM workspace_counters WHERE workspace_id = ${id}) c`);
  const r = rows[0]!;
  return {
    textSauceCount: r.text,
    imageSauceCount: r.image,
    folderCount: r.folders,
    memberCount: r.members,
    storageBytes: r.bytes,
    limits: {
      sauces: plan.sources,
      folders: plan.folders,
      members: plan.members,
    },
  };
}

/**
 * Processes and stores a space's image (processAvatar: type by content, pixel limit,
 * 256 px WebP, metadata stripped).
 * @returns its FileStore key, `avatars/<32 hex>.webp`.
 */
async function storeAvatar(files: FileStore, image: Buffer): Promise<string> {
  const data = await processAvatar(image);
  const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
  await files.put(key, data, 'image/webp');
  return key;
}

/**
 * Runs `write` with a new image stored first (if any): when `write` throws, the new
 * image's file is deleted again, so a refused change leaves nothing behind.
 */
async function withNewImage<T>(deps: WorkspaceDeps, image: Buffer | undefined, write: (key: string | null) => Promise<T>) {
  const key = image ? await storeAvatar(deps.files, image) : null;
  try {
    return await write(key);
  } catch (e) {
    if (key) await deleteFiles(deps.files, [key], deps.log);
    throw e;
  }
}

/** Team spaces `userId` created, the personal space not counted: what the plan's space limit counts. */
async function createdSpaces(db: Db | Tx, userId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM workspaces WHERE created_by = ${userId} AND NOT is_personal`,
  );
  return rows[0]!.n;
}

/**
 * The person's space quota (issue #19 item 8): team spaces they created and the plan's
 * limit (SPEC §9 beta: 2; null when unlimited), what {@link createWorkspace} checks.
 */
export async function spaceQuota(deps: Pick<WorkspaceDeps, 'db' | 'plan'>, userId: number): Promise<{ created: number; limit: number | null }> {
  return { created: await createdSpaces(deps.db, userId), limit: deps.plan.spaces ?? null };
}

/**
 * Creates a team space with `userId` as its OWNER (SPEC §4 Create workspace). The image,
 * when given, is processed and stored before the transaction. The person's row is locked
 * (db/locks.ts lockPerson) while their spaces are counted, so two requests at once cannot
 * pass the limit.
 * @throws LIMIT_REACHED (422, details {resource: 'workspaces', limit: 2}) when the person
 *   already created 2 team spaces (SPEC §9 beta; the personal space is not counted);
 *   UNSUPPORTED_IMAGE (415) / TOO_MANY_PIXELS (413) for the image.
 */
export async function createWorkspace(
  deps: WorkspaceDeps,
  userId: number,
  input: { name: string; image?: Buffer },
): Promise<WorkspaceRecord> {
  const id = await withNewImage(deps, input.image, (imageKey) =>
    deps.db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      if (reached(await createdSpaces(tx, userId), deps.plan.spaces)) throw LimitReachedError('workspaces', deps.plan.spaces!);
      const [ws] = await tx
        .insert(workspaces)
        .values({ name: input.name, imageKey, createdBy: userId })
        .returning({ id: workspaces.id });
      await tx.insert(workspaceMembers).values({ workspaceId: ws!.id, userId, permission: 'OWNER' });
      return ws!.id;
    }),
  );
  return getWorkspaceRecord(deps.db, id, userId);
}

/**
 * Renames a space and/or replaces its image (owner only, by the route's declaration; not a
 * personal space). The old image's file is deleted after the commit.
 */
export async function updateWorkspace(
  deps: WorkspaceDeps,
  m: Membership,
  input: { name?: string; image?: Buffer },
): Promise<WorkspaceRecord> {
  const oldKey = await withNewImage(deps, input.image, (imageKey) =>
    deps.db.transaction(async (tx) => {
      await lockMembership(tx, m);
      const { rows } = await tx.execute<{ image_key: string | null }>(
        sql`SELECT image_key FROM workspaces WHERE id = ${m.workspaceId}`,
      );
      await tx
        .update(workspaces)
        .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(imageKey ? { imageKey } : {}) })
        .where(sql`${workspaces.id} = ${m.workspaceId}`);
      await notifyWorkspace(tx, m.workspaceId, { type: 'workspace', action: 'updated', actorId: m.userId });
      return imageKey ? rows[0]?.image_key : null;
    }),
  );
  if (oldKey) await deleteFiles(deps.files, [oldKey], deps.log);
  return getWorkspaceRecord(deps.db, m.workspaceId, m.userId);
}

/**
 * Deletes a space with everything in it (SPEC §6: owner only, and only when no other
 * member is left), then the files of its images (saved and pending) and its own image.
 * @throws WORKSPACE_HAS_MEMBERS (409) while others are members.
 */
export async function deleteWorkspace(deps: WorkspaceDeps, m: Membership): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    await lockMembership(tx, m);
    const { rows } = await tx.execute<{ n: number; image_key: string | null }>(sql`
      SELECT (SELECT count(*) FROM workspace_members WHERE workspace_id = ${m.workspaceId})::int AS n, image_key
      FROM workspaces WHERE id = ${m.workspaceId}`);
    if (rows[0]!.n > 1) throw WorkspaceHasMembersError();
    const images = await tx.execute<{ storage_key: string; original_name: string }>(
      sql`SELECT storage_key, original_name FROM sauce_images WHERE workspace_id = ${m.workspaceId}`,
    );
    const copies = await captureFileKeys(tx, sql`workspace_id = ${m.workspaceId}`);
    await notifyWorkspace(tx, m.workspaceId, { type: 'workspace', action: 'deleted', actorId: m.userId });
    await tx.delete(workspaces).where(sql`${workspaces.id} = ${m.workspaceId}`);
    const keys = [...images.rows.flatMap((r) => imageFileKeys({ storageKey: r.storage_key, originalName: r.original_name })), ...copies];
    return rows[0]!.image_key ? [...keys, rows[0]!.image_key] : keys;
  });
  await deleteFiles(deps.files, keys, deps.log);
}

/** Locks and reads one member of the locked space; @throws NOT_FOUND (404) when not a member. */
async function memberRow(tx: Tx, workspaceId: number, userId: number) {
  const { rows } = await tx.execute<{ permission: Permission }>(sql`
    SELECT permission FROM workspace_members WHERE workspace_id = ${workspaceId} AND user_id = ${userId} FOR UPDATE`);
  if (!rows[0]) throw NotFoundError('Member not found.');
  return rows[0];
}

/** @throws LAST_OWNER (409) when `userId` is the space's only OWNER (a space keeps one). */
async function assertNotLastOwner(tx: Tx, workspaceId: number, userId: number) {
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM workspace_members
    WHERE workspace_id = ${workspaceId} AND permission = 'OWNER' AND user_id <> ${userId}`);
  if (rows[0]!.n === 0) throw LastOwnerError();
}

/**
 * Revokes the space's active invite links that an owner's decision about a member resets
 * (contract linksResetBy, issue #18): the next invite makes fresh links.
 */
async function resetLinks(tx: Tx, workspaceId: number, held: Permission, now: Permission | null): Promise<void> {
  const reset = linksResetBy(held, now);
  if (reset.length === 0) return;
  await tx.execute(sql`
    UPDATE workspace_invitations SET revoked_at = now()
    WHERE workspace_id = ${workspaceId} AND revoked_at IS NULL AND permission IN (${sql.join(
      reset.map((p) => sql`${p}`),
      sql`, `,
    )})`);
}

/**
 * Removes `userId` from the space (SPEC §6: the owner removes members; a member leaves
 * with `userId` = themself), under the space's lock with the caller's role as it is now
 * (issue #18). Their sources stay in the space. Their open event streams of the space
 * close. A member removed by an owner cannot come back through a link they already hold:
 * the links of the permissions they held are reset (contract linksResetBy); leaving resets none.
 * @throws NOT_FOUND (404) for a non-member; LAST_OWNER (409) for the only owner.
 */
export async function removeMember(db: Db, m: Membership, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMembership(tx, m);
    const target = await memberRow(tx, m.workspaceId, userId);
    if (target.permission === 'OWNER') await assertNotLastOwner(tx, m.workspaceId, userId);
    await tx.execute(sql`DELETE FROM workspace_members WHERE workspace_id = ${m.workspaceId} AND user_id = ${userId}`);
    if (userId !== m.userId) await resetLinks(tx, m.workspaceId, target.permission, null);
    await notifyWorkspace(tx, m.workspaceId, { type: 'members', actorId: m.userId, removedUserId: userId });
  });
}

/**
 * Sets a member's permission (SPEC §6: the owner changes permissions), under the space's
 * lock with the caller's role as it is now (issue #18). A demotion resets the space's links
 * of the permissions the member loses (contract linksResetBy).
 * @returns the member as now.
 * @throws NOT_FOUND (404) for a non-member; LAST_OWNER (409) when it would leave no owner.
 */
export async function setMemberPermission(db: Db, m: Membership, userId: number, permission: Permission): Promise<MemberRecord> {
  await db.transaction(async (tx) => {
    await lockMembership(tx, m);
    const target = await memberRow(tx, m.workspaceId, userId);
    if (target.permission === 'OWNER' && permission !== 'OWNER') await assertNotLastOwner(tx, m.workspaceId, userId);
    await tx.execute(sql`
      UPDATE workspace_members SET permission = ${permission} WHERE workspace_id = ${m.workspaceId} AND user_id = ${userId}`);
    await resetLinks(tx, m.workspaceId, target.permission, permission);
    await notifyWorkspace(tx, m.workspaceId, { type: 'members', actorId: m.userId, removedUserId: null });
  });
  const member = (await listMembers(db, m.workspaceId)).find((u) => u.id === userId);
  if (!member) throw NotFoundError('Member not found.');
  return member;
}
