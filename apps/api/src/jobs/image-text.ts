import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import type { JobInfo, JobQueue, JobToInsert } from './queue.ts';
import { Turns } from './turns.ts';

/**
 * The queue of images' words (issue #33): each image a person keeps is read by a job of this
 * queue after the write that made it commits — an upload's, a capture's, an import's — so a
 * save never waits for it; images kept before there was reading are read by the backfill
 * (services/image-text.ts queueBackfill, a tick a minute). What a job does is
 * services/image-text.ts runImageText's (what is read, where it lands, when it fails); this
 * file holds the queue's name, payload, how jobs are sent and in which order they run.
 *
 * The order (pg-boss priority, higher first): new images before any of the backfill, so one
 * space's 10,000 old images never hold up another's upload; among new images, spaces take
 * turns (jobs/turns.ts, start-time fair queuing by space: a space that sent 500 images at
 * once holds 500 places, another's one image goes next); the backfill takes a few images of
 * each space in turn (its own priorities, below every new image's).
 *
 * The handler is services/image-text.ts's (through jobs/index.ts): that service sends the
 * backfill's jobs with this file's {@link sendImageTextJobs}, so this file may not import it
 * back (no import loops, issue #19 item 4).
 */
export const IMAGE_TEXT_QUEUE = 'image-text';

/** The payload: the image (sauce_images.id) to read. Checked as each job starts. */
export const imageTextPayload = z.object({ imageId: z.number().int() });

declare module './queue.ts' {
  interface JobPayloads {
    /** Issue #33: reads the words of one image; schema: ./image-text.ts imageTextPayload. */
    'image-text': z.infer<typeof imageTextPayload>;
  }
}

/**
 * What sending image-text jobs needs: the queue, whether images are read at all (config
 * IMAGE_TEXT), and how long a job may run before pg-boss fails it (its process died), s.
 */
export interface ImageTextSending {
  jobs: JobQueue;
  enabled: boolean;
  expireS: number;
}

/**
 * A reading whose engine has not used its deadline's CPU time after this many deadlines of
 * wall time was starved of the CPU (lib/text-reader.ts ReadStarvedError): tried again later.
 */
export const STARVED_AFTER = 10;

/**
 * The sending of the app's image-text jobs (`deps`: the app's job queue and configuration). A
 * job may run as long as an engine may take to start (60 s), a reading starved of the CPU may
 * wait ({@link STARVED_AFTER} deadlines) and three minutes more.
 */
export const imageTextSending = (deps: { jobs: JobQueue; config: Pick<Config, 'imageText'> }): ImageTextSending => ({
  jobs: deps.jobs,
  enabled: deps.config.imageText.enabled,
  expireS: 180 + Math.ceil((STARVED_AFTER * deps.config.imageText.timeoutMs) / 1000),
});

/** One image to read: its id and its space (whose turn it waits for). */
export interface ImageToRead {
  id: number;
  workspaceId: number;
}

/** The new images' line, by space (jobs/turns.ts: the places are per space id, not per person). */
const line = new Turns();

/**
 * Priority of the backfill's first job: below any new image's (jobs/turns.ts gives places
 * from 0 downwards, two a job; this is a billion jobs away), each later one of a batch lower.
 */
export const BACKFILL_PRIORITY = -2_000_000_000;

/**
 * Sends the jobs reading `images` — inside `tx` when given, so they exist only if the write
 * that made the images commits — as new images (`band` 'new': spaces take turns, ahead of
 * every backfill job) or the backfill's (`band` 'backfill': in the order given, after every
 * new image). One job of an image waits at a time (its singleton key, the queue's 'short'
 * policy). Nothing is sent when reading is off (config IMAGE_TEXT=false): the images stay
 * 'pending', for the backfill once it is on. One retry, 30 s later, for a job that failed
 * otherwise than by its image (a process that died, a reading starved of the CPU:
 * services/image-text.ts counts those).
 */
export async function sendImageTextJobs(
  sending: ImageTextSending | null | undefined,
  tx: Tx | undefined,
  images: readonly ImageToRead[],
  band: 'new' | 'backfill' = 'new',
): Promise<void> {
  if (!sending?.enabled || images.length === 0) return;
  await sending.jobs.ensureQueue(IMAGE_TEXT_QUEUE, { policy: 'short' });
  const jobs: JobToInsert[] = images.map((img, i) => ({
    name: IMAGE_TEXT_QUEUE,
    data: { imageId: img.id },
    options: {
      singletonKey: `image:${img.id}`,
      priority: band === 'new' ? line.next(img.workspaceId) : BACKFILL_PRIORITY - i,
      retryLimit: 1,
      retryDelay: 30,
      expireInSeconds: sending.expireS,
    },
  }));
  await sending.jobs.insert(jobs, tx);
}

/** The backfill's jobs waiting to run (created, or to retry), in every process. */
export async function backfillWaiting(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM pgboss.job
    WHERE name = ${IMAGE_TEXT_QUEUE} AND state IN ('created', 'retry') AND priority <= ${BACKFILL_PRIORITY / 2}`);
  return rows[0]?.n ?? 0;
}

/** Wakes this process's image-text workers (after the transaction that sent jobs committed), instead of at their next poll. */
export function wakeImageText(sending: ImageTextSending | null | undefined): void {
  if (sending?.enabled) sending.jobs.notify(IMAGE_TEXT_QUEUE);
}

/** What works one image-text job: services/image-text.ts runImageText. */
export type ImageTextRun = (data: z.infer<typeof imageTextPayload>, job: JobInfo) => Promise<unknown>;

/**
 * Starts this process's image-text workers: `workers` at once (config
 * IMAGE_TEXT_CONCURRENCY); each job's data is checked against {@link imageTextPayload} (a
 * ZodError fails it), its place noted in the line, then `run`. When the backfill's last
 * waiting job is done, its next batch is asked for at once (a job of 'image-text-backfill',
 * jobs/maintenance.ts), rather than at its next minute.
 */
export async function startImageTextJobs(jobs: JobQueue, db: Db, workers: number, run: ImageTextRun): Promise<void> {
  await jobs.ensureQueue(IMAGE_TEXT_QUEUE, { policy: 'short' });
  await jobs.work(
    IMAGE_TEXT_QUEUE,
    async (payload, job) => {
      const data = imageTextPayload.parse(payload);
      const backfill = job.priority <= BACKFILL_PRIORITY / 2;
      if (!backfill) line.started(job.priority);
      await run(data, job);
      if (backfill && (await backfillWaiting(db)) === 0) await jobs.send('image-text-backfill', {}, { singletonKey: 'next' });
    },
    { workers },
  );
}
