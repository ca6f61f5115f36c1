import { reached } from '@sauce/contract/limits';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { folders } from '../db/schema.ts';
import { FolderNameExistsError, FolderNotFoundError, InvalidFormatError, LimitReachedError } from '../errors.ts';
import { lockMembership, type Membership } from '../policies/workspace.ts';
import { notifyWorkspace } from './events.ts';

export type FolderRow = typeof folders.$inferSelect;

/** Folders of a workspace by `order` (SPEC §9: from 1) with their source counts (kept as sources are filed, issue #24). */
export async function listFolders(db: Tx, workspaceId: number) {
  return db
    .select({ id: folders.id, name: folders.name, order: folders.order, itemCount: folders.itemCount })
    .from(folders)
    .where(eq(folders.workspaceId, workspaceId))
    .orderBy(asc(folders.order), asc(folders.id));
}

/** One folder with its count. @throws FOLDER_NOT_FOUND (404) when not in the workspace. */
export async function getFolder(db: Tx, workspaceId: number, folderId: number) {
  const [row] = (await listFolders(db, workspaceId)).filter((f) => f.id === folderId);
  if (!row) throw FolderNotFoundError();
  return row;
}

/**
 * Runs a folder write in one transaction holding the workspace's lock (lockMembership:
 * limit and uniqueness checks hold under concurrent requests), and tells the members
 * watching the space when it commits.
 */
function writeFolders<T>(db: Db, m: Membership, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockMembership(tx, m);
    const result = await write(tx);
    await notifyWorkspace(tx, m.workspaceId, { type: 'folders', actorId: m.userId });
    return result;
  });
}

/**
 * SPEC §5 'unique in the space', with the one letter-case rule of names that must be unique
 * (docs/api.md 'Names and letter case'; nicknames alike): names that differ only in letter case
 * are the same name ('Team refs', 'team REFS'), compared with PostgreSQL's lower() as the
 * nickname index does. `exceptId`, the folder being renamed, may take another case of its
 * own name. Read after the space's lock (writeFolders), so it holds under concurrent writes.
 * @throws FOLDER_NAME_EXISTS (409)
 */
async function assertNameFree(tx: Tx, workspaceId: number, name: string, exceptId?: number) {
  const dups = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.workspaceId, workspaceId), sql`lower(${folders.name}) = lower(${name})`));
  if (dups.some((d) => d.id !== exceptId)) throw FolderNameExistsError();
}

/**
 * Creates a folder at the end of the order, in one transaction that holds the workspace
 * lock, so two requests cannot pass the limit together.
 * @throws LIMIT_REACHED (422) at 5 folders (SPEC §9 beta), FOLDER_NAME_EXISTS (409).
 */
export async function createFolder(db: Db, m: Membership, name: string, limit: number | null) {
  const { workspaceId } = m;
  const id = await writeFolders(db, m, async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(folders).where(eq(folders.workspaceId, workspaceId));
    if (reached(n, limit)) throw LimitReachedError('folders', limit!);
    await assertNameFree(tx, workspaceId, name);
    const [row] = await tx.insert(folders).values({ workspaceId, name, order: n + 1 }).returning({ id: folders.id });
    return row!.id;
  });
  return getFolder(db, workspaceId, id);
}

/** Renames a folder. @throws FOLDER_NOT_FOUND (404), FOLDER_NAME_EXISTS (409). */
export async function renameFolder(db: Db, m: Membership, folderId: number, name: string) {
  const { workspaceId } = m;
  await writeFolders(db, m, async (tx) => {
    await getFolder(tx, workspaceId, folderId);
    await assertNameFree(tx, workspaceId, name, folderId);
    await tx.update(folders).set({ name }).where(eq(folders.id, folderId));
  });
  return getFolder(db, workspaceId, folderId);
}

/**
 * Deletes a folder (its sources stay, only their membership in it goes) and closes the
 * gap in the order so it stays 1..n. @throws FOLDER_NOT_FOUND (404).
 */
export async function deleteFolder(db: Db, m: Membership, folderId: number) {
  const { workspaceId } = m;
  await writeFolders(db, m, async (tx) => {
    const folder = await getFolder(tx, workspaceId, folderId);
    await tx.delete(folders).where(eq(folders.id, folderId));
    await tx
      .update(folders)
      .set({ order: sql`${folders.order} - 1` })
      .where(and(eq(folders.workspaceId, workspaceId), sql`${folders.order} > ${folder.order}`));
  });
}

/**
 * Applies a reorder payload (SPEC §3: list of {id, order}). It must name every folder of
 * the workspace exactly once with the orders 1..n.
 * @throws INVALID_FORMAT (400) for a foreign or missing id, or duplicate/gapped orders.
 */
export async function reorderFolders(db: Db, m: Membership, items: { id: number; order: number }[]) {
  const { workspaceId } = m;
  await writeFolders(db, m, async (tx) => {
    const current = await tx.select({ id: folders.id }).from(folders).where(eq(folders.workspaceId, workspaceId));
    const ids = new Set(current.map((f) => f.id));
    const given = new Set(items.map((i) => i.id));
    const orders = new Set(items.map((i) => i.order));
    if (given.size !== items.length) throw InvalidFormatError('Each folder may appear once.');
    if (items.some((i) => !ids.has(i.id))) throw InvalidFormatError('Unknown folder id.');
    if (given.size !== ids.size) throw InvalidFormatError('Every folder of the workspace must be listed.');
    if (orders.size !== items.length || items.some((i) => i.order > items.length)) {
      throw InvalidFormatError('Orders must be 1 to the number of folders, each once.');
    }
    for (const item of items) {
      await tx.update(folders).set({ order: item.order }).where(eq(folders.id, item.id));
    }
  });
  return listFolders(db, workspaceId);
}

/** Ids of `folderIds` that belong to the workspace; @throws FOLDER_NOT_FOUND (404) otherwise. */
export async function assertFoldersInWorkspace(db: Tx, workspaceId: number, folderIds: number[]) {
  if (folderIds.length === 0) return;
  const rows = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.workspaceId, workspaceId), inArray(folders.id, folderIds)));
  if (rows.length !== new Set(folderIds).size) throw FolderNotFoundError();
}
