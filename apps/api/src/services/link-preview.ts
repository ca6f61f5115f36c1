import type { PreviewStatus } from '@sauce/contract/sauces';
import type { Metadata } from '@sauce/contract/meta';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lockLink, lockWorkspaces } from '../db/locks.ts';
import { AppError, InvalidFormatError, SauceNotFoundError } from '../errors.ts';
import type { JobInfo, JobQueue } from '../jobs/queue.ts';
import { type LinkJob, type LinkJobToSend, reached, retryLater, sendAfterCommit, sendLinkJob } from '../jobs/link-jobs.ts';
import { previewQueue } from '../jobs/link-preview.ts';
import type { Foreground } from '../lib/foreground.ts';
import { SafeFetchError } from '../lib/safe-fetch.ts';
import type { SharedState } from '../lib/shared-state.ts';
import { lockMembership, type Membership } from '../policies/workspace.ts';
import { notifyWorkspace } from './events.ts';
import { budgetTurnS, budgetWaitS, cachedMetadata, type MetadataLogger, readMetadata } from './metadata.ts';

/**
 * Issue #23: a save never waits for the linked site. A text source is written and answered
 * at once; its link's preview (title, description, image) is read by a background job
 * (jobs/link-preview.ts, which calls {@link runPreview}) through the same guarded fetch, cache
 * and per-person budget as the editor's preview, and lands on every source waiting for that
 * link, whose members' dashboards update through the live events.
 */

/** How previews are read and queued: the job queue, and the fetch's address policy and shared cache. */
export interface PreviewOptions {
  jobs: JobQueue;
  /** The requests in flight that link jobs yield to (issue #29); none: they never wait. */
  foreground?: Foreground;
  /** Allow loopback and private addresses (config.metadataAllowPrivate). */
  allowPrivate: boolean;
  shared?: SharedState;
  /** Retries of a preview whose site did not answer, and the first wait (s, doubling): config LINK_PREVIEW_RETRIES / _RETRY_SECONDS. */
  retries: number;
  retryDelayS: number;
  /** Issue #21: keep the linked pages' readable copies (config LINK_COPIES); default true. */
  copies?: boolean;
  log?: MetadataLogger & { warn(obj: object, msg: string): void };
}

/** The preview options of the app's `deps` (config LINK_PREVIEW_*, LINK_COPIES, METADATA_ALLOW_PRIVATE), logging to `log`. */
export const previewOptions = (
  deps: {
    jobs: JobQueue;
    foreground?: Foreground;
    shared?: SharedState;
    config: { metadataAllowPrivate: boolean; linkPreview: { retries: number; retryDelayS: number; copies: boolean } };
  },
  log: PreviewOptions['log'],
): PreviewOptions => ({
  jobs: deps.jobs,
  foreground: deps.foreground,
  allowPrivate: deps.config.metadataAllowPrivate,
  shared: deps.shared,
  log,
  ...deps.config.linkPreview,
});

/** A text source's link columns as a save writes them. */
export interface LinkColumns {
  link: string | null;
  linkTitle: string;
  linkDescription: string;
  linkImage: string;
  thumbnail: string | null;
  linkStatus: PreviewStatus | null;
}

const columnsOf = (link: string, meta: Metadata, status: PreviewStatus): LinkColumns => ({
  link,
  linkTitle: meta.title,
  linkDescription: meta.description,
  linkImage: meta.image,
  thumbnail: meta.image || null,
  linkStatus: status,
});

/**
 * The link columns of a save (issue #23), without fetching: the preview the editor already
 * read (the one-hour metadata cache) when there is one, else empty and 'pending' — the save
 * then queues the job ({@link previewJob}). No link: everything empty, no status.
 */
export async function previewAtSave(link: string | null, opts: PreviewOptions): Promise<LinkColumns> {
  if (!link) return { link: null, linkTitle: '', linkDescription: '', linkImage: '', thumbnail: null, linkStatus: null };
  const cached = await cachedMetadata(link, opts);
  return columnsOf(link, cached ?? { title: '', description: '', image: '' }, cached ? 'ready' : 'pending');
}

/**
 * The preview job of `link` (send it with jobs/link-jobs.ts sendAfterCommit once the save
 * committed), at the back of `person`'s line (issue #29). One job of a link waits at a time
 * (the queue's 'short' policy): thirty saves of one link make one fetch.
 */
export const previewJob = (link: string, person: number): LinkJobToSend => ({ queue: previewQueue, job: { link, person }, startAfterS: budgetWaitS(person) });

/** Whether a failure may pass: the site was slow, unreachable or erring, or this process busy. */
function isRetryable(e: unknown): boolean {
  if (!(e instanceof SafeFetchError)) return false;
  if (e.reason === 'http-status') return (e.status ?? 0) >= 500 || e.status === 429;
  return e.reason === 'timeout' || e.reason === 'network' || e.reason === 'busy';
}

/**
 * Writes a link's preview (or its failure, `meta` null) on every source still waiting for
 * it, in one transaction that locks the link (waiting for its saves in flight, issue #29)
 * and then their spaces, shared (the lock order, db/locks.ts), and
 * tells each space's members. Never touches a source's own title, nor a source whose link
 * changed meanwhile (it waits for its own link).
 * @returns how many sources it updated.
 */
async function storePreview(db: Db, link: string, meta: Metadata | null): Promise<number> {
  return db.transaction(async (tx) => {
    await lockLink(tx, link, 'exclusive');
    const { rows: spaces } = await tx.execute<{ workspace_id: number }>(
      sql`SELECT DISTINCT workspace_id FROM sauces WHERE link = ${link} AND link_status = 'pending'`,
    );
    const locked = await lockWorkspaces(tx, spaces.map((r) => r.workspace_id), 'shared');
    if (locked.length === 0) return 0;
    const set = meta
      ? sql`link_title = ${meta.title}, link_description = ${meta.description}, link_image = ${meta.image},
          thumbnail = ${meta.image || null}, link_status = 'ready'`
      : sql`link_status = 'failed'`;
    const { rows } = await tx.execute<{ id: number; workspace_id: number }>(sql`
      UPDATE sauces SET ${set}
      WHERE link = ${link} AND link_status = 'pending'
        AND workspace_id = ANY(${sql.raw(`ARRAY[${locked.join(',')}]::int[]`)})
      RETURNING id, workspace_id`);
    // actorId 0: the system, so every member's view refetches (the saver's included).
    for (const r of rows) await notifyWorkspace(tx, r.workspace_id, { type: 'sauce', action: 'updated', id: r.id, actorId: 0 });
    return rows.length;
  });
}

/** What a preview job did. */
export type PreviewOutcome = 'ready' | 'failed' | 'delayed' | 'retrying' | 'skipped';

/**
 * Works one preview job (jobs/link-preview.ts's handler): reads the link's metadata
 * (readMetadata: guarded fetch, cache, `person`'s budget; a read of the link under way in
 * this process is shared — the job reports 'reading' to jobs/link-jobs.ts watchLinkJobs as it
 * starts it) and stores it on every source waiting for the link.
 * - Nothing waits for the link (deleted, or already served): skipped, nothing fetched.
 * - The person's budget is spent: the job is queued again for its place among their coming
 *   fetches (metadata.ts budgetTurnS) — delayed, not dropped.
 * - The site did not answer, or answered 5xx/429: sent again for later ({@link retryLater},
 *   `opts.retries` times); on the last attempt the sources are marked 'failed'.
 * - Anything else (a refused address, 4xx, not HTML, too large, too many redirects): 'failed'
 *   at once; the card keeps the link's domain, and the source's page offers a retry.
 * @throws what is not a fetch's failure (a database error…) while the queue's retries last.
 */
export async function runPreview(db: Db, opts: PreviewOptions, data: LinkJob, job: Pick<JobInfo, 'retryCount' | 'retryLimit'>): Promise<PreviewOutcome> {
  const { rows } = await db.execute(sql`SELECT 1 FROM sauces WHERE link = ${data.link} AND link_status = 'pending' LIMIT 1`);
  if (rows.length === 0) return 'skipped';
  let meta: Metadata;
  reached(opts.jobs, previewQueue.name, 'reading', data);
  try {
    meta = await readMetadata(data.link, { allowPrivate: opts.allowPrivate, shared: opts.shared, person: data.person });
  } catch (e) {
    if (e instanceof AppError && e.code === 'RATE_LIMITED') {
      await sendLinkJob(opts, previewQueue, undefined, data, { startAfterS: budgetTurnS(data.person) });
      return 'delayed';
    }
    if (isRetryable(e) && (await retryLater(opts, previewQueue, data, job))) return 'retrying';
    opts.log?.info({ url: data.link, err: e instanceof Error ? e.message : e }, 'failed to fetch metadata');
    if (!(e instanceof SafeFetchError || e instanceof AppError) && job.retryCount < job.retryLimit) throw e;
    await storePreview(db, data.link, null);
    return 'failed';
  }
  await storePreview(db, data.link, meta);
  return 'ready';
}

/**
 * POST /archive/sauce/{workspace}/{id}/preview (issue #23): reads a text source's link
 * preview again — the retry the source's page offers when it failed. Under the space's lock
 * with the role as it is now (db/locks.ts); the source is 'pending' until the job lands (sent
 * once the request committed, jobs/link-jobs.ts sendAfterCommit).
 * @throws SAUCE_NOT_FOUND (404) for a source not in the space; INVALID_FORMAT (400) for a
 *   source without a link of its own (an image source, a note, a saved article);
 *   NOT_FOUND / NOT_AUTHORIZED when the membership changed.
 */
export async function refreshPreview(db: Db, opts: PreviewOptions, m: Membership, id: number): Promise<void> {
  const sent = await db.transaction(async (tx) => {
    await lockMembership(tx, m);
    const { rows } = await tx.execute<{ link: string | null; type: string; mode_type: string }>(
      sql`SELECT link, type, mode_type FROM sauces WHERE id = ${id} AND workspace_id = ${m.workspaceId} FOR UPDATE`,
    );
    const row = rows[0];
    if (!row) throw SauceNotFoundError();
    if (row.type !== 'TEXT' || !row.link || row.mode_type !== 'Sauce') throw InvalidFormatError('This source has no link to preview.');
    await tx.execute(sql`UPDATE sauces SET link_status = 'pending' WHERE id = ${id}`);
    await notifyWorkspace(tx, m.workspaceId, { type: 'sauce', action: 'updated', id, actorId: m.userId });
    return [previewJob(row.link, m.userId)];
  });
  sendAfterCommit(opts, sent);
}
