import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { lockLink, lockLinkWaiting, lockWorkspaces } from '../db/locks.ts';
import { SauceNotFoundError } from '../errors.ts';
import type { PageBrowser } from '../jobs/page-browser.ts';
import { type PageReader, readPageText } from '../lib/page-reader.ts';
import type { SafeFetchResponse } from '../lib/safe-fetch.ts';
import type { FileStore } from '../storage/file-store.ts';
import { captureKeys, imageBytes, putImage } from './capture-files.ts';
import { notifyWorkspace } from './events.ts';
import { admitImage, processScreenshot, type ProcessedImage } from './image-processing.ts';
import { deleteFiles } from './images.ts';

/**
 * Issue #21 item 1: every link keeps a copy. When a text source with a link is saved (from
 * the editor, the phone's share target or an import; not a capture from the extension, which
 * brings its own), the link's background job (services/link-read.ts, issue #29: the same one
 * fetch that reads its preview) keeps the page's readable text (Mozilla's Readability,
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

/** Where copies are drawn and kept: the browser that draws pages (none: text only), where screenshots are stored, the log. */
export interface CopyOptions {
  log?: { info(obj: object, msg: string): void };
  /** Where screenshots are stored; with `browser`. */
  files?: FileStore;
  /** The browser that draws pages, or none (text only). */
  browser?: PageBrowser | null;
}

/** The copy columns of a save that sets `link` (null: no link, nothing to keep). */
export const copyColumns = (link: string | null) =>
  ({ copyStatus: link ? 'pending' : null, copyText: null, copiedAt: null }) as const;

/** What the page held: its readable text, none, or a fetch that failed for good. */
export type Copy = { status: 'ready'; text: string } | { status: 'empty' } | { status: 'failed' };

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
export type Updated = { id: number; workspace_id: number; has_capture: boolean };

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
 * The columns a link's copy without a drawing (`copy`) sets on a source still waiting for it
 * ('pending' copy_status), as [column, value] pairs ({@link writeCopy}; services/link-read.ts
 * storeRead, which writes them with the link's preview).
 */
export function copyAssignments(copy: Copy): [column: string, value: SQL][] {
  return [
    ['copy_status', sql`${copy.status}`],
    ['copy_text', sql`${copy.status === 'ready' ? copy.text : null}`],
    ['copied_at', sql`now()`],
  ];
}

/**
 * Writes what the page held (`copy`) on every source of `spaces` still waiting for `link`'s
 * copy — inside the transaction that holds the link and those spaces (db/locks.ts
 * lockLinkWaiting; {@link storeDrawnCopy}).
 * @returns the sources it updated: id, space, and whether each has a saved copy already.
 */
export async function writeCopy(tx: Tx, link: string, copy: Copy, spaces: readonly number[]): Promise<Updated[]> {
  if (spaces.length === 0) return [];
  const set = copyAssignments(copy).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  const { rows } = await tx.execute<Updated>(sql`
    UPDATE sauces s SET ${sql.join(set, sql`, `)}
    WHERE s.link = ${link} AND s.copy_status = 'pending' AND s.workspace_id = ANY(${sql.raw(`ARRAY[${spaces.map((n) => Math.trunc(n)).join(',')}]::int[]`)})
    RETURNING s.id, s.workspace_id, EXISTS (SELECT 1 FROM sauce_captures c WHERE c.sauce_id = s.id) AS has_capture`);
  return rows;
}

/**
 * Writes a drawn page's copy on every source still waiting for `link`, under the link's and
 * their spaces' locks (db/locks.ts lockLinkWaiting), and its screenshot (`png`) as the saved
 * copy of each that has none: the sources counted before the files were written at once, any
 * that came to wait meanwhile after ({@link attachShots}). Files no row took are deleted; a
 * screenshot that could not be kept leaves the text. (A copy without a drawing is written
 * with the link's preview, services/link-read.ts storeRead.)
 * @returns how many sources it updated.
 */
export async function storeDrawnCopy(db: Db, opts: Pick<CopyOptions, 'files' | 'log'>, link: string, copy: Copy, png: Buffer): Promise<number> {
  const shots = opts.files
    ? await putShots(db, opts.files, link, png).catch((e: unknown) => {
        opts.log?.info({ url: link, err: e instanceof Error ? e.message : e }, 'a linked page’s screenshot was not kept');
        return null;
      })
    : null;
  // Keys a committed row took (each attempt of the transaction starts from all of them).
  let taken: string[] = [];
  try {
    const done = await db.transaction(async (tx) => {
      const rows = await writeCopy(tx, link, copy, await lockLinkWaiting(tx, link, sql`copy_status = 'pending'`));
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
 * What a fetched page holds for its copy, read for `who` (the person whose link it is, taking
 * turns in lib/page-reader.ts): its readable text (Mozilla's Readability,
 * lib/readable.ts; none: 'empty'), at most {@link COPY_MAX_CHARS}, and — with a browser
 * (`opts.browser`) — its full-page screenshot (PNG), the drawn page's text standing in for a
 * page that renders only in a browser. A page the browser could not draw keeps its text
 * without a screenshot (issue #28: a page whose script never yields costs the browser's
 * deadline, no more). The page is parsed off the event loop (lib/page-reader.ts).
 * @throws SafeFetchError when the page reader could not read it ('busy', 'timeout': try
 *   later; 'too-large': it needs more memory than a page may take).
 */
export async function copyOfPage(who: PageReader, res: SafeFetchResponse, opts: Pick<CopyOptions, 'browser' | 'log'>): Promise<{ copy: Copy; png: Buffer | null }> {
  const page = { html: res.body, charset: res.charset };
  let readable = await readPageText(who, page);
  let drawnHtml: string | null = null;
  let png: Buffer | null = null;
  if (opts.browser) {
    try {
      const drawn = await opts.browser.render({ url: res.url, body: res.body, contentType: String(res.headers['content-type'] ?? 'text/html') });
      png = drawn.screenshot;
      drawnHtml = drawn.html;
    } catch (e) {
      opts.log?.info({ url: res.url, err: e instanceof Error ? e.message : e }, 'the browser could not draw a linked page');
    }
  }
  if (drawnHtml !== null) readable ??= await readPageText(who, { html: drawnHtml });
  // No article in it: whatever short text the page holds is still its words (issue #31
  // item 3: a page of one short paragraph was kept as empty, so never found).
  readable ??= await readPageText(who, drawnHtml === null ? page : { html: drawnHtml }, { minChars: 1 });
  return { copy: readable ? { status: 'ready', text: readable.text.slice(0, COPY_MAX_CHARS) } : { status: 'empty' }, png };
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
