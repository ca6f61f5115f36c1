import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps.ts';
import { imageTextSending } from './image-text.ts';
import { reclaimImports, runImport } from '../services/import/run.ts';
import { IMPORT_QUEUE, LEASE, type ImportDeps } from '../services/import/store.ts';
import { closeImportReader } from '../services/import/reader.ts';

/** Where imports' uploads wait while they are read: DATA_DIR/tmp/imports. */
export const importUploadDir = (dataDir: string) => path.join(dataDir, 'tmp', 'imports');

/** What an import needs of the app's `deps` (the plan, whether links keep copies), logging to `log`. */
export const importDepsOf = (deps: Pick<Deps, 'db' | 'files' | 'jobs' | 'config'>, log: FastifyBaseLogger): ImportDeps => ({
  db: deps.db,
  files: deps.files,
  jobs: deps.jobs,
  plan: deps.config.plan,
  copies: deps.config.linkPreview.copies,
  imageText: imageTextSending(deps),
  log,
});

/** Upload files of imports older than this are left by a process that died, ms. */
const STALE_UPLOAD_MS = 60 * 60_000;

/**
 * Deletes the files in `dir` (imports' uploads and their entries) older than an hour:
 * those of a process killed while it read them. Younger ones may be another process's.
 */
async function sweepUploads(dir: string, log: FastifyBaseLogger) {
  const names = await readdir(dir).catch(() => []);
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_UPLOAD_MS) await rm(file, { force: true }).catch((err: unknown) => log.warn({ err, file }, 'could not delete an old import upload'));
  }
}

/**
 * Starts the import worker of this process (issue #8): the 'account-import' queue's jobs,
 * each a slice of an import under its lease; and (issue #18) takes back the imports that a
 * process which died left 'running' — now, and every LEASE.reclaimMs, in every process
 * (rows are taken once), so an interrupted import goes on within about 40 s of its last
 * renewal and never blocks the person's next import. Deletes import uploads a process that
 * died left in `uploadDir`.
 * @returns what stops it (the server's close): the reclaim timer and the import reader process.
 */
export async function startImportJobs(deps: ImportDeps, uploadDir: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  await sweepUploads(uploadDir, log);
  await deps.jobs.work(IMPORT_QUEUE, ({ jobId }) => runImport(deps, jobId));
  const reclaim = () => reclaimImports(deps).catch((err: unknown) => log.warn({ err }, 'taking back interrupted imports failed'));
  await reclaim();
  const timer = setInterval(reclaim, LEASE.reclaimMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await closeImportReader();
  };
}
