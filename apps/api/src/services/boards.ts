import { BOARD_PAGE_SIZE } from '@sauce/contract/shares';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sauceImages } from '../db/schema.ts';
import { InvalidFormatError } from '../errors.ts';
import { readComments, type SauceImagesRecord } from './images.ts';
import { cursorOf } from './sauces.ts';
import { selectSaucesById, type SauceRecord } from './sauces/card.ts';
import type { ShareGate } from './shares.ts';

/**
 * Issue #32: boards — a folder shared as one public page (`/board/<shareId>`), read by
 * visitors: its gate (on, expiry, password), names and version in one statement, then its
 * sources a page at a time in the folder's order (newest first, as the folder's list), by
 * keyset from the folder's index, so a board of 1,000 sources answers as fast as one of 10.
 */

/** A board as its visitors' answers need it (table folder_shares with its folder and space). */
export interface BoardGate extends ShareGate {
  /** The folder_shares row. */
  id: number;
  folderId: number;
  workspaceId: number;
  folderName: string;
  spaceName: string;
  /** Sources in the folder (kept as sources are filed, issue #24). */
  itemCount: number;
  /** The space's list version (the sum of its counter slots, migration 0019): grows with every write to what a source shows, a folder's name included. */
  version: number;
  /** The link preview's picture and what it was made of (services/board-collage.ts). */
  collageKey: string | null;
  collageOf: string | null;
}

/**
 * A board by its share id, or null when no board has it (never issued, its folder or space
 * deleted, or shared again since under a new link). One statement, prepared once per
 * connection: every visitor's request makes it.
 */
export async function readBoardGate(db: Db, shareId: string): Promise<BoardGate | null> {
  const { rows } = await db.$client.query<Record<string, unknown>>({
    name: 'board-gate',
    text: `SELECT b.id, b.folder_id, b.workspace_id, b.enabled, b.expires_at, b.password_hash, b.indexable, b.collage_key, b.collage_of,
        f.name AS folder_name, f.item_count, w.name AS space_name,
        (SELECT sum(c.version) FROM workspace_counters c WHERE c.workspace_id = b.workspace_id) AS version
      FROM folder_shares b JOIN folders f ON f.id = b.folder_id JOIN workspaces w ON w.id = b.workspace_id
      WHERE b.share_id = $1`,
    values: [shareId],
  });
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id as number,
    shareId,
    folderId: r.folder_id as number,
    workspaceId: r.workspace_id as number,
    enabled: r.enabled as boolean,
    expiresAt: r.expires_at as Date | null,
    passwordHash: r.password_hash as string | null,
    indexable: r.indexable as boolean,
    folderName: r.folder_name as string,
    spaceName: r.space_name as string,
    itemCount: r.item_count as number,
    version: Number(r.version ?? 0),
    collageKey: r.collage_key as string | null,
    collageOf: r.collage_of as string | null,
  };
}

/** A board's page: its sources in order, each source's images and comments, and the cursor of the next page. */
export interface BoardPage {
  sauces: SauceRecord[];
  /** By source id; every source of the page has an entry (a text source's is empty). */
  images: Map<number, SauceImagesRecord>;
  /** Opaque (base64url); null on the last page. */
  nextCursor: string | null;
}

/**
 * The list cursor (`<µs since the epoch>.<id>`, services/sauces.ts cursorOf) a board's opaque
 * cursor carries (its base64url).
 * @throws INVALID_FORMAT (400) for a cursor that is not one.
 */
export function boardCursor(cursor: string): [string, number] {
  const plain = Buffer.from(cursor, 'base64url').toString('latin1');
  const m = /^(\d{1,20})\.(\d{1,10})$/.exec(plain);
  if (!m || Buffer.from(plain, 'latin1').toString('base64url') !== cursor || Number(m[2]) > 2_147_483_647) {
    throw InvalidFormatError([{ path: '/cursor', message: 'Not a board cursor' }]);
  }
  return [m[1]!, Number(m[2])];
}

/**
 * Page `cursor` (from the previous page's `nextCursor`; absent: the first) of folder
 * `folderId`'s sources, `size` (BOARD_PAGE_SIZE, 48) at a time, newest first, read from the
 * folder's index after the cursor (keyset): the page costs the same wherever it is. Four
 * statements whatever the page holds: its ids, its sources (services/sauces.ts selectSaucesById),
 * their images and their images' comments.
 * @throws INVALID_FORMAT (400) for a cursor that is not one.
 */
export async function readBoardPage(db: Db, folderId: number, cursor: string | undefined, size = BOARD_PAGE_SIZE): Promise<BoardPage> {
  const after = cursor ? boardCursor(cursor) : null;
  const keyset = after
    ? sql`AND (d.sauce_created_at, d.sauce_id) < (timestamptz 'epoch' + ${after[0]}::bigint * interval '1 microsecond', ${after[1]}::int)`
    : sql``;
  const { rows } = await db.execute<{ id: number; cursor: string }>(sql`
    SELECT d.sauce_id AS id, ${sql.raw(cursorOf({ created: 'd.sauce_created_at', id: 'd.sauce_id' }))} AS cursor
    FROM sauce_folders d WHERE d.folder_id = ${folderId} ${keyset}
    ORDER BY d.sauce_created_at DESC, d.sauce_id DESC LIMIT ${size + 1}`);
  const page = rows.slice(0, size);
  const ids = page.map((r) => r.id);
  const records = await selectSaucesById(db, ids);
  return {
    sauces: records,
    images: await readImagesOf(db, records.filter((r) => r.type === 'IMAGE').map((r) => r.id), ids),
    nextCursor: rows.length > size ? Buffer.from(page.at(-1)!.cursor, 'latin1').toString('base64url') : null,
  };
}

/** The images (in order) and comments of image sources `imageSauceIds`, by source; every id of `all` has an entry. */
async function readImagesOf(db: Db, imageSauceIds: number[], all: number[]): Promise<Map<number, SauceImagesRecord>> {
  const out = new Map<number, SauceImagesRecord>(all.map((id) => [id, { images: [], comments: [] }]));
  if (imageSauceIds.length === 0) return out;
  const images = await db
    .select()
    .from(sauceImages)
    .where(inArray(sauceImages.sauceId, imageSauceIds))
    .orderBy(sauceImages.sauceId, sauceImages.position, sauceImages.id);
  const sauceOf = new Map(images.map((i) => [i.id, i.sauceId!]));
  for (const image of images) out.get(image.sauceId!)?.images.push(image);
  for (const c of await readComments(db, [...sauceOf.keys()])) out.get(sauceOf.get(c.imageId)!)?.comments.push(c);
  return out;
}
