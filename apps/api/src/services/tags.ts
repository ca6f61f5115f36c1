import type { TagUsage } from '@sauce/contract/account';
import type { Tag } from '@sauce/contract/tags';
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { lockWorkspaces } from '../db/locks.ts';
import { sauceTags, tags } from '../db/schema.ts';
import { escapeLike } from '../db/sql.ts';
import { NotFoundError } from '../errors.ts';
import { notifyWorkspace } from './events.ts';

const TAG_COLUMNS = { name: tags.name, favorite: tags.favorite };

/**
 * One page of a person's tags (SPEC §7 Tags), favorites first, then by name; `search`
 * matches anywhere in the name, case-insensitively; `favorite` keeps favorites only.
 * @returns the page and the total count.
 */
export async function listTags(
  db: Db,
  userId: number,
  q: { page: number; pageSize: number; favorite?: 'true' | 'false'; search?: string },
): Promise<{ results: Tag[]; count: number }> {
  const filters: SQL[] = [eq(tags.userId, userId)];
  if (q.favorite === 'true') filters.push(eq(tags.favorite, true));
  if (q.search) filters.push(ilike(tags.name, `%${escapeLike(q.search.toLowerCase())}%`));
  const where = and(...filters);
  const [results, [total]] = await Promise.all([
    db
      .select(TAG_COLUMNS)
      .from(tags)
      .where(where)
      .orderBy(desc(tags.favorite), asc(tags.name))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(tags).where(where),
  ]);
  return { results, count: total?.n ?? 0 };
}

/**
 * One page of the tags used by a space's sources (issue #31 item 2: a team space's tag filter
 * offers the space's tags, not the person's own), each marked with whether it is one of the
 * person's favorites; favorites first, then by name; `search` and `favorite` as
 * {@link listTags}. Read from the index of sauce_tags by space.
 * @returns the page and the total count.
 */
export async function listSpaceTags(
  db: Db,
  workspaceId: number,
  userId: number,
  q: { page: number; pageSize: number; favorite?: 'true' | 'false'; search?: string },
): Promise<{ results: Tag[]; count: number }> {
  const used = db
    .selectDistinct({ name: sauceTags.name })
    .from(sauceTags)
    .where(and(eq(sauceTags.workspaceId, workspaceId), q.search ? ilike(sauceTags.name, `%${escapeLike(q.search.toLowerCase())}%`) : undefined))
    .as('used');
  const favorite = sql<boolean>`coalesce(${tags.favorite}, false)`;
  const mine = and(eq(tags.userId, userId), eq(tags.name, used.name));
  const where = q.favorite === 'true' ? eq(tags.favorite, true) : undefined;
  const [results, [total]] = await Promise.all([
    db
      .select({ name: used.name, favorite })
      .from(used)
      .leftJoin(tags, mine)
      .where(where)
      .orderBy(desc(favorite), asc(used.name))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(used).leftJoin(tags, mine).where(where),
  ]);
  return { results, count: total?.n ?? 0 };
}

/** Adds `name` (a valid, lowercased tag) to the person's tags if absent; returns it. */
export async function addTag(db: Db, userId: number, name: string): Promise<Tag> {
  await db.insert(tags).values({ userId, name }).onConflictDoNothing();
  const [row] = await db.select(TAG_COLUMNS).from(tags).where(and(eq(tags.userId, userId), eq(tags.name, name)));
  return row!;
}

/**
 * Marks `name` a favorite (adding the tag if absent) or not.
 * @throws NOT_FOUND (404) when unmarking a tag the person does not have.
 */
export async function setFavorite(db: Db, userId: number, name: string, favorite: boolean): Promise<Tag> {
  if (favorite) {
    const [row] = await db
      .insert(tags)
      .values({ userId, name, favorite: true })
      .onConflictDoUpdate({ target: [tags.userId, tags.name], set: { favorite: true } })
      .returning(TAG_COLUMNS);
    return row!;
  }
  const [row] = await db
    .update(tags)
    .set({ favorite: false })
    .where(and(eq(tags.userId, userId), eq(tags.name, name)))
    .returning(TAG_COLUMNS);
  if (!row) throw NotFoundError('Tag not found.');
  return row;
}

/**
 * Issue #31 item 9: removes from `authorId`'s tag list those of `names` that a write just took
 * off their sources (a deleted source, an edit) and that no source they wrote carries any
 * more — not favorites, and not a tag they keep otherwise (one added by hand stays until a
 * source of theirs had it and lost it). The rows are locked first, by name (step 6 of the lock
 * order, db/locks.ts), and whether a source still carries each is read after the locks in a
 * statement of its own. A save of the tag into another space committing meanwhile does not
 * lock the row (saves stay lock-free there, issue #29): the tag may then lose its row while
 * that source carries it — the usage list shows it all the same ({@link listTagUsage} reads
 * the names in use), renaming and deleting it work, and its next use adds the row again.
 */
export async function forgetUnusedTags(tx: Tx, authorId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const list = sql`ARRAY[${sql.join([...new Set(names)].map((n) => sql`${n}`), sql`, `)}]::text[]`;
  const { rows } = await tx.execute(sql`
    SELECT name FROM tags WHERE user_id = ${authorId} AND name = ANY(${list}) AND NOT favorite ORDER BY name FOR UPDATE`);
  if (rows.length === 0) return;
  await tx.execute(sql`
    DELETE FROM tags t WHERE t.user_id = ${authorId} AND t.name = ANY(${list}) AND NOT t.favorite
      AND NOT EXISTS (SELECT 1 FROM sauce_tags st JOIN sauces s ON s.id = st.sauce_id WHERE st.name = t.name AND s.author_id = t.user_id)`);
}

// ---------------------------------------------------------------------------------------
// Tag management (/mypage/tags, issue #8)
// ---------------------------------------------------------------------------------------

/**
 * "The person's sources" of tag management: sources `s` they wrote, in spaces where they
 * may still edit (OWNER or EDITOR). Sources left behind in a space they now only view are
 * not theirs to change.
 */
const editableBy = (userId: number) => sql`s.author_id = ${userId} AND EXISTS (
  SELECT 1 FROM workspace_members m
  WHERE m.workspace_id = s.workspace_id AND m.user_id = ${userId} AND m.permission IN ('OWNER', 'EDITOR'))`;

/**
 * GET /archive/tag/usage: one page of the person's tags with how many of their sources
 * carry each, favorites first, then by name; `search` matches anywhere in the name.
 * @returns the page and the total count.
 */
export async function listTagUsage(
  db: Db,
  userId: number,
  q: { page: number; pageSize: number; search?: string },
): Promise<{ results: TagUsage[]; count: number }> {
  const search = q.search ? sql`AND t.name LIKE ${`%${escapeLike(q.search.toLowerCase())}%`}` : sql``;
  // The person's tag rows, and the names their sources carry (a row a racing delete removed, forgetUnusedTags).
  const named = sql`
    WITH uses AS (
      SELECT st.name, count(*)::int AS n FROM sauces s JOIN sauce_tags st ON st.sauce_id = s.id
      WHERE ${editableBy(userId)} GROUP BY st.name),
    named AS (
      SELECT t.name, t.favorite, COALESCE(u.n, 0) AS use_count FROM tags t LEFT JOIN uses u ON u.name = t.name WHERE t.user_id = ${userId}
      UNION ALL
      SELECT u.name, false, u.n FROM uses u WHERE NOT EXISTS (SELECT 1 FROM tags t WHERE t.user_id = ${userId} AND t.name = u.name))`;
  const { rows } = await db.execute<{ name: string; favorite: boolean; use_count: number; total: number }>(sql`
    ${named}
    SELECT t.name, t.favorite, t.use_count, count(*) OVER ()::int AS total FROM named t
    WHERE true ${search}
    ORDER BY t.favorite DESC, t.name
    LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`);
  let total = rows[0]?.total;
  if (total === undefined) {
    const { rows: c } = await db.execute<{ n: number }>(sql`${named} SELECT count(*)::int AS n FROM named t WHERE true ${search}`);
    total = c[0]!.n;
  }
  return { results: rows.map((r) => ({ name: r.name, favorite: r.favorite, useCount: r.use_count })), count: total };
}

/**
 * Locks the person's sources carrying tag `name` and their spaces, in the lock order
 * (db/locks.ts: the spaces by id, then the sources by id). Which sources are the person's
 * to change (their role, see {@link editableBy}) is read after the spaces are locked, so a
 * demotion or removal that committed meanwhile counts (issue #18).
 * @returns their ids and spaces.
 */
async function lockSaucesWithTag(tx: Tx, userId: number, name: string) {
  const { rows: spaces } = await tx.execute<{ workspace_id: number }>(sql`
    SELECT DISTINCT s.workspace_id FROM sauces s JOIN sauce_tags st ON st.sauce_id = s.id
    WHERE s.author_id = ${userId} AND st.name = ${name}`);
  await lockWorkspaces(tx, spaces.map((r) => r.workspace_id));
  const { rows } = await tx.execute<{ id: number; workspace_id: number }>(sql`
    SELECT s.id, s.workspace_id FROM sauces s
    WHERE ${editableBy(userId)} AND EXISTS (SELECT 1 FROM sauce_tags st WHERE st.sauce_id = s.id AND st.name = ${name})
    ORDER BY s.id FOR UPDATE OF s`);
  return rows;
}

const idArray = (ids: number[]) => sql.raw(`ARRAY[${ids.map((n) => Math.trunc(n)).join(',')}]::int[]`);

/** Members watching the spaces of `rows` refetch their sources. */
async function notifySpaces(tx: Tx, userId: number, rows: { workspace_id: number }[]) {
  for (const id of new Set(rows.map((r) => r.workspace_id))) {
    await notifyWorkspace(tx, id, { type: 'folders', actorId: userId });
  }
}

/**
 * PATCH /archive/tag/{name} {name}: renames a tag across the person's sources (see
 * {@link editableBy}) and in their tag list. When they already have a tag of the new name
 * the two merge: a source that carried both keeps one, and the merged tag is a favorite if
 * either was. The spaces and sources are locked before the tag rows (the lock order,
 * db/locks.ts), so a save racing the rename waits instead of deadlocking.
 * @returns the tag as now, with `merged` telling whether it joined an existing one.
 * @throws NOT_FOUND (404) when the person has no tag `from`.
 */
export async function renameTag(db: Db, userId: number, from: string, to: string): Promise<TagUsage & { merged: boolean }> {
  const result = await db.transaction(async (tx) => {
    const sauces = await lockSaucesWithTag(tx, userId, from);
    const { rows: tagRows } = await tx.execute<{ name: string; favorite: boolean }>(sql`
      SELECT name, favorite FROM tags WHERE user_id = ${userId} AND name IN (${from}, ${to}) ORDER BY name FOR UPDATE`);
    const old = tagRows.find((r) => r.name === from);
    if (!old && sauces.length === 0) throw NotFoundError('Tag not found.');
    if (from === to) return { name: to, favorite: old?.favorite ?? false, merged: false };
    if (sauces.length > 0) {
      const ids = idArray(sauces.map((r) => r.id));
      // A source that already has the new name keeps that one.
      await tx.execute(sql`
        DELETE FROM sauce_tags WHERE sauce_id = ANY(${ids}) AND name = ${from}
          AND sauce_id IN (SELECT sauce_id FROM sauce_tags WHERE name = ${to} AND sauce_id = ANY(${ids}))`);
      await tx.execute(sql`UPDATE sauce_tags SET name = ${to} WHERE sauce_id = ANY(${ids}) AND name = ${from}`);
      await tx.execute(sql`UPDATE sauces SET updated_at = now() WHERE id = ANY(${ids})`);
    }
    // An upsert, not an UPDATE of the name: a tag of the new name that did not exist could
    // not be locked above, and a save may add it meanwhile (a unique violation, CI's 500).
    const { rows: merged } = await tx.execute<{ favorite: boolean; inserted: boolean }>(sql`
      INSERT INTO tags (user_id, name, favorite, created_at)
        VALUES (${userId}, ${to}, ${old?.favorite ?? false},
          COALESCE((SELECT created_at FROM tags WHERE user_id = ${userId} AND name = ${from}), now()))
      ON CONFLICT (user_id, name) DO UPDATE SET favorite = tags.favorite OR excluded.favorite
      RETURNING favorite, (xmax = 0) AS inserted`);
    await tx.execute(sql`DELETE FROM tags WHERE user_id = ${userId} AND name = ${from}`);
    const favorite = merged[0]!.favorite;
    await notifySpaces(tx, userId, sauces);
    return { name: to, favorite, merged: !merged[0]!.inserted };
  });
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM sauces s JOIN sauce_tags st ON st.sauce_id = s.id AND st.name = ${result.name}
    WHERE ${editableBy(userId)}`);
  return { ...result, useCount: rows[0]!.n };
}

/**
 * DELETE /archive/tag/{name}: removes a tag from the person's sources (see
 * {@link editableBy}) and from their tag list. Other people's copies of the name are theirs.
 * @throws NOT_FOUND (404) when the person has no such tag and no source of theirs carries it.
 */
export async function deleteTag(db: Db, userId: number, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const sauces = await lockSaucesWithTag(tx, userId, name);
    const { rows } = await tx.execute(sql`DELETE FROM tags WHERE user_id = ${userId} AND name = ${name} RETURNING name`);
    if (rows.length === 0 && sauces.length === 0) throw NotFoundError('Tag not found.');
    if (sauces.length > 0) {
      const ids = idArray(sauces.map((r) => r.id));
      await tx.execute(sql`DELETE FROM sauce_tags WHERE sauce_id = ANY(${ids}) AND name = ${name}`);
      await tx.execute(sql`UPDATE sauces SET updated_at = now() WHERE id = ANY(${ids})`);
    }
    await notifySpaces(tx, userId, sauces);
  });
}

/**
 * Issue #20: tags used on a space's sources whose name starts with `prefix` (lowercased;
 * '' for all), most used first, then by name, at most `limit`: what the extension suggests
 * as a person types (SPEC §5 tags).
 */
export async function suggestSpaceTags(db: Db, workspaceId: number, prefix: string, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    SELECT t.name FROM sauce_tags t JOIN sauces s ON s.id = t.sauce_id
    WHERE s.workspace_id = ${workspaceId} AND t.name LIKE ${`${escapeLike(prefix.toLowerCase())}%`}
    GROUP BY t.name ORDER BY count(*) DESC, t.name LIMIT ${limit}`);
  return rows.map((r) => r.name);
}
