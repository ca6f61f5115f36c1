import type { Tag } from '@sauce/contract/tags';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tags } from '../db/schema.ts';
import { escapeLike } from '../db/sql.ts';
import { NotFoundError } from '../errors.ts';

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
