import { LIMITS } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folders, sauceFolders, sauceTags, tags } from '../../db/schema.ts';
import { FolderNotFoundError, LimitReachedError } from '../../errors.ts';

/* Sources' tags and folders, as new sources (services/sauces/write.ts) and edits (services/sauces.ts) file them. */

/** An int4[] of integers (or nulls) as a literal: no text to escape, element by element, for the driver. */
export const intArray = (ns: readonly (number | null)[]) => sql.raw(`ARRAY[${ns.map((n) => (n === null ? 'NULL' : Math.trunc(n))).join(',')}]::int4[]`);

/**
 * Adds tags to new sources, in order, and to `userId`'s tag list — inserted in name order
 * (step 6 of the lock order, db/locks.ts), so two saves of one person adding the same new
 * tags cannot wait for each other's rows in a circle. Each a statement of arrays.
 * @throws LIMIT_REACHED (422) for a source given more than LIMITS.tagsPerSauce tags.
 */
export async function addTags(tx: Tx, userId: number, newSauces: { sauceId: number; names: readonly string[] }[]) {
  const added = newSauces.flatMap(({ sauceId, names }) => {
    const unique = [...new Set(names)];
    if (unique.length > LIMITS.tagsPerSauce) throw LimitReachedError('tags', LIMITS.tagsPerSauce);
    return unique.map((name, position) => ({ sauceId, name, position }));
  });
  if (added.length === 0) return;
  const col = (c: { name: string }) => sql.identifier(c.name);
  await tx.execute(sql`
    INSERT INTO ${sauceTags} (${col(sauceTags.sauceId)}, ${col(sauceTags.name)}, ${col(sauceTags.position)})
    SELECT * FROM unnest(${intArray(added.map((t) => t.sauceId))}, ${sql.param(added.map((t) => t.name))}::text[], ${intArray(added.map((t) => t.position))})
    ON CONFLICT DO NOTHING`);
  const names = [...new Set(added.map((t) => t.name))].sort();
  await tx.execute(sql`
    INSERT INTO ${tags} (${col(tags.userId)}, ${col(tags.name)})
    SELECT ${userId}, n FROM unnest(${sql.param(names)}::text[]) WITH ORDINALITY AS x(n, o) ORDER BY o
    ON CONFLICT DO NOTHING`);
}

/**
 * Puts sources in folders of their space (pairs of a source in none of them yet and a
 * folder), in one statement that checks the folders are the space's.
 * @throws FOLDER_NOT_FOUND (404) for a folder of another space, or none.
 */
export async function addFolders(tx: Tx, workspaceId: number, pairs: { sauceId: number; folderId: number }[]) {
  if (pairs.length === 0) return;
  const col = (c: { name: string }) => sql.identifier(c.name);
  const { rowCount } = await tx.execute(sql`
    INSERT INTO ${sauceFolders} (${col(sauceFolders.sauceId)}, ${col(sauceFolders.folderId)})
    SELECT v.s, v.f FROM unnest(${intArray(pairs.map((p) => p.sauceId))}, ${intArray(pairs.map((p) => p.folderId))}) AS v(s, f)
      JOIN ${folders} ON ${folders.id} = v.f AND ${folders.workspaceId} = ${workspaceId}`);
  if (rowCount !== pairs.length) throw FolderNotFoundError();
}
