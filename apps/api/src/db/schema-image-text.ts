import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Issue #33 (migration image_text): the words read in an image, kept on its `sauce_images`
// row. A file of its own beside schema.ts (which is at its line allowance,
// scripts/max-lines.json): schema.ts spreads these columns into `sauceImages` and adds the
// index and the check, so drizzle-kit sees them as that table's.

/** Where reading an image's words is (jobs/image-text.ts). */
export const IMAGE_TEXT_STATUSES = ['pending', 'done', 'none', 'failed'] as const;
export type ImageTextStatus = (typeof IMAGE_TEXT_STATUSES)[number];

/**
 * The columns of an image's words (issue #33):
 * - `text`: the words read, in reading order, lines apart ('' until read, and when none);
 *   counted in its source's search document (sauce_search_refresh, migration image_text).
 * - `textStatus`: 'pending' (a job of jobs/image-text.ts will read it; images kept before
 *   the migration are read by its backfill), 'done' (words found), 'none' (read: no words) or
 *   'failed' (it could not be read: undecodable, past its deadline, or its attempts spent).
 * - `textReadAt`: when it was read (done, none or failed); null while pending.
 * - `textAttempts`: readings started, so an image whose reading kills its process is given
 *   up after a few (services/image-text.ts MAX_ATTEMPTS), never tried forever.
 */
export const imageTextColumns = () => ({
  text: text('text').notNull().default(''),
  textStatus: text('text_status').$type<ImageTextStatus>().notNull().default('pending'),
  textReadAt: timestamp('text_read_at', { withTimezone: true }),
  textAttempts: smallint('text_attempts').notNull().default(0),
});

/**
 * Issue #33: the index of the saved images still to read, by space and id (the backfill's turns
 * between spaces), and the statuses allowed.
 */
export const imageTextExtras = (t: { workspaceId: AnyPgColumn; id: AnyPgColumn; textStatus: AnyPgColumn }) => [
  index('sauce_images_text_pending_idx').on(t.workspaceId, t.id).where(sql`text_status = 'pending' AND sauce_id IS NOT NULL`),
  check('sauce_images_text_status_values', sql`${t.textStatus} IN ('pending', 'done', 'none', 'failed')`),
];
