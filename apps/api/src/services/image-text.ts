import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { lockWorkspaces } from '../db/locks.ts';
import type { ImageTextStatus } from '../db/schema-image-text.ts';
import { backfillWaiting, IMAGE_TEXT_QUEUE, type ImageTextSending, type ImageToRead, sendImageTextJobs } from '../jobs/image-text.ts';
import type { JobInfo, JobQueue } from '../jobs/queue.ts';
import type { Foreground } from '../lib/foreground.ts';
import { EngineStartError, READ_MAX_SIDE, ReadStarvedError, type TextReader } from '../lib/text-reader.ts';
import type { FileStore } from '../storage/file-store.ts';
import { notifyAfterCommit } from './events.ts';
import { DISPLAY_FILE } from './images.ts';

/**
 * Issue #33: the words in the images people keep — read by the image-text jobs
 * (jobs/image-text.ts) with the text reader (lib/text-reader.ts), written on the image's row
 * (`sauce_images.text`, `text_status`: db/schema-image-text.ts), where its source's search
 * document takes them in (the search triggers, migration image_text) and the viewer shows
 * them ('Text in image').
 */

/** Readings of one image started by jobs that did not end (their process died): at the last, the image is given up ('failed'). */
export const MAX_ATTEMPTS = 3;

/** Largest original read as it is, px (width × height); larger ones are read from their display copy (2560 px). */
const ORIGINAL_MAX_PIXELS = 16_000_000;

/** What reading an image's words needs. */
export interface ImageTextDeps {
  db: Db;
  files: FileStore;
  reader: TextReader;
  /** People waiting on an answer go first (issue #29): an image starts once the requests in flight ease. */
  foreground?: Foreground;
  log?: FastifyBaseLogger;
}

/** How a job ended for its image: read ('done': words found; 'none': no words), 'failed' (could not be read), or 'skipped' (gone, or read already). */
export type ImageTextOutcome = 'done' | 'none' | 'failed' | 'skipped';

/**
 * Where an image-text job got to, that a test acts at (no test waits a fixed time for a job):
 * 'reading', its file (`bytes` long) loaded and its words about to be read; 'read', its words
 * read from a copy of `width` × `height` px, about to be written.
 */
export type ImageTextStep = { step: 'reading'; imageId: number; bytes: number } | { step: 'read'; imageId: number; width: number; height: number };
type StepWatcher = (step: ImageTextStep) => void | Promise<void>;
const watchers = new WeakMap<JobQueue, Set<StepWatcher>>();

/**
 * Calls `watcher` with each {@link ImageTextStep} an image-text job of `jobs` reaches in this
 * process, and waits for the promise it returns (a test deletes the image or its space
 * there), until the returned function is called. For tests; nothing is reported while none
 * watches.
 */
export function watchImageText(jobs: JobQueue, watcher: StepWatcher): () => void {
  const set = watchers.get(jobs) ?? new Set<StepWatcher>();
  watchers.set(jobs, set.add(watcher));
  return () => void set.delete(watcher);
}

async function reached(jobs: JobQueue, step: ImageTextStep) {
  for (const watcher of watchers.get(jobs) ?? []) await watcher(step);
}

type ImageRow = {
  id: number;
  workspace_id: number;
  storage_key: string;
  original_name: string;
  width: number;
  height: number;
  text_status: ImageTextStatus;
  text_attempts: number;
};

/** The whole body of the object at `key`, or null when there is none. */
async function bytesOf(files: FileStore, key: string): Promise<Buffer | null> {
  const stored = await files.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Writes image `imageId`'s reading — its words and 'done', '' and 'none', or '' and 'failed' —
 * if it is still waiting for one, in a transaction that first takes its space's lock shared
 * (the lock order, db/locks.ts: an edit of its source, which takes it exclusive, is not met
 * halfway), and tells the members watching its source's space after the commit (the viewer
 * fetches the source again). A space or image deleted meanwhile: nothing is written.
 * @returns whether it was written.
 */
async function writeReading(db: Db, img: Pick<ImageRow, 'id' | 'workspace_id'>, status: Exclude<ImageTextStatus, 'pending'>, text = ''): Promise<boolean> {
  const written = await db.transaction(async (tx) => {
    if ((await lockWorkspaces(tx, [img.workspace_id], 'shared')).length === 0) return null;
    const { rows } = await tx.execute<{ sauce_id: number | null }>(sql`
      UPDATE sauce_images SET text = ${text}, text_status = ${status}, text_read_at = now()
      WHERE id = ${img.id} AND text_status = 'pending' RETURNING sauce_id`);
    return rows[0] ?? null;
  });
  if (written?.sauce_id) void notifyAfterCommit(db, img.workspace_id, { type: 'sauce', action: 'updated', id: written.sauce_id, actorId: 0 });
  return written !== null;
}

/**
 * Works one image-text job (jobs/image-text.ts): reads the words of image `imageId` if it is
 * still 'pending' and writes them ('done', or 'none' when it holds none). Its file is the
 * original when it has at most 16 MP and 4,000 px a side, else its display copy (2560 px).
 * An image that cannot be read — its file missing or undecodable (sharp), its reading past
 * the deadline (config IMAGE_TEXT_TIMEOUT_MS of CPU time), or its attempts spent
 * ({@link MAX_ATTEMPTS}: jobs that failed otherwise, counted as their retries start) — is
 * 'failed', never tried again. An image or space deleted meanwhile ends the job quietly
 * ('skipped').
 * @throws EngineStartError when the reader cannot start, ReadStarvedError when the reading got
 *   too little of the CPU (no image is blamed: the job is retried as its options say, counting
 *   an attempt; the image stays 'pending' meanwhile).
 */
export async function runImageText(deps: ImageTextDeps, jobs: JobQueue, imageId: number, job: Pick<JobInfo, 'retryCount'>): Promise<ImageTextOutcome> {
  const { db } = deps;
  const { rows } = await db.execute<ImageRow>(sql`
    SELECT id, workspace_id, storage_key, original_name, width, height, text_status, text_attempts FROM sauce_images WHERE id = ${imageId}`);
  let img = rows[0];
  if (!img || img.text_status !== 'pending') return 'skipped';
  if (job.retryCount > 0) {
    // A retry: the job before it failed or its process died while reading.
    const { rows: counted } = await db.execute<{ text_attempts: number }>(sql`
      UPDATE sauce_images SET text_attempts = text_attempts + 1 WHERE id = ${imageId} AND text_status = 'pending' RETURNING text_attempts`);
    if (!counted[0]) return 'skipped';
    img = { ...img, text_attempts: counted[0].text_attempts };
  }
  if (img.text_attempts >= MAX_ATTEMPTS) return (await writeReading(db, img, 'failed')) ? 'failed' : 'skipped';

  await deps.foreground?.calm();
  const original = img.width * img.height <= ORIGINAL_MAX_PIXELS && Math.max(img.width, img.height) <= READ_MAX_SIDE;
  let bytes: Buffer | null = null;
  try {
    bytes = await bytesOf(deps.files, `${img.storage_key}/${original ? img.original_name : DISPLAY_FILE}`);
  } catch (err) {
    deps.log?.warn({ err, imageId }, 'image text: the image could not be loaded');
  }
  if (!bytes) return (await writeReading(db, img, 'failed')) ? 'failed' : 'skipped';
  await reached(jobs, { step: 'reading', imageId, bytes: bytes.length });
  try {
    const { text, width, height } = await deps.reader.read(bytes);
    await reached(jobs, { step: 'read', imageId, width, height });
    const status = text ? 'done' : 'none';
    return (await writeReading(db, img, status, text)) ? status : 'skipped';
  } catch (err) {
    // Not the image's fault: the job fails, and its retry counts an attempt.
    if (err instanceof EngineStartError || err instanceof ReadStarvedError) throw err;
    deps.log?.warn({ err, imageId }, 'image text: the image could not be read');
    return (await writeReading(db, img, 'failed')) ? 'failed' : 'skipped';
  }
}

/** Most images in one backfill batch, most spaces in one, and least images of a space in one. */
const BACKFILL_BATCH = 30;
const BACKFILL_SPACES = 10;
const BACKFILL_PER_SPACE = 3;
/** The space the last batch ended with, per database: the next starts after it (round robin). */
const backfillCursor = new WeakMap<Db, number>();

/**
 * Issue #33: the backfill's tick (jobs/maintenance.ts: a minute apart, and at once when its
 * last batch is read; tests call it). When none of its jobs waits, sends a batch for the
 * saved images still 'pending' — kept before reading existed, or while it was off — taking
 * the spaces in turn: the next 10 spaces that have some, starting after the last batch's last
 * (round robin), each giving an equal share of 30 images (at least 3), interleaved (the first
 * of each space, then the second of each…), as 'backfill' jobs (after every new image:
 * jobs/image-text.ts). A space of 10,000 images takes its turn with a space of 10; an upload
 * anywhere goes before both. Unsaved uploads are left to their own jobs.
 * @returns the images sent for, in their order (none when reading is off, or a batch waits).
 */
export async function queueBackfill(db: Db, sending: ImageTextSending): Promise<ImageToRead[]> {
  if (!sending.enabled || (await backfillWaiting(db)) > 0) return [];
  const cursor = backfillCursor.get(db) ?? 0;
  const { rows: spaces } = await db.execute<{ workspace_id: number }>(sql`
    SELECT workspace_id FROM sauce_images WHERE text_status = 'pending' AND sauce_id IS NOT NULL
    GROUP BY workspace_id ORDER BY workspace_id <= ${cursor}, workspace_id LIMIT ${BACKFILL_SPACES}`);
  if (spaces.length === 0) return [];
  const ids = spaces.map((r) => r.workspace_id);
  const each = Math.max(BACKFILL_PER_SPACE, Math.floor(BACKFILL_BATCH / ids.length));
  const { rows } = await db.execute<{ id: number; workspace_id: number }>(sql`
    SELECT i.id, i.workspace_id FROM unnest(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)}) WITH ORDINALITY AS s(workspace_id, turn)
    CROSS JOIN LATERAL (
      SELECT id, workspace_id, row_number() OVER (ORDER BY id) AS n FROM (
        SELECT id, workspace_id FROM sauce_images
        WHERE workspace_id = s.workspace_id AND text_status = 'pending' AND sauce_id IS NOT NULL
        ORDER BY id LIMIT ${each}) p) i
    ORDER BY i.n, s.turn`);
  const images = rows.map((r) => ({ id: r.id, workspaceId: r.workspace_id }));
  backfillCursor.set(db, ids[ids.length - 1]!);
  await sendImageTextJobs(sending, undefined, images, 'backfill');
  sending.jobs.notify(IMAGE_TEXT_QUEUE);
  return images;
}
