import { randomBytes } from 'node:crypto';
import type { Permission } from '@sauce/contract/common';
import { countedLength, LIMITS } from '@sauce/contract/limits';
import type { CreateSauce, SauceListQuery, UpdateSauce } from '@sauce/contract/sauces';
import DataLoader from 'dataloader';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { sauceFolders, sauceImages, sauces, sauceTags, tags } from '../db/schema.ts';
import { escapeLike, isoUtc as iso } from '../db/sql.ts';
import { InvalidFormatError, LimitReachedError, SauceNotFoundError } from '../errors.ts';
import { authorizePermission, authorizeWorkspace, can, lockMembership, type Membership } from '../policies/workspace.ts';
import type { SharedState } from '../lib/shared-state.ts';
import type { FileStore } from '../storage/file-store.ts';
import { notifyWorkspace } from './events.ts';
import { assertFoldersInWorkspace } from './folders.ts';
import { deleteFiles, sauceImageKeys, setSauceImages } from './images.ts';
import { EMPTY_METADATA, getMetadata } from './metadata.ts';

/** A sauce row joined with its author, tags and folders, as the presenter needs it. */
export interface SauceRecord {
  id: number;
  workspaceId: number;
  type: 'TEXT' | 'IMAGE';
  title: string;
  text: string | null;
  link: string | null;
  linkTitle: string;
  linkDescription: string;
  linkImage: string;
  thumbnail: string | null;
  byteSize: number;
  isShareEnabled: boolean;
  shareId: string | null;
  /** ISO 8601 in UTC with milliseconds, as the API returns it (`Date#toISOString`). */
  createdAt: string;
  /** ISO 8601 in UTC with milliseconds. */
  updatedAt: string;
  authorNickname: string;
  authorProfileImage: string | null;
  tagNames: string[];
  folderSet: { id: number; name: string }[];
  /** The first image of an image sauce (its card), or null. */
  cover: { key: string; width: number; height: number; color: string } | null;
  /** 'Article' for a source saved from an article (issue #10), else 'Sauce'. */
  modeType: 'Sauce' | 'Article';
  /** The AI summary's state (null: none asked), text and method (issue #10). */
  summaryStatus: 'pending' | 'ready' | 'unavailable' | 'failed' | null;
  summary: string | null;
  summaryMethod: 'extractive' | 'llm' | null;
}

// Timestamps leave PostgreSQL already in the API's format (db/sql.ts isoUtc), so no Date is
// parsed and formatted again for each of a page's 200 timestamps.
/** Everything a card shows (tags and folders aggregated as JSON) of sauce `s` with author `u`. */
const CARD_COLUMNS = `s.id, s.workspace_id, s.type, s.title, s.text, s.link, s.link_title, s.link_description,
      s.link_image, s.thumbnail, s.byte_size, s.is_share_enabled, s.share_id,
      s.mode_type, s.summary_status, s.summary, s.summary_method,
      ${iso('s.created_at')} AS created_at, ${iso('s.updated_at')} AS updated_at,
      u.nickname AS author_nickname, u.profile_image AS author_profile_image,
      COALESCE((SELECT json_agg(t.name ORDER BY t.position) FROM sauce_tags t WHERE t.sauce_id = s.id), '[]') AS tag_names,
      COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.name) ORDER BY f."order")
        FROM sauce_folders sf JOIN folders f ON f.id = sf.folder_id WHERE sf.sauce_id = s.id), '[]') AS folder_set,
      (SELECT json_build_object('key', i.storage_key, 'width', i.width, 'height', i.height, 'color', i.color)
        FROM sauce_images i WHERE i.sauce_id = s.id ORDER BY i.position LIMIT 1) AS cover`;

/** A row of CARD_COLUMNS as the driver returns it. */
type CardRow = Record<string, unknown>;

const toRecord = (r: CardRow): SauceRecord => ({
  id: r.id as number,
  workspaceId: r.workspace_id as number,
  type: r.type as 'TEXT' | 'IMAGE',
  title: r.title as string,
  text: r.text as string | null,
  link: r.link as string | null,
  linkTitle: r.link_title as string,
  linkDescription: r.link_description as string,
  linkImage: r.link_image as string,
  thumbnail: r.thumbnail as string | null,
  byteSize: r.byte_size as number,
  isShareEnabled: r.is_share_enabled as boolean,
  shareId: r.share_id as string | null,
  createdAt: r.created_at as string,
  updatedAt: r.updated_at as string,
  authorNickname: r.author_nickname as string,
  authorProfileImage: r.author_profile_image as string | null,
  tagNames: r.tag_names as string[],
  folderSet: r.folder_set as { id: number; name: string }[],
  cover: r.cover as SauceRecord['cover'],
  modeType: r.mode_type as SauceRecord['modeType'],
  summaryStatus: r.summary_status as SauceRecord['summaryStatus'],
  summary: r.summary as string | null,
  summaryMethod: r.summary_method as SauceRecord['summaryMethod'],
});

/**
 * Reads sauces with everything a card shows in one statement (tags and folders aggregated
 * as JSON), newest first. `where` narrows; `limit`/`offset` page.
 */
export async function selectSauces(db: Tx, where: SQL, limit = 1, offset = 0): Promise<SauceRecord[]> {
  const result = await db.execute<CardRow>(sql`
    SELECT ${sql.raw(CARD_COLUMNS)}
    FROM sauces s JOIN users u ON u.id = s.author_id
    WHERE ${where}
    ORDER BY s.created_at DESC, s.id DESC
    LIMIT ${limit} OFFSET ${offset}`);
  return result.rows.map(toRecord);
}

/**
 * The filter of a list query (SPEC §2 Cards and lists; §5: at most 3 tags, all must match)
 * as SQL text over sauce `s`. No value enters the text: each is appended to `values` and
 * referred to by its `$n` placeholder.
 */
function listWhere(values: unknown[], workspaceId: number, userId: number, q: SauceListQuery): string {
  const $ = (value: unknown) => `$${values.push(value)}`;
  const parts = [`s.workspace_id = ${$(workspaceId)}`];
  if (q.folder) parts.push(`EXISTS (SELECT 1 FROM sauce_folders sf WHERE sf.sauce_id = s.id AND sf.folder_id = ${$(q.folder)})`);
  for (const tag of q.tag ?? []) {
    parts.push(`EXISTS (SELECT 1 FROM sauce_tags t WHERE t.sauce_id = s.id AND t.name = ${$(tag)})`);
  }
  if (q.search) {
    const like = $(`%${escapeLike(q.search)}%`);
    parts.push(`(s.title ILIKE ${like} OR s.text ILIKE ${like} OR s.link_title ILIKE ${like})`);
  }
  // SearchFilter (SPEC §2): image/text pick types; none or both mean every type.
  if (q.image && !q.text) parts.push(`s.type = 'IMAGE'`);
  if (q.text && !q.image) parts.push(`s.type = 'TEXT'`);
  if (q.favorite) {
    parts.push(`EXISTS (SELECT 1 FROM sauce_tags t JOIN tags ut ON ut.name = t.name AND ut.user_id = ${$(userId)}
      AND ut.favorite WHERE t.sauce_id = s.id)`);
  }
  return parts.join(' AND ');
}

// Each distinct list statement gets a name, so that PostgreSQL parses and plans it once per
// connection rather than on every request. Filters only add fixed fragments (values are
// parameters; at most 3 tags), so there are a few dozen statements at most.
const listStatementNames = new Map<string, string>();
function listStatementName(text: string): string {
  let name = listStatementNames.get(text);
  if (!name) listStatementNames.set(text, (name = `sauce_list_${listStatementNames.size}`));
  return name;
}

/**
 * One page of a workspace's sauces and the total matching count, for `userId` if a member
 * who may read it. The membership is read in the list statement itself, so a page is one
 * round trip; an empty page, the only case where that cannot tell "not a member" from
 * "nothing here", checks the membership on its own.
 * @returns the page and the caller's permission.
 * @throws NOT_FOUND (404) when the user is not a member of the workspace (SPEC §6).
 */
export async function listSauces(db: Db, workspaceId: number, userId: number, q: SauceListQuery) {
  const offset = (q.page - 1) * q.pageSize;
  const values: unknown[] = [workspaceId, userId, q.pageSize, offset];
  const where = listWhere(values, workspaceId, userId, q);
  // `member` is read once (a CTE used twice is materialized): it gives the caller's role
  // and, for a non-member, empties the result before any sauce is read.
  const text = `
    WITH member AS (SELECT permission FROM workspace_members WHERE workspace_id = $1 AND user_id = $2)
    SELECT count(*) OVER () AS total_count, (SELECT permission FROM member) AS member_permission, ${CARD_COLUMNS}
    FROM sauces s JOIN users u ON u.id = s.author_id
    WHERE EXISTS (SELECT FROM member) AND ${where}
    ORDER BY s.created_at DESC, s.id DESC
    LIMIT $3 OFFSET $4`;
  const { rows } = await db.$client.query<CardRow>({ name: listStatementName(text), text, values });
  let permission: Permission;
  let n: number;
  if (rows.length > 0) {
    permission = authorizePermission(rows[0]!.member_permission as Permission | null, 'read');
    n = Number(rows[0]!.total_count);
  } else {
    permission = (await authorizeWorkspace(db, userId, workspaceId, 'read')).permission;
    // Past the last page the window count is not there; count on its own then.
    if (offset === 0) n = 0;
    else {
      const countValues: unknown[] = [];
      const count = `SELECT count(*)::int AS n FROM sauces s WHERE ${listWhere(countValues, workspaceId, userId, q)}`;
      n = (await db.$client.query<{ n: number }>(count, countValues)).rows[0]?.n ?? 0;
    }
  }
  return {
    permission,
    results: rows.map(toRecord),
    count: n,
    next: offset + rows.length < n ? q.page + 1 : null,
    previous: q.page > 1 ? q.page - 1 : null,
  };
}

/** A space's list version and the caller's role in it, as {@link createListVersionReader} reads them. */
export interface ListVersion {
  /** The space's version, bumped in the same transaction as every write to what its list shows (migration 0005). */
  version: number;
  permission: Permission;
}

/**
 * What decides whether a space's list changed (issue #9 item 12): the space's version and
 * the caller's role, read by PostgreSQL's primary keys. The reads that requests ask for
 * within one turn of the event loop go to PostgreSQL together, as one statement (a pair
 * asked for several times is read once; batched by `dataloader`): a dashboard's requests arriving together cost one
 * round trip instead of one each — the single read was about half of a cached list's CPU,
 * PostgreSQL's and the server's (`npm run bench`). No read is served stale: a batch's
 * statement is sent after every request in it arrived (none joins a statement already on
 * its way), so it sees every write committed before any of them, on any process.
 * @returns `read(workspaceId, userId)`, which resolves to the {@link ListVersion};
 *   it rejects with NOT_FOUND (404) for a non-member, and with the query's error (e.g. the
 *   database being unreachable) for every request of the batch.
 */
export function createListVersionReader(db: Db) {
  type Row = { version: string | null; permission: Permission | null };
  // DataLoader gathers the keys asked for until its batch is dispatched (setImmediate: after
  // the I/O callbacks of this turn, so requests arriving together share it) and hands each
  // key once to the batch function. Its memo lasts one batch: cleared as the batch leaves,
  // so a later read is never answered from an earlier batch.
  const loader: DataLoader<string, Row> = new DataLoader(
    async (keys) => {
      loader.clearAll();
      const pairs = keys.map((k) => k.split(':').map(Number) as [number, number]);
      // Scalar subqueries: always two primary-key lookups per pair, whatever the batch's size.
      const { rows } = await db.$client.query<Row>({
        name: 'sauce-list-versions',
        text: `SELECT (SELECT w.version FROM workspaces w WHERE w.id = k.workspace_id) AS version,
            (SELECT m.permission FROM workspace_members m WHERE m.workspace_id = k.workspace_id AND m.user_id = k.user_id) AS permission
          FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS k(workspace_id, user_id, i) ORDER BY k.i`,
        values: [pairs.map(([w]) => w), pairs.map(([, u]) => u)],
      });
      return rows;
    },
    { batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );

  return async function read(workspaceId: number, userId: number): Promise<ListVersion> {
    const row = await loader.load(`${workspaceId}:${userId}`);
    const permission = authorizePermission(row.permission, 'read');
    return { version: Number(row.version), permission };
  };
}

/** One sauce of a workspace. @throws SAUCE_NOT_FOUND (404). */
export async function getSauce(db: Tx, workspaceId: number, id: number): Promise<SauceRecord> {
  const [row] = await selectSauces(db, sql`s.id = ${id} AND s.workspace_id = ${workspaceId}`);
  if (!row) throw SauceNotFoundError();
  return row;
}

/** Replaces a sauce's tags (order kept) and adds them to the actor's tag list. */
export async function setTags(tx: Tx, sauceId: number, userId: number, names: string[]) {
  const unique = [...new Set(names)];
  if (unique.length > LIMITS.tagsPerSauce) throw LimitReachedError('tags', LIMITS.tagsPerSauce);
  await tx.delete(sauceTags).where(eq(sauceTags.sauceId, sauceId));
  if (unique.length === 0) return;
  await tx.insert(sauceTags).values(unique.map((name, position) => ({ sauceId, name, position })));
  await tx.insert(tags).values(unique.map((name) => ({ userId, name }))).onConflictDoNothing();
}

async function setFolders(tx: Tx, workspaceId: number, sauceId: number, folderIds: number[]) {
  const unique = [...new Set(folderIds)];
  await assertFoldersInWorkspace(tx, workspaceId, unique);
  await tx.delete(sauceFolders).where(eq(sauceFolders.sauceId, sauceId));
  if (unique.length) await tx.insert(sauceFolders).values(unique.map((folderId) => ({ sauceId, folderId })));
}

/** How a source's link preview is fetched: private addresses allowed or not, and where the cache and budget live. */
export interface LinkOptions {
  allowPrivate: boolean;
  shared?: SharedState;
}

/** A text source's link and its preview, fetched on `person`'s fetch budget (services/metadata.ts). */
async function linkColumns(link: string | null, opts: LinkOptions, person: number) {
  const meta = link ? await getMetadata(link, { ...opts, person }) : EMPTY_METADATA;
  return { link, linkTitle: meta.title, linkDescription: meta.description, linkImage: meta.image };
}

/**
 * Creates a sauce with its tags and folders — and, for an image sauce, its images and
 * comments (services/images.ts setSauceImages) — in one transaction. A text sauce's link
 * metadata is read first (cached 1 h, at most 5 s, on the person's fetch budget), but only
 * once the space is known to have room (issue #9: no fetch for a save that would be
 * refused). Holds the workspace's lock (lockMembership) while the sources are counted
 * again. Members watching the space are told.
 * @throws LIMIT_REACHED (422) at 100 sources (SPEC §9 beta), 6 tags, 11 images or 11
 *   comments on an image; NO_IMAGE (400); FOLDER_NOT_FOUND / NOT_FOUND (404) for a folder
 *   or image of someone else's; NOT_FOUND / NOT_AUTHORIZED when the membership changed.
 */
export async function createSauce(db: Db, m: Membership, input: CreateSauce, opts: LinkOptions) {
  const assertRoom = async (tx: Tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(sauces).where(eq(sauces.workspaceId, m.workspaceId));
    if (n >= LIMITS.saucesPerWorkspace) throw LimitReachedError('sources', LIMITS.saucesPerWorkspace);
  };
  await assertRoom(db);
  const link = input.type === 'TEXT' ? await linkColumns(input.textSauce.link, opts, m.userId) : null;
  const id = await db.transaction(async (tx) => {
    await lockMembership(tx, m);
    await assertRoom(tx);
    const [row] = await tx
      .insert(sauces)
      .values({
        workspaceId: m.workspaceId,
        authorId: m.userId,
        type: input.type,
        title: input.title,
        ...(input.type === 'TEXT' && link ? { text: input.textSauce.text, ...link, thumbnail: link.linkImage || null } : {}),
      })
      .returning({ id: sauces.id });
    const id = row!.id;
    if (input.type === 'IMAGE') {
      const { byteSize } = await setSauceImages(tx, m, id, input.imageSauce);
      await tx.update(sauces).set({ byteSize }).where(eq(sauces.id, id));
    }
    await setTags(tx, id, m.userId, input.tagSet);
    await setFolders(tx, m.workspaceId, id, input.folderSet);
    await notifyWorkspace(tx, m.workspaceId, { type: 'sauce', action: 'created', id, actorId: m.userId });
    return id;
  });
  return getSauce(db, m.workspaceId, id);
}

/** Locks a sauce's row in the locked space. @throws SAUCE_NOT_FOUND (404) when it is gone. */
async function lockSauce(tx: Tx, workspaceId: number, id: number) {
  const [row] = await tx
    .select({ id: sauces.id })
    .from(sauces)
    .where(and(eq(sauces.id, id), eq(sauces.workspaceId, workspaceId)))
    .for('update');
  if (!row) throw SauceNotFoundError();
}

/**
 * Updates a sauce's fields that are present in `input`, in one transaction holding the
 * workspace's lock (a concurrent delete makes this a 404, never a half-written row).
 * `textSauce` applies to text sauces and `imageSauce` (the whole list) to image sauces
 * only; image sauces' titles are at most 60 characters (SPEC §5); another member's image
 * comments stay as they are (setSauceImages). Files of removed images are deleted after
 * the commit.
 * @throws SAUCE_NOT_FOUND (404), INVALID_FORMAT (400), NO_IMAGE (400), LIMIT_REACHED (422),
 *   FOLDER_NOT_FOUND / NOT_FOUND (404), NOT_AUTHORIZED (403) for another's comment.
 */
export async function updateSauce(
  db: Db,
  files: FileStore,
  m: Membership,
  id: number,
  input: UpdateSauce,
  opts: LinkOptions,
) {
  const current = await getSauce(db, m.workspaceId, id);
  if (current.type === 'IMAGE' && input.textSauce) throw InvalidFormatError('An image source has no textSauce.');
  if (current.type === 'TEXT' && input.imageSauce) throw InvalidFormatError('A text source has no imageSauce.');
  if (current.type === 'IMAGE' && input.title !== undefined && countedLength(input.title) > LIMITS.imageTitleLength) {
    throw InvalidFormatError([{ path: '/title', message: `At most ${LIMITS.imageTitleLength} characters` }]);
  }
  const newLink = input.textSauce?.link;
  // A changed link is read anew; so is an unchanged one whose preview came back empty
  // (the site was down or slow when it was saved), so saving again retries it.
  const missingPreview = !current.linkTitle && !current.linkImage;
  const link =
    newLink !== undefined && (newLink !== current.link || missingPreview)
      ? await linkColumns(newLink, opts, m.userId)
      : undefined;
  const removedKeys = await db.transaction(async (tx) => {
    await lockMembership(tx, m);
    await lockSauce(tx, m.workspaceId, id);
    const images = input.imageSauce ? await setSauceImages(tx, m, id, input.imageSauce) : undefined;
    await tx
      .update(sauces)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.textSauce?.text !== undefined ? { text: input.textSauce.text } : {}),
        ...(link ? { ...link, thumbnail: link.linkImage || null } : {}),
        ...(images ? { byteSize: images.byteSize } : {}),
        updatedAt: new Date(),
      })
      .where(eq(sauces.id, id));
    if (input.tagSet) await setTags(tx, id, m.userId, input.tagSet);
    if (input.folderSet) await setFolders(tx, m.workspaceId, id, input.folderSet);
    await notifyWorkspace(tx, m.workspaceId, { type: 'sauce', action: 'updated', id, actorId: m.userId });
    return images?.removedKeys ?? [];
  });
  await deleteFiles(files, removedKeys);
  return getSauce(db, m.workspaceId, id);
}

/**
 * Deletes a sauce with its images (any editor may, whoever wrote it: SPEC §6), then the
 * images' files. @throws SAUCE_NOT_FOUND (404).
 */
export async function deleteSauce(db: Db, files: FileStore, m: Membership, id: number) {
  const keys = await db.transaction(async (tx) => {
    await lockMembership(tx, m);
    await lockSauce(tx, m.workspaceId, id);
    const keys = await sauceImageKeys(tx, id);
    await tx.delete(sauceImages).where(eq(sauceImages.sauceId, id));
    await tx.delete(sauces).where(eq(sauces.id, id));
    await notifyWorkspace(tx, m.workspaceId, { type: 'sauce', action: 'deleted', id, actorId: m.userId });
    return keys;
  });
  await deleteFiles(files, keys);
}

/**
 * Turns public sharing on or off (SPEC §4 Sharing). Turning it on issues a new
 * unguessable share id (24 random bytes) unless one exists; off forgets it, so an old
 * link stays dead once sharing is turned on again.
 * @returns the share id, or null when off. @throws SAUCE_NOT_FOUND (404).
 */
export async function setSharing(db: Db, m: Membership, id: number, enabled: boolean): Promise<string | null> {
  // One statement, so two requests turning sharing on at once agree on one share id.
  const [row] = await db
    .update(sauces)
    .set({
      isShareEnabled: enabled,
      shareId: enabled ? sql`COALESCE(${sauces.shareId}, ${randomBytes(24).toString('base64url')})` : null,
    })
    .where(and(eq(sauces.id, id), eq(sauces.workspaceId, m.workspaceId)))
    .returning({ shareId: sauces.shareId });
  if (!row) throw SauceNotFoundError();
  await notifyWorkspace(db, m.workspaceId, { type: 'sauce', action: 'updated', id, actorId: m.userId });
  return row.shareId;
}

/** A publicly shared sauce by share id. @throws SAUCE_NOT_FOUND (404) when unknown or not shared. */
export async function getSharedSauce(db: Db, shareId: string) {
  const [row] = await selectSauces(db, sql`s.share_id = ${shareId} AND s.is_share_enabled`);
  if (!row) throw SauceNotFoundError();
  return row;
}

/** Whether `permission` may edit sauces, for the `isEditable` flag. */
export const isEditable = (permission: Permission | null) => permission !== null && can(permission, 'updateSauce');
