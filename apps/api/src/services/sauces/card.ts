import { sql } from 'drizzle-orm';
import { PREPARED, type Tx } from '../../db/client.ts';
import { isoUtc } from '../../db/sql.ts';

/**
 * What a source's card shows, read in one statement: its row, its author, tags, folders,
 * cover image and saved copy (the presenter's SauceRecord, presenters/sauce.ts) — for one
 * source (a save's answer, a read), a board's page (issue #32) and a list's page
 * (services/sauces.ts).
 */

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
  /** The link preview's state (issue #23), null when there is nothing to fetch. */
  linkStatus: 'pending' | 'ready' | 'failed' | null;
  /** Issue #21: the link was gone three weekly checks in a row (services/link-health.ts). */
  linkBroken: boolean;
  /** Issue #21: the state of the linked page's readable copy (services/link-copy.ts). */
  copyStatus: 'pending' | 'ready' | 'empty' | 'failed' | null;
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
  /** Issue #20: the saved copy of a captured page, or null. */
  capture: CaptureRecord | null;
}

/** Issue #20: a source's saved copy (table sauce_captures), as the presenter needs it. */
export interface CaptureRecord {
  /** The files' folder in the FileStore, `captures/<32 hex>`. */
  key: string;
  pageUrl: string | null;
  /** ISO 8601 in UTC with milliseconds. */
  capturedAt: string;
  /** Bytes of `snapshot.html`, or null without a snapshot. */
  snapshotBytes: number | null;
  /** The screenshot's original file name, or null without a screenshot. */
  screenshotName: string | null;
  width: number | null;
  height: number | null;
  color: string | null;
  byteSize: number;
}

// Timestamps leave PostgreSQL already in the API's format (db/sql.ts isoUtc), so no Date is
// parsed and formatted again for each of a page's 200 timestamps.
/** Everything a card shows (tags and folders aggregated as JSON) of sauce `s` with author `u`. */
export const CARD_COLUMNS = `s.id, s.workspace_id, s.type, s.title, s.text, s.link, s.link_title, s.link_description,
      s.link_image, s.link_status, s.link_broken, s.copy_status, s.thumbnail, s.byte_size, s.is_share_enabled, s.share_id,
      s.mode_type, s.summary_status, s.summary, s.summary_method,
      ${isoUtc('s.created_at')} AS created_at, ${isoUtc('s.updated_at')} AS updated_at,
      u.nickname AS author_nickname, u.profile_image AS author_profile_image,
      COALESCE((SELECT json_agg(t.name ORDER BY t.position) FROM sauce_tags t WHERE t.sauce_id = s.id), '[]') AS tag_names,
      COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.name) ORDER BY f."order")
        FROM sauce_folders sf JOIN folders f ON f.id = sf.folder_id WHERE sf.sauce_id = s.id), '[]') AS folder_set,
      (SELECT json_build_object('key', i.storage_key, 'width', i.width, 'height', i.height, 'color', i.color)
        FROM sauce_images i WHERE i.sauce_id = s.id ORDER BY i.position LIMIT 1) AS cover,
      (SELECT json_build_object('key', c.storage_key, 'pageUrl', c.page_url, 'capturedAt', ${isoUtc('c.created_at')},
          'snapshotBytes', c.snapshot_bytes, 'screenshotName', c.screenshot_name, 'width', c.width, 'height', c.height,
          'color', c.color, 'byteSize', c.byte_size)
        FROM sauce_captures c WHERE c.sauce_id = s.id) AS capture`;

/** A row of CARD_COLUMNS as the driver returns it. */
export type CardRow = Record<string, unknown>;

export const toRecord = (r: CardRow): SauceRecord => ({
  id: r.id as number,
  workspaceId: r.workspace_id as number,
  type: r.type as 'TEXT' | 'IMAGE',
  title: r.title as string,
  text: r.text as string | null,
  link: r.link as string | null,
  linkTitle: r.link_title as string,
  linkDescription: r.link_description as string,
  linkImage: r.link_image as string,
  linkStatus: r.link_status as SauceRecord['linkStatus'],
  linkBroken: r.link_broken as boolean,
  copyStatus: r.copy_status as SauceRecord['copyStatus'],
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
  capture: r.capture as CaptureRecord | null,
});

/**
 * Reads one sauce with everything a card shows in one statement (tags and folders
 * aggregated as JSON): by its id in a space (undefined when it is in another), or by its
 * share id. Prepared (db/client.ts PREPARED): a save's answer and every read of one source
 * plan it once per connection — by one key only, so that plan is the key's index whatever
 * the table held when it was made: with `id` and `workspace_id` both in the query, PostgreSQL
 * 18 found (workspace_id, created_at, id) as cheap as the primary key on a small table
 * (a skip scan) and kept that plan as the space grew, walking the space's whole index for
 * each read (issue #29: 13–16 % of the database’s time in a run of saves, at 10,000–15,000 sources).
 */
export async function selectSauce(db: Tx, by: { id: number; workspaceId: number } | { shareId: string }): Promise<SauceRecord | undefined> {
  const where = 'shareId' in by ? sql`s.share_id = ${by.shareId}` : sql`s.id = ${by.id}`;
  const result = await db.execute<CardRow>(sql`${sql.raw(PREPARED)}
    SELECT ${sql.raw(CARD_COLUMNS)}
    FROM sauces s JOIN users u ON u.id = s.author_id
    WHERE ${where}`);
  const row = result.rows[0];
  return row && ('shareId' in by || row.workspace_id === by.workspaceId) ? toRecord(row) : undefined;
}

/**
 * Issue #32: sources `ids` with everything a card shows, in list order (newest first), in one
 * statement — a board's page. Planned for each page (not prepared): a plan kept from while
 * `sauces` was small reads the whole table for `id = ANY(…)` (PostgreSQL 18), where a page's
 * own plan looks its sources up by primary key.
 */
export async function selectSaucesById(db: Tx, ids: number[]): Promise<SauceRecord[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<CardRow>(sql`
    SELECT ${sql.raw(CARD_COLUMNS)}
    FROM sauces s JOIN users u ON u.id = s.author_id
    WHERE s.id = ANY(${`{${ids.map(Math.trunc).join(',')}}`}::int[]) ORDER BY s.created_at DESC, s.id DESC`);
  return result.rows.map(toRecord);
}
