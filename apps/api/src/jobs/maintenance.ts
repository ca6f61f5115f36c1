import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { reconcileFiles } from '../services/file-reconciliation.ts';
import { sweepImages } from '../services/images.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { JobQueue } from './queue.ts';

declare module './queue.ts' {
  interface JobPayloads {
    /** Deletes uploads never saved into a source, past their lifetime (services/images.ts). */
    'uploads-sweep': Record<string, never>;
    /** Removes files no row names and reports rows whose files are missing (issue #9 item 8). */
    'files-reconcile': Record<string, never>;
  }
}

/** Hourly, on the hour (UTC). */
const SWEEP_CRON = '0 * * * *';
/** Daily at 03:30 UTC. */
const RECONCILE_CRON = '30 3 * * *';

/**
 * Starts the maintenance workers of a serving process (`npm start`; tests call the services
 * themselves): the sweep of unsaved uploads, hourly, and the reconciliation of files and
 * rows, daily — both scheduled once across all processes and worked by whichever takes
 * them — and queues each once at start (one per hour however many processes start).
 */
export async function startMaintenanceJobs(deps: { db: Db; files: FileStore; jobs: JobQueue }, log: FastifyBaseLogger) {
  const { db, files, jobs } = deps;
  await jobs.work('uploads-sweep', async () => {
    const n = await sweepImages(db, files, undefined, log);
    if (n > 0) log.info(`swept ${n} unsaved uploads`);
  });
  // A pass lists the whole store: up to an hour before it is failed and tried again.
  await jobs.work('files-reconcile', async () => void (await reconcileFiles({ db, files, log })));
  await jobs.schedule('uploads-sweep', SWEEP_CRON, {});
  const reconcile = { expireInSeconds: 3600, retryLimit: 1 };
  await jobs.schedule('files-reconcile', RECONCILE_CRON, {}, reconcile);
  await jobs.send('uploads-sweep', {}, { singletonKey: 'start', singletonHours: 1 });
  await jobs.send('files-reconcile', {}, { ...reconcile, singletonKey: 'start', singletonHours: 1 });
}
