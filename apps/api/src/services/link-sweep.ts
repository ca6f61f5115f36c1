import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type LinkJobSending, sendLinkJobs, wakeFor } from '../jobs/link-jobs.ts';
import { linkJob } from './link-read.ts';

/** Links the sweep queues at a time (a minute's work for two browser pages). */
export const SWEEP_BATCH = 30;
/** A saved (not imported) source waits this long before the sweep takes it: its own job has had its chance. */
const SWEEP_AFTER = '10 minutes';

/**
 * The link jobs no save sent, queued a batch at a time by a job every minute
 * (jobs/maintenance.ts), fairly between spaces — the oldest waiting source of each space
 * first, then the next of each. A link's one job (./link-read.ts) reads its preview and its
 * copy, so one query takes the links waiting for either:
 * - copies (issue #21 item 1): the copies of imported links (an import of 10,000 bookmarks
 *   queues none at once); only when `opts.copies` (LINK_COPIES);
 * - previews and copies (issue #29) of a saved source whose process stopped before it sent
 *   the job (a save sends its jobs after it commits, jobs/link-jobs.ts sendAfterCommit), or
 *   whose job was lost otherwise — taken {@link SWEEP_AFTER} after the source was written.
 * Reads the partial indexes of waiting previews and copies (sauces_link_pending_idx,
 * sauces_copy_pending_idx), never the table. The source's author pays the fetch and waits in
 * their line (issue #29).
 * @returns the links queued (a link whose job waits already is not queued twice: singleton key).
 */
export async function queueWaitingLinks(db: Db, opts: LinkJobSending & { copies: boolean }, limit = SWEEP_BATCH): Promise<number> {
  const waiting = opts.copies ? sql`(link_status = 'pending' OR copy_status = 'pending')` : sql`link_status = 'pending'`;
  const { rows } = await db.execute<{ link: string; person: number }>(sql`
    SELECT link, min(author_id) AS person FROM (
      SELECT link, id, author_id, row_number() OVER (PARTITION BY workspace_id ORDER BY id) AS turn
      FROM sauces WHERE ${waiting} AND link IS NOT NULL
        -- An import sends none; a save sent its own, which has had 10 minutes to run.
        AND (import_key IS NOT NULL OR updated_at < now() - ${SWEEP_AFTER}::interval)
    ) waiting
    GROUP BY link ORDER BY min(turn), min(id) LIMIT ${limit}`);
  const sent = rows.map((r) => linkJob(r.link, r.person));
  await sendLinkJobs(opts, undefined, sent);
  wakeFor(opts.jobs, sent);
  return rows.length;
}
