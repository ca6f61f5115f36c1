import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Config } from '../config.ts';
import { reconcileFiles } from '../services/file-reconciliation.ts';
import { checkLinks } from '../services/link-health.ts';
import { queueWaitingLinks } from '../services/link-sweep.ts';
import { backfillSignatures, sweepImages } from '../services/images.ts';
import { queueBackfill } from '../services/image-text.ts';
import type { FileStore } from '../storage/file-store.ts';
import { imageTextSending } from './image-text.ts';
import type { JobQueue } from './queue.ts';

declare module './queue.ts' {
  interface JobPayloads {
    /** Deletes uploads never saved into a source, past their lifetime (services/images.ts). */
    'uploads-sweep': Record<string, never>;
    /** Removes files no row names and reports rows whose files are missing (issue #9 item 8). */
    'files-reconcile': Record<string, never>;
    /** Checks the saved links due for a check (issue #21 item 2, services/link-health.ts). */
    'link-health': Record<string, never>;
    /** Reads the palette and hash of images stored before they existed (issue #21 items 4, 5; services/images.ts). */
    'image-signatures': Record<string, never>;
    /**
     * Queues the link jobs no save sent: imports' copies (issue #21 item 1), and the previews and
     * copies of saves whose process stopped before sending them (issue #29; services/link-sweep.ts).
     * (Named before it swept previews too: the name of a schedule installs already hold.)
     */
    'link-copy-sweep': Record<string, never>;
    /** Queues the reading of saved images' words not read yet, spaces in turn (issue #33; services/image-text.ts). */
    'image-text-backfill': Record<string, never>;
  }
}

/*
 * Issue #30 keeps a file per queue; these six share one, as a family: each is a periodic
 * tick with no payload, scheduled here, whose handler is a call or two to its service (the
 * link jobs' sweep, services/link-sweep.ts queueWaitingLinks, sends ./link-read.ts jobs).
 * A file each would hold more declarations than work.
 */

/** Hourly, on the hour (UTC). */
const SWEEP_CRON = '0 * * * *';
/** Daily at 03:30 UTC. */
const RECONCILE_CRON = '30 3 * * *';
/** Daily at 04:15 UTC: the links last checked a week before (each link weekly, spread over the days). */
const LINK_HEALTH_CRON = '15 4 * * *';
/** Every minute (the copy sweep, and the images' words' backfill). */
const COPY_SWEEP_CRON = '* * * * *';
/** Longest an image-signatures job works before handing the rest to the next one, ms. */
const SIGNATURES_SLICE_MS = 2 * 60_000;
/** Longest a link-health job checks before handing the rest to the next one, ms. */
const LINK_HEALTH_SLICE_MS = 5 * 60_000;

/**
 * Starts the maintenance workers of a serving process (`npm start`; tests call the services
 * themselves): the sweep of unsaved uploads, hourly, and the reconciliation of files and
 * rows, daily, and the check of saved links due for one (issue #21 item 2), daily, and the
 * palettes and hashes of images stored before they existed (issue #21 items 4 and 5), and the
 * link jobs no save sent — imported links' copies (issue #21 item 1), and the previews and
 * copies of saves whose process stopped before sending them (issue #29) — a batch every
 * minute, and the words of saved images not read yet (issue #33, unless config IMAGE_TEXT is false), a few of each space every minute — each
 * scheduled once across all processes and worked by whichever takes them — and queues the
 * first two once at start (one per hour however many processes start).
 */
export async function startMaintenanceJobs(
  deps: { db: Db; files: FileStore; jobs: JobQueue; config: Pick<Config, 'metadataAllowPrivate' | 'linkPreview' | 'imageText'> },
  log: FastifyBaseLogger,
) {
  const { db, files, jobs } = deps;
  await jobs.work('uploads-sweep', async () => {
    const n = await sweepImages(db, files, undefined, log);
    if (n > 0) log.info(`swept ${n} unsaved uploads`);
  });
  // A pass lists the whole store: up to an hour before it is failed and tried again.
  await jobs.work('files-reconcile', async () => void (await reconcileFiles({ db, files, log })));
  // Links due for a check, a batch at a time for a slice of time; the rest in the next job.
  await jobs.work('link-health', async () => {
    const started = Date.now();
    let run = { checked: 0, broken: 0, more: true };
    while (run.more && Date.now() - started < LINK_HEALTH_SLICE_MS) {
      run = await checkLinks(db, { allowPrivate: deps.config.metadataAllowPrivate });
      if (run.broken > 0) log.info(`${run.broken} saved links found broken`);
    }
    if (run.more) await jobs.send('link-health', {}, { startAfter: 60 });
  });
  // Issue #21 items 4 and 5: images stored before palettes and hashes existed get theirs in
  // the background (in the image line's spare time: a thumbnail is small), a slice at a time.
  await jobs.work('image-signatures', async () => {
    const started = Date.now();
    let run = { done: 0, more: true };
    while (run.more && Date.now() - started < SIGNATURES_SLICE_MS) run = await backfillSignatures(db, files, log);
    if (run.more) await jobs.send('image-signatures', {}, { startAfter: 5 });
  });
  await jobs.send('image-signatures', {}, { singletonKey: 'start', singletonHours: 1 });
  // Issue #21 item 1: imported links' copies, and (issue #29) the link jobs of saves whose
  // process stopped before sending them: a batch a minute, fairly between spaces.
  const linkSending = { jobs, ...deps.config.linkPreview };
  await jobs.work('link-copy-sweep', async () => void (await queueWaitingLinks(db, linkSending)));
  await jobs.schedule('link-copy-sweep', COPY_SWEEP_CRON, {}, { expireInSeconds: 50 });
  // Issue #33: images kept before their words were read (or while reading was off), spaces in turn.
  if (deps.config.imageText.enabled) {
    const sending = imageTextSending(deps);
    await jobs.work('image-text-backfill', async () => void (await queueBackfill(db, sending)));
    await jobs.schedule('image-text-backfill', COPY_SWEEP_CRON, {}, { expireInSeconds: 50 });
    await jobs.send('image-text-backfill', {}, { singletonKey: 'start', singletonSeconds: 60 });
  }
  await jobs.schedule('link-health', LINK_HEALTH_CRON, {}, { expireInSeconds: 900 });
  await jobs.schedule('uploads-sweep', SWEEP_CRON, {});
  const reconcile = { expireInSeconds: 3600, retryLimit: 1 };
  await jobs.schedule('files-reconcile', RECONCILE_CRON, {}, reconcile);
  await jobs.send('uploads-sweep', {}, { singletonKey: 'start', singletonHours: 1 });
  await jobs.send('files-reconcile', {}, { ...reconcile, singletonKey: 'start', singletonHours: 1 });
}
