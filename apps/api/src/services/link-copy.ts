import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { lockLink, lockWorkspaces } from '../db/locks.ts';
import { AppError, SauceNotFoundError } from '../errors.ts';
import { copyQueue } from '../jobs/link-copy.ts';
import { type LinkJob, type LinkJobToSend, reached, retryLater, sendLinkJob } from '../jobs/link-jobs.ts';
import type { PageBrowser } from '../jobs/page-browser.ts';
import type { JobInfo, JobQueue } from '../jobs/queue.ts';
import { decodeHtml, extractReadable } from '../lib/readable.ts';
import { safeFetch, SafeFetchError } from '../lib/safe-fetch.ts';
import type { SharedState } from '../lib/shared-state.ts';
import type { FileStore } from '../storage/file-store.ts';
import { captureKeys, imageBytes, putImage } from './capture-files.ts';
import { notifyWorkspace } from './events.ts';
import { admitImage, processScreenshot, type ProcessedImage } from './image-processing.ts';
import { deleteFiles } from './images.ts';
import { budgetTurnS, budgetWaitS, spendFetch } from './metadata.ts';

/**
 * Issue #21 item 1: every link keeps a copy. When a text source with a link is saved (from
 * the editor, the phone's share target or an import; not a capture from the extension, which
 * brings its own), a background job (jobs/link-copy.ts, which calls {@link runCopy}) reads the
 * page through the guarded fetch and keeps its readable text (Mozilla's Readability,
 * lib/readable.ts, as the article summaries read pages), searchable with the rest of the
 * source and shown as its 'Saved copy'. Where a browser is at hand
 * (jobs/page-browser.ts: a local Chromium or a remote one), the page is also drawn: its
 * full-page screenshot (WebP, height capped) becomes the source's saved copy (table
 * sauce_captures, as the extension's) and its card's picture when the page had none, and a
 * page that renders only in a browser gets its text from the drawn page. No browser is
 * needed: without one, pages that render only in a browser keep no text ('empty').
 */
/** Most characters of readable text kept. */
export const COPY_MAX_CHARS = 100_000;
/** Largest page read, bytes. */
const COPY_MAX_BYTES = 3 * 1024 * 1024;

/** What a copy job needs: the queue, the fetch's address policy, its retries (config LINK_PREVIEW_*). */
export interface CopyOptions {
  jobs: JobQueue;
  allowPrivate: boolean;
  retries: number;
  retryDelayS: number;
  log?: { info(obj: object, msg: string): void };
  /** Where the fetch budget lives (issue #29: a copy spends its person's, as a preview does). */
  shared?: SharedState;
  /** Where screenshots are stored; with `browser`. */
  files?: FileStore;
  /** The browser that draws pages, or none (text only). */
  browser?: PageBrowser | null;
}

/**
 * The copy job of `link` (send it with jobs/link-jobs.ts sendAfterCommit once the save
 * committed), at the back of `person`'s line (issue #29); one job of a link waits at a time.
 * The saved sources carry `copy_status = 'pending'` (copyColumns).
 */
export const copyJob = (link: string, person: number): LinkJobToSend => ({ queue: copyQueue, job: { link, person }, startAfterS: budgetWaitS(person) });

/** The copy columns of a save that sets `link` (null: no link, nothing to keep). */
export const copyColumns = (link: string | null) =>
  ({ copyStatus: link ? 'pending' : null, copyText: null, copiedAt: null }) as const;

/** What the page held: its readable text, none, or a fetch that failed for good. */
type Copy = { status: 'ready'; text: string } | { status: 'empty' } | { status: 'failed' };

/** Most sources given one page's screenshot (each keeps its own files: saved copies are per source). */
const SHOT_COPIES_MAX = 20;

/**
 * Writes the screenshot's files once for each source still waiting for `link` without a saved
 * copy (files first, rows after, as every upload: reconciliation removes files no row names).
 * @returns the storage keys written, and the processed image.
 */
async function putShots(db: Db, files: FileStore, link: string, png: Buffer) {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM sauces s WHERE s.link = ${link} AND s.copy_status = 'pending'
      AND NOT EXISTS (SELECT 1 FROM sauce_captures c WHERE c.sauce_id = s.id)`);
  const n = Math.min(rows[0]!.n, SHOT_COPIES_MAX);
  if (n === 0) return null;
  const ticket = admitImage('link-copy');
  let p: ProcessedImage;
  try {
    p = await processScreenshot(png, ticket);
  } finally {
    ticket.release();
  }
  const keys = Array.from({ length: n }, () => `captures/${randomBytes(16).toString('hex')}`);
  for (const key of keys) await putImage(files, key, p);
  return { keys, p };
}

/** A source the job updated: its id, space, and whether it has a saved copy already. */
type Updated = { id: number; workspace_id: number; has_capture: boolean };

/** Keeps the screenshot whose files are under `key` as source `r`'s saved copy (inside the transaction that locked its space). */
async function keepShot(tx: Tx, r: { id: number; workspace_id: number }, key: string, link: string, p: ProcessedImage) {
  const bytes = imageBytes(p);
  await tx.execute(sql`
    INSERT INTO sauce_captures (sauce_id, workspace_id, storage_key, page_url, screenshot_name, width, height, color, byte_size)
    VALUES (${r.id}, ${r.workspace_id}, ${key}, ${link}, ${`original.${p.original.ext}`}, ${p.width}, ${p.height}, ${p.color}, ${bytes})`);
  await tx.execute(sql`UPDATE sauces SET byte_size = byte_size + ${bytes} WHERE id = ${r.id}`);
}

/** Deletes the files of screenshots written under `keys` that no row took. */
async function dropShots(files: FileStore, keys: string[], p: ProcessedImage) {
  const screenshotName = `original.${p.original.ext}`;
  await deleteFiles(files, keys.flatMap((storageKey) => captureKeys({ storageKey, snapshotBytes: null, screenshotName })));
}

/**
 * Gives the drawing's screenshot to `sauces`, which came to wait for `link` after its files
 * were written (an edit or a save meanwhile, issue #21: each source of a link up to
 * {@link SHOT_COPIES_MAX} keeps one): files first, rows after, under their spaces' locks and
 * only while a source still holds the link without a saved copy; files no row took deleted.
 */
async function attachShots(db: Db, files: FileStore, link: string, p: ProcessedImage, sauces: { id: number; workspace_id: number }[]) {
  const keys = sauces.map(() => `captures/${randomBytes(16).toString('hex')}`);
  let taken: string[] = [];
  try {
    for (const key of keys) await putImage(files, key, p);
    taken = await db.transaction(async (tx) => {
      // The link, then the spaces shared (the lock order, db/locks.ts; issue #29).
      await lockLink(tx, link, 'exclusive');
      const locked = await lockWorkspaces(tx, sauces.map((r) => r.workspace_id), 'shared');
      if (locked.length === 0) return [];
      const { rows } = await tx.execute<{ id: number; workspace_id: number }>(sql`
        SELECT s.id, s.workspace_id FROM sauces s
        WHERE s.id = ANY(${sql.raw(`ARRAY[${sauces.map((r) => Math.trunc(r.id)).join(',')}]::int[]`)}) AND s.link = ${link}
          AND s.workspace_id = ANY(${sql.raw(`ARRAY[${locked.join(',')}]::int[]`)})
          AND NOT EXISTS (SELECT 1 FROM sauce_captures c WHERE c.sauce_id = s.id)
        ORDER BY s.id FOR UPDATE`);
      const used = rows.map((r, i) => ({ r, key: keys[i]! }));
      for (const { r, key } of used) {
        await keepShot(tx, r, key, link, p);
        await notifyWorkspace(tx, r.workspace_id, { type: 'sauce', action: 'updated', id: r.id, actorId: 0 });
      }
      return used.map((u) => u.key);
    });
  } finally {
    await dropShots(files, keys.filter((k) => !taken.includes(k)), p);
  }
}

/**
 * Writes what the page held on every source still waiting for `link`, under their spaces'
 * locks (db/locks.ts), and its screenshot (`png`, when drawn) as the saved copy of each that
 * has none: the sources counted before the files were written at once, any that came to
 * wait meanwhile after ({@link attachShots}). Files no row took are deleted.
 * @returns how many sources it updated.
 */
async function store(db: Db, opts: CopyOptions, link: string, copy: Copy, png: Buffer | null): Promise<number> {
  const shots = png && opts.files
    ? await putShots(db, opts.files, link, png).catch((e: unknown) => {
        opts.log?.info({ url: link, err: e instanceof Error ? e.message : e }, 'a linked page’s screenshot was not kept');
        return null;
      })
    : null;
  // Keys a committed row took (each attempt of the transaction starts from all of them).
  let taken: string[] = [];
  try {
    const done = await db.transaction(async (tx) => {
      // The link first, so every save of it in flight has committed (issue #29); then the
      // spaces, shared (the lock order, db/locks.ts).
      await lockLink(tx, link, 'exclusive');
      const { rows: spaces } = await tx.execute<{ workspace_id: number }>(
        sql`SELECT DISTINCT workspace_id FROM sauces WHERE link = ${link} AND copy_status = 'pending'`,
      );
      const locked = await lockWorkspaces(tx, spaces.map((r) => r.workspace_id), 'shared');
      if (locked.length === 0) return { n: 0, taken: [], missed: [] };
      const text = copy.status === 'ready' ? copy.text : null;
      const { rows } = await tx.execute<Updated>(sql`
        UPDATE sauces s SET copy_status = ${copy.status}, copy_text = ${text}, copied_at = now()
        WHERE s.link = ${link} AND s.copy_status = 'pending' AND s.workspace_id = ANY(${sql.raw(`ARRAY[${locked.join(',')}]::int[]`)})
        RETURNING s.id, s.workspace_id, EXISTS (SELECT 1 FROM sauce_captures c WHERE c.sauce_id = s.id) AS has_capture`);
      const used: string[] = [];
      let missed: Updated[] = [];
      if (shots) {
        const wanting = rows.filter((r) => !r.has_capture);
        for (const [i, r] of wanting.slice(0, shots.keys.length).entries()) {
          await keepShot(tx, r, shots.keys[i]!, link, shots.p);
          used.push(shots.keys[i]!);
        }
        // Sources that came to wait after the files were written (an edit, a save meanwhile).
        missed = wanting.slice(shots.keys.length, SHOT_COPIES_MAX);
      }
      for (const r of rows) await notifyWorkspace(tx, r.workspace_id, { type: 'sauce', action: 'updated', id: r.id, actorId: 0 });
      return { n: rows.length, taken: used, missed };
    });
    taken = done.taken;
    if (shots && done.missed.length > 0) {
      await attachShots(db, opts.files!, link, shots.p, done.missed).catch((e: unknown) => {
        opts.log?.info({ url: link, err: e instanceof Error ? e.message : e }, 'a linked page’s screenshot was not kept');
      });
    }
    return done.n;
  } finally {
    // A screenshot no source took (deleted, or given a copy meanwhile), or a failed commit's.
    if (opts.files && shots) await dropShots(opts.files, shots.keys.filter((k) => !taken.includes(k)), shots.p);
  }
}

/**
 * Works one copy job (jobs/link-copy.ts's handler): nothing waits for the link → skipped;
 * `person`'s fetch budget spent → sent again for its place among their coming fetches
 * ('delayed', metadata.ts budgetTurnS; issue #29: copies spend the budget previews spend);
 * else the page is read (HTML only, at most 3 MB, 10 s) and its readable text kept ('ready', or
 * 'empty' when it has none) on every source waiting for it. A slow or erring site is sent
 * again for later ('retrying', {@link retryLater}); a refused address, a 4xx, a page that is
 * not HTML or too large is 'failed' at once. Copies of one link run one at a time, in a
 * process and across the processes sharing the database (issue #21: a link saved twenty
 * times at once is fetched once); a job that waits for its link's copy under way in this
 * process reports 'waiting' to jobs/link-jobs.ts watchLinkJobs.
 * @throws what is not a fetch's failure while the queue's retries last; Error when another
 *   process copies the link for over a minute (see claimed).
 */
export async function runCopy(db: Db, opts: CopyOptions, data: LinkJob, job: Pick<JobInfo, 'retryCount' | 'retryLimit'>) {
  const { link } = data;
  // One copy of a link at a time in this process: a job queued while another of the same
  // link was fetching (the queue keeps one *waiting* per link, not one running) waits for it,
  // then finds its sources served and fetches nothing — twenty saves of a link, one fetch.
  if (underWay.has(link)) reached(opts.jobs, copyQueue.name, 'waiting', data);
  for (let running = underWay.get(link); running; running = underWay.get(link)) await running.catch(() => undefined);
  const run = claimed(db, link, () => copyOnce(db, opts, data, job));
  underWay.set(link, run);
  try {
    return await run;
  } finally {
    if (underWay.get(link) === run) underWay.delete(link);
  }
}

/** How long a claim on copying a link lasts, s: longer than a copy takes (a 10 s fetch, a drawing). */
const CLAIM_SECONDS = 120;
/** How often a job looks again whether another process's claim is gone, ms. */
const CLAIM_POLL_MS = 250;
/** Longest wait for another process's copy of the same link, ms; then the queue retries the job. */
const CLAIM_WAIT_MS = 60_000;

/**
 * Runs `copy` while this process holds the claim on copying `link` (table
 * link_copy_claims), so that processes sharing the database copy a link one at a time too:
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
    if (Date.now() > waitUntil) throw new Error('another process is still copying this link');
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

/** Copy jobs under way in this process, by link (see {@link runCopy}). */
const underWay = new Map<string, Promise<unknown>>();

async function copyOnce(db: Db, opts: CopyOptions, data: LinkJob, job: Pick<JobInfo, 'retryCount' | 'retryLimit'>) {
  const { link } = data;
  const { rows } = await db.execute(sql`SELECT 1 FROM sauces WHERE link = ${link} AND copy_status = 'pending' LIMIT 1`);
  if (rows.length === 0) return 'skipped';
  if (!(await spendFetch(opts.shared, data.person))) {
    await sendLinkJob(opts, copyQueue, undefined, data, { startAfterS: budgetTurnS(data.person) });
    return 'delayed';
  }
  let copy: Copy;
  let png: Buffer | null = null;
  try {
    const res = await safeFetch(link, {
      allowPrivate: opts.allowPrivate,
      timeoutMs: 10_000,
      maxBytes: COPY_MAX_BYTES,
      accept: ['text/html', 'application/xhtml+xml'],
    });
    const html = decodeHtml(res.body, res.charset);
    let readable = extractReadable(html);
    let drawnHtml: string | null = null;
    if (opts.browser) {
      try {
        const drawn = await opts.browser.render({ url: res.url, body: res.body, contentType: String(res.headers['content-type'] ?? 'text/html') });
        png = drawn.screenshot;
        drawnHtml = drawn.html;
        readable ??= extractReadable(drawn.html);
      } catch (e) {
        // The text is kept without a screenshot (no browser, or the page would not draw within
        // the browser's deadline, issue #28: a page whose script never yields costs that, no more).
        opts.log?.info({ url: link, err: e instanceof Error ? e.message : e }, 'the browser could not draw a linked page');
      }
    }
    // No article in it: whatever short text the page holds is still its words (issue #31
    // item 3: a page of one short paragraph was kept as empty, so never found).
    readable ??= extractReadable(drawnHtml ?? html, { minChars: 1 });
    copy = readable ? { status: 'ready', text: readable.text.slice(0, COPY_MAX_CHARS) } : { status: 'empty' };
  } catch (e) {
    const retryable =
      e instanceof SafeFetchError &&
      (e.reason === 'timeout' || e.reason === 'network' || e.reason === 'busy' || (e.reason === 'http-status' && (e.status ?? 0) >= 500));
    if (retryable && (await retryLater(opts, copyQueue, data, job))) return 'retrying';
    if (!(e instanceof SafeFetchError || e instanceof AppError) && job.retryCount < job.retryLimit) throw e;
    opts.log?.info({ url: link, err: e instanceof Error ? e.message : e }, 'failed to keep a copy of a link');
    copy = { status: 'failed' };
  }
  await store(db, opts, link, copy, png);
  return copy.status;
}

/**
 * A source's kept copy of its linked page (issue #21), for a member who may read the space.
 * @throws SAUCE_NOT_FOUND (404) when the source is not in the space.
 */
export async function readCopy(db: Db, workspaceId: number, id: number) {
  const { rows } = await db.execute<{ status: string | null; text: string | null; copied_at: string | null }>(sql`
    SELECT copy_status AS status, copy_text AS text, to_char(copied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS copied_at
    FROM sauces WHERE id = ${id} AND workspace_id = ${workspaceId}`);
  const row = rows[0];
  if (!row) throw SauceNotFoundError();
  return { status: row.status as 'pending' | 'ready' | 'empty' | 'failed' | null, text: row.text, copiedAt: row.copied_at };
}
