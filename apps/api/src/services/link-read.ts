import type { Metadata } from '@sauce/contract/meta';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lockLinkWaiting } from '../db/locks.ts';
import { AppError, InvalidFormatError, SauceNotFoundError } from '../errors.ts';
import { type LinkJob, type LinkJobToSend, reached, retryLater, sendAfterCommit, sendLinkJob } from '../jobs/link-jobs.ts';
import { linkQueue } from '../jobs/link-read.ts';
import type { JobInfo } from '../jobs/queue.ts';
import { readPageMetadata } from '../lib/page-reader.ts';
import { parseHttpUrl, safeFetch, SafeFetchError, type SafeFetchResponse } from '../lib/safe-fetch.ts';
import { lockMembership, type Membership } from '../policies/workspace.ts';
import { notifyWorkspace } from './events.ts';
import { type Copy, copyAssignments, type CopyOptions, copyOfPage, storeDrawnCopy } from './link-copy.ts';
import { type PreviewOptions, previewAssignments } from './link-preview.ts';
import { budgetTurnS, budgetWaitS, spendFetch } from './fetch-budget.ts';
import { cacheMetadata, HTML_TYPES } from './metadata.ts';

/**
 * Issue #29: one fetch a link. A saved link's preview (issue #23, ./link-preview.ts) and its
 * kept copy (issue #21, ./link-copy.ts) are read from the same response by one job
 * (jobs/link-read.ts): one row in the queue, one fetch of the site, one spend of its person's
 * budget — a link used to cost two of each, and the second fetch of every link halved what a
 * person's 60 fetches a minute (issue #9) could read.
 */

/** What a link job needs: the previews' options (queue, retries, address policy, cache and budget) and the copies' (browser, files). */
export type LinkReadOptions = PreviewOptions & CopyOptions;

/**
 * The job of `link` (send it with jobs/link-jobs.ts sendAfterCommit once the save committed),
 * at the back of `person`'s line (issue #29), after the jobs put off for their spent budget
 * (fetch-budget.ts budgetWaitS). One job of a link waits at a time (the queue's 'short' policy):
 * thirty saves of one link make one fetch.
 */
export const linkJob = (link: string, person: number): LinkJobToSend => ({ queue: linkQueue, job: { link, person }, startAfterS: budgetWaitS(person) });

/**
 * How a link is fetched: HTML only (metadata.ts HTML_TYPES); with a copy waiting, as a copy
 * reads a page (10 s, 3 MB), else as a preview does (lib/safe-fetch.ts's 5 s, 2 MB — a site
 * that never answers holds a worker no longer than before). Times ms, sizes bytes.
 */
const COPY_READ = { timeoutMs: 10_000, maxBytes: 3 * 1024 * 1024 } as const;

/** Whether a source waits for the link's preview, and whether one waits for its copy. */
type Waiting = { preview: boolean; copy: boolean };

/** What waits for `link` (the partial indexes sauces_link_pending_idx and sauces_copy_pending_idx). */
async function waitingFor(db: Db, link: string): Promise<Waiting> {
  const { rows } = await db.execute<Waiting>(sql`
    SELECT EXISTS (SELECT 1 FROM sauces WHERE link = ${link} AND link_status = 'pending') AS preview,
           EXISTS (SELECT 1 FROM sauces WHERE link = ${link} AND copy_status = 'pending') AS copy`);
  return rows[0]!;
}

/** Whether a failure may pass: the site was slow, unreachable or erring (5xx, 429), or this process busy. */
function isRetryable(e: unknown): boolean {
  if (!(e instanceof SafeFetchError)) return false;
  if (e.reason === 'http-status') return (e.status ?? 0) >= 500 || e.status === 429;
  return e.reason === 'timeout' || e.reason === 'network' || e.reason === 'busy';
}

/** What a link job did. */
export type LinkReadOutcome = 'ready' | 'failed' | 'delayed' | 'retrying' | 'skipped';

/**
 * Works one link job (jobs/link-read.ts's handler). Reads of one link run one at a time, in
 * this process and across the processes sharing the database (a job that finds its link's read
 * under way in this process reports 'waiting' to jobs/link-jobs.ts watchLinkJobs, waits for
 * it and finds its sources served: twenty saves of a link, one fetch). Then:
 * - nothing waits for the link's preview or copy (deleted, or already served): skipped,
 *   nothing fetched;
 * - `person`'s fetch budget is spent: sent again for its place among their coming fetches
 *   (fetch-budget.ts budgetTurnS) — delayed, not dropped;
 * - else the page is fetched once (reported 'reading'): its preview (html-metadata.ts
 *   parseMetadata, read in lib/page-reader.ts's thread and kept in the one-hour cache) and
 *   its readable copy (link-copy.ts copyOfPage) land together on every source waiting for either ({@link storeRead}: one
 *   transaction, one live event a source); with a browser, the preview lands first and the
 *   copy with its screenshot after the drawing (link-copy.ts storeDrawnCopy) — a drawing
 *   never delays a preview;
 * - the site did not answer, or answered 5xx/429: sent again for later (jobs/link-jobs.ts
 *   retryLater, `opts.retries` times); the last attempt marks the preview and copy 'failed';
 * - anything else (a refused address, 4xx, not HTML, too large, too many redirects): 'failed'
 *   at once; the card keeps the link's domain, and the source's page offers a retry.
 * @throws what is not a fetch's failure (a database error…) while the queue's retries last;
 *   Error when another process reads the link for over a minute (see claimed).
 */
export async function runLinkRead(db: Db, opts: LinkReadOptions, data: LinkJob, job: Pick<JobInfo, 'retryCount' | 'retryLimit'>): Promise<LinkReadOutcome> {
  const { link } = data;
  // A job queued while another of the same link was fetching (the queue keeps one *waiting*
  // per link, not one running) waits for it, then finds its sources served.
  if (underWay.has(link)) reached(opts.jobs, linkQueue.name, 'waiting', data);
  for (let running = underWay.get(link); running; running = underWay.get(link)) await running.catch(() => undefined);
  const run = claimed(db, link, () => readOnce(db, opts, data, job));
  underWay.set(link, run);
  try {
    return await run;
  } finally {
    if (underWay.get(link) === run) underWay.delete(link);
  }
}

/** How long a claim on reading a link lasts, s: longer than a read takes (a 10 s fetch, a drawing). */
const CLAIM_SECONDS = 120;
/** How often a job looks again whether another process's claim is gone, ms. */
const CLAIM_POLL_MS = 250;
/** Longest wait for another process's read of the same link, ms; then the queue retries the job. */
const CLAIM_WAIT_MS = 60_000;

/**
 * Runs `copy` while this process holds the claim on reading `link` (table
 * link_copy_claims), so that processes sharing the database read a link one at a time too:
 * a job that finds the link claimed waits (polling every 250 ms) and then finds its sources
 * served. A claim left by a process that died counts for {@link CLAIM_SECONDS} at most.
 * @throws Error when another process holds the claim for more than {@link CLAIM_WAIT_MS}
 *   (the queue retries the job); what `copy` throws.
 */
async function claimed<T>(db: Db, link: string, copy: () => Promise<T>): Promise<T> {
  const waitUntil = Date.now() + CLAIM_WAIT_MS;
  let until: string | undefined;
  for (;;) {
    const { rows } = await db.execute<{ until: string }>(sql`
      INSERT INTO link_copy_claims (link_md5, claimed_until) VALUES (md5(${link}), now() + make_interval(secs => ${CLAIM_SECONDS}))
      ON CONFLICT (link_md5) DO UPDATE SET claimed_until = EXCLUDED.claimed_until WHERE link_copy_claims.claimed_until < now()
      RETURNING claimed_until::text AS until`);
    until = rows[0]?.until;
    if (until) break;
    if (Date.now() > waitUntil) throw new Error('another process is still reading this link');
    await sleep(CLAIM_POLL_MS);
  }
  try {
    return await copy();
  } finally {
    // Only this claim: one that expired meanwhile may be another process's now.
    await db
      .execute(sql`DELETE FROM link_copy_claims WHERE link_md5 = md5(${link}) AND claimed_until = ${until}::timestamptz`)
      .catch(() => undefined); // it expires by itself
  }
}

/** Link jobs under way in this process, by link (see {@link runLinkRead}). */
const underWay = new Map<string, Promise<unknown>>();

async function readOnce(db: Db, opts: LinkReadOptions, data: LinkJob, job: Pick<JobInfo, 'retryCount' | 'retryLimit'>): Promise<LinkReadOutcome> {
  const { link } = data;
  const waiting = await waitingFor(db, link);
  if (!waiting.preview && !waiting.copy) return 'skipped';
  if (!(await spendFetch(opts.shared, data.person))) {
    await sendLinkJob(opts, linkQueue, undefined, data, { startAfterS: budgetTurnS(data.person) });
    return 'delayed';
  }
  reached(opts.jobs, linkQueue.name, 'reading', data);
  let res: SafeFetchResponse;
  let meta: Metadata;
  try {
    res = await safeFetch(link, { allowPrivate: opts.allowPrivate, accept: HTML_TYPES, ...(waiting.copy ? COPY_READ : {}) });
    meta = await readPageMetadata(data.person, { html: res.body, charset: res.charset }, res.url);
  } catch (e) {
    if (isRetryable(e) && (await retryLater(opts, linkQueue, data, job))) return 'retrying';
    opts.log?.info({ url: link, err: e instanceof Error ? e.message : e }, 'failed to fetch metadata');
    if (!(e instanceof SafeFetchError || e instanceof AppError) && job.retryCount < job.retryLimit) throw e;
    await storeRead(db, link, { preview: waiting.preview ? null : undefined, copy: waiting.copy ? { status: 'failed' } : undefined });
    return 'failed';
  }
  await cacheMetadata(parseHttpUrl(link).href, meta, opts); // (it was fetched: a valid URL)
  let preview = waiting.preview ? meta : undefined;
  // A drawing takes seconds: the preview lands before it. Text alone is quick: both land together.
  if (preview && waiting.copy && opts.browser) {
    await storeRead(db, link, { preview });
    preview = undefined;
  }
  const page = !waiting.copy
    ? null
    : await copyOfPage(data.person, res, opts).catch(async (e: unknown) => {
        // Not the page's fault (it read and parsed): the queue runs the job again while its
        // retries last — the preview is served now, so only the copy is made then.
        if (job.retryCount < job.retryLimit) {
          if (preview) await storeRead(db, link, { preview });
          throw e;
        }
        opts.log?.info({ url: link, err: e instanceof Error ? e.message : e }, 'failed to keep a copy of a link');
        return { copy: { status: 'failed' } as const, png: null };
      });
  if (page?.png) await storeDrawnCopy(db, opts, link, page.copy, page.png);
  else await storeRead(db, link, { preview, copy: page?.copy });
  return 'ready';
}

/**
 * What one read of `link` found — its preview (`preview`: the page's metadata, or null when
 * the read failed) and its copy without a drawing (`copy`; a drawn one: link-copy.ts
 * storeDrawnCopy) — written on every source waiting for either, in one transaction holding
 * the link and their spaces (db/locks.ts lockLinkWaiting), with one live event a source
 * (issue #29: a link's preview and copy used to be two transactions and two events). Either
 * left undefined is not written. One UPDATE writes both, each column only on the sources
 * waiting for it (as two, each source's search document was made twice, and its row written
 * twice).
 * @returns how many sources it updated.
 */
async function storeRead(db: Db, link: string, found: { preview?: Metadata | null; copy?: Copy }): Promise<number> {
  const { preview, copy } = found;
  const parts = [
    ...(preview !== undefined ? [{ waiting: sql`link_status = 'pending'`, set: previewAssignments(preview) }] : []),
    ...(copy ? [{ waiting: sql`copy_status = 'pending'`, set: copyAssignments(copy) }] : []),
  ];
  if (parts.length === 0) return 0;
  const waiting = sql.join(
    parts.map((p) => p.waiting),
    sql` OR `,
  );
  // With both, a column is set only on the sources waiting for its part (SET reads the row as it was).
  const set = parts.flatMap((p) =>
    p.set.map(([column, value]) => {
      const col = sql.identifier(column);
      return parts.length === 1 ? sql`${col} = ${value}` : sql`${col} = CASE WHEN ${p.waiting} THEN ${value} ELSE ${col} END`;
    }),
  );
  return db.transaction(async (tx) => {
    const spaces = await lockLinkWaiting(tx, link, waiting);
    if (spaces.length === 0) return 0;
    const { rows } = await tx.execute<{ id: number; workspace_id: number }>(sql`
      UPDATE sauces SET ${sql.join(set, sql`, `)}
      WHERE link = ${link} AND (${waiting}) AND workspace_id = ANY(${sql.raw(`ARRAY[${spaces.map((n) => Math.trunc(n)).join(',')}]::int[]`)})
      RETURNING id, workspace_id`);
    // actorId 0: the system, so every member's view refetches (the saver's included).
    for (const r of rows) await notifyWorkspace(tx, r.workspace_id, { type: 'sauce', action: 'updated', id: r.id, actorId: 0 });
    return rows.length;
  });
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
    return [linkJob(row.link, m.userId)];
  });
  sendAfterCommit(opts, sent);
}
