// An import's rows and their state (issue #8, #18, #22): the job's queue, lease and options, reading
// imports and their reports, cancelling, and what a run records (progress, report lines, the end).
import type { ImportChange, ImportFormat, ImportJob, ImportSkip, ImportSkipReason } from '@sauce/contract/account';
import type { Plan } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { isoUtc } from '../../db/sql.ts';
import { ImportNotPendingError, NotFoundError } from '../../errors.ts';
import type { ImageTextSending } from '../../jobs/image-text.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { deleteFiles } from '../images.ts';
import type { ImportEntry } from './entry.ts';
import { PATH_SEPARATOR, type PlannedFolder } from './folders.ts';

declare module '../../jobs/queue.ts' {
  interface JobPayloads {
    /** Works one import (import_jobs.id) for a while, then queues itself again if unfinished. */
    'account-import': { jobId: number };
  }
}

/** The background queue of imports. */
export const IMPORT_QUEUE = 'account-import';
/** Entries written per transaction (and read per query). */
const CHUNK = 500;
/**
 * The lease of a run on its import (issue #18): renewed every LEASE.renewMs while the run
 * works; an import 'running' with a lapsed lease was interrupted (its process died) and is
 * taken back by {@link reclaimImports}, which the job runner calls at start and every
 * LEASE.reclaimMs — so an interrupted import goes on (or fails) within about 40 s.
 */
export const LEASE = { seconds: 20, renewMs: 5_000, reclaimMs: 10_000 } as const;
/**
 * The queue's options of an import's job. A run that fails before taking its lease (the
 * database away) is retried by the queue; after that, the lease decides. A run works for
 * seconds; the queue's own expiry only ends a record the lease already took over.
 */
export const JOB_OPTIONS = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 } as const;

export interface ImportDeps {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  /** The installation's plan (config PLAN_*): sources and folders a space may hold. */
  plan: Plan;
  /** Issue #21: imported links keep a copy too (config LINK_COPIES), queued by the copy sweep. */
  copies: boolean;
  /** Issue #33: imported images without their words are read (jobs/image-text.ts). */
  imageText?: ImageTextSending;
  log?: FastifyBaseLogger;
}

type JobRow = {
  id: number;
  status: ImportJob['status'];
  format: ImportFormat;
  file_name: string;
  workspace_id: number;
  workspace_name: string | null;
  folder_id: number | null;
  folder_name: string | null;
  recreate_folders: boolean;
  total: number;
  processed: number;
  imported: number;
  skipped: number;
  changed: number;
  error_code: string | null;
  created_at: string;
  finished_at: string | null;
};

const JOB_COLUMNS = sql.raw(`j.id, j.status, j.format, j.file_name, j.workspace_id, w.name AS workspace_name,
  j.folder_id, f.name AS folder_name, j.recreate_folders, j.total, j.processed, j.imported, j.skipped, j.changed, j.error_code,
  ${isoUtc('j.created_at')} AS created_at,
  CASE WHEN j.finished_at IS NULL THEN NULL ELSE ${isoUtc('j.finished_at')} END AS finished_at`);
const JOB_FROM = sql.raw(`import_jobs j LEFT JOIN workspaces w ON w.id = j.workspace_id LEFT JOIN folders f ON f.id = j.folder_id`);

const present = (r: JobRow): ImportJob => ({
  id: r.id,
  status: r.status,
  format: r.format,
  fileName: r.file_name,
  workspace: r.workspace_name === null ? null : { id: r.workspace_id, name: r.workspace_name },
  folder: r.folder_id === null || r.folder_name === null ? null : { id: r.folder_id, name: r.folder_name },
  recreateFolders: r.recreate_folders,
  total: r.total,
  processed: r.processed,
  imported: r.imported,
  skipped: r.skipped,
  changed: r.changed,
  errorCode: r.error_code,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

/** One of the person's imports. @throws NOT_FOUND (404) for anyone else's. */
export async function getImport(db: Db | Tx, userId: number, id: number): Promise<ImportJob> {
  const { rows } = await db.execute<JobRow>(sql`SELECT ${JOB_COLUMNS} FROM ${JOB_FROM} WHERE j.id = ${id} AND j.user_id = ${userId}`);
  if (!rows[0]) throw NotFoundError('Import not found.');
  return present(rows[0]);
}

/** The person's latest imports, newest first (at most 10). */
export async function listImports(db: Db, userId: number): Promise<ImportJob[]> {
  const { rows } = await db.execute<JobRow>(
    sql`SELECT ${JOB_COLUMNS} FROM ${JOB_FROM} WHERE j.user_id = ${userId} ORDER BY j.created_at DESC, j.id DESC LIMIT 10`,
  );
  return rows.map(present);
}

/** A page of what an import of the person's did not import, in file order. @throws NOT_FOUND (404). */
export async function listSkips(db: Db, userId: number, id: number, q: { page: number; pageSize: number }) {
  const job = await getImport(db, userId, id);
  const { rows } = await db.execute<ImportSkip>(sql`
    SELECT title, url, reason FROM import_skips WHERE job_id = ${id} AND NOT imported
    ORDER BY position LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`);
  return { results: rows, count: job.skipped };
}

/** One line of an import's report: an entry skipped, or imported with changes. */
export type ReportRow = {
  position: number;
  title: string;
  url: string | null;
  reason: ImportSkipReason | 'changed';
  imported: boolean;
  details: ImportChange[] | null;
  folder: string | null;
};

/**
 * The lines of an import's report (issue #22 item 2), in file order, `size` at a time, for
 * the CSV (routes/account report). @throws NOT_FOUND (404) for anyone else's import.
 */
export async function* reportRows(db: Db, userId: number, id: number, size = 1000): AsyncGenerator<ReportRow[]> {
  await getImport(db, userId, id);
  for (let after = -1; ; ) {
    const { rows } = await db.execute<ReportRow>(sql`
      SELECT position, title, url, reason, imported, details, folder FROM import_skips
      WHERE job_id = ${id} AND position > ${after} ORDER BY position LIMIT ${size}`);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.position;
  }
}

/**
 * Whether the person has an import under way: queued (for at most 2 hours — one whose job
 * gave up no longer blocks), or running under a live lease. One left 'running' by a process
 * that died does not block (issue #18); a preview does not either.
 */
export async function hasImportUnderWay(db: Db | Tx, userId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM import_jobs WHERE user_id = ${userId}
      AND ((status = 'queued' AND created_at > now() - interval '2 hours') OR (status = 'running' AND lease_until > now()))
    LIMIT 1`);
  return rows.length > 0;
}

/** Where an import's entries go, as the person chose. */
export interface Destination {
  /** One folder of the space for every entry (then no folder is recreated). */
  folderId: number | null;
  /** The file's folders become the space's. */
  recreateFolders: boolean;
}

/** What became of each folder path of the file (path key → its plan with the folder's id), stored with the import. */
export type FolderMap = Record<string, PlannedFolder>;

/**
 * POST /account/import/{id}/cancel (issue #22 item 3): stops a previewed, queued or running
 * import. What it wrote before stays (and is in its report); its entries and stored file are
 * deleted. A run at work notices at its next chunk (its lease is gone) and writes nothing more.
 * @throws NOT_FOUND (404); IMPORT_NOT_PENDING (409) for an import that has ended.
 */
export async function cancelImport(deps: ImportDeps, userId: number, id: number): Promise<ImportJob> {
  await getImport(deps.db, userId, id);
  const fileKey = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ file_key: string | null }>(sql`
      WITH old AS (SELECT id, file_key FROM import_jobs WHERE id = ${id} AND user_id = ${userId} AND status IN ('preview', 'queued', 'running') FOR UPDATE)
      UPDATE import_jobs j SET status = 'cancelled', lease_token = NULL, lease_until = NULL, file_key = NULL, finished_at = now()
      FROM old WHERE j.id = old.id RETURNING old.file_key`);
    if (rows.length === 0) throw ImportNotPendingError();
    await tx.execute(sql`DELETE FROM import_entries WHERE job_id = ${id}`);
    return rows[0]!.file_key;
  });
  if (fileKey) await deleteFiles(deps.files, [fileKey], deps.log);
  return getImport(deps.db, userId, id);
}

/** A line of the report: an entry skipped (`reason`), or imported with `changes`. */
export interface Skip {
  position: number;
  entry: ImportEntry;
  reason: ImportSkipReason | 'changed';
  changes?: ImportChange[];
}

/** A run of an import's job: the import, where it goes, and the token of the run's lease. */
export interface Run {
  id: number;
  folderId: number | null;
  folderMap: FolderMap | null;
  token: string;
}

/** The run no longer holds its import's lease: another run has it, or the import was cancelled. */
export class LeaseLostError extends Error {}

/** An entry's folder paths flattened, for the report. */
const foldersText = (entry: ImportEntry) => (entry.folders ?? []).map((p) => p.join(PATH_SEPARATOR)).join('; ') || null;

/**
 * Records the report's lines (skipped entries, and entries imported with a change) and
 * moves the job's counters, inside the chunk's transaction.
 * @throws LeaseLostError when the run no longer holds the lease (the transaction then
 *   rolls back: nothing is written twice).
 */
export async function record(tx: Tx, run: Run, processed: number, imported: number, lines: Skip[]) {
  const jobId = run.id;
  for (let i = 0; i < lines.length; i += 1000) {
    const part = lines.slice(i, i + 1000);
    await tx.execute(sql`
      INSERT INTO import_skips (job_id, position, title, url, reason, imported, details, folder)
      SELECT ${jobId}, p, t, u, r, i, d::jsonb, f FROM unnest(
        ${sql.raw(`ARRAY[${part.map((s) => Math.trunc(s.position)).join(',')}]::int[]`)},
        ${sql.param(part.map((s) => s.entry.title))}::text[],
        ${sql.param(part.map((s) => s.entry.link ?? s.entry.rawLink ?? null))}::text[],
        ${sql.param(part.map((s) => s.reason))}::text[],
        ${sql.param(part.map((s) => s.reason === 'changed'))}::boolean[],
        ${sql.param(part.map((s) => (s.changes?.length ? JSON.stringify(s.changes) : null)))}::text[],
        ${sql.param(part.map((s) => foldersText(s.entry)))}::text[]) AS x(p, t, u, r, i, d, f)
      ON CONFLICT DO NOTHING`);
  }
  const changed = lines.filter((s) => s.reason === 'changed').length;
  const { rowCount } = await tx.execute(sql`
    UPDATE import_jobs SET processed = ${processed}, imported = imported + ${imported},
      skipped = skipped + ${lines.length - changed}, changed = changed + ${changed}
    WHERE id = ${jobId} AND lease_token = ${run.token}`);
  if (rowCount === 0) throw new LeaseLostError();
}

/** Marks the job finished, deletes its entries and its stored file. */
export async function finish(deps: ImportDeps, run: Run, fileKey: string | null, errorCode: string | null) {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE import_jobs SET status = ${errorCode ? 'failed' : 'done'}, error_code = ${errorCode}, file_key = NULL,
        lease_token = NULL, lease_until = NULL, finished_at = now()
      WHERE id = ${run.id} AND lease_token = ${run.token}`);
    await tx.execute(sql`DELETE FROM import_entries WHERE job_id = ${run.id}`);
  });
  if (fileKey) await deleteFiles(deps.files, [fileKey], deps.log);
}

/** Entries `from` … `from + CHUNK - 1` of an import, in file order. */
export async function readEntries(db: Db, jobId: number, from: number): Promise<ImportEntry[]> {
  const { rows } = await db.execute<{ entry: ImportEntry }>(sql`
    SELECT entry FROM import_entries WHERE job_id = ${jobId} AND position >= ${from} ORDER BY position LIMIT ${CHUNK}`);
  return rows.map((r) => r.entry);
}

/**
 * Takes the lease of a queued import for a new run (issue #18): only one run works an
 * import at a time, whichever queue job started it.
 * @returns the import, or null when it is not queued (done, failed, cancelled, or another run has it).
 */
export async function claim(db: Db, jobId: number, token: string) {
  const { rows } = await db.execute<{
    user_id: number;
    workspace_id: number;
    folder_id: number | null;
    folder_map: FolderMap | null;
    processed: number;
    total: number;
    file_key: string | null;
  }>(sql`
    UPDATE import_jobs SET status = 'running', lease_token = ${token}, lease_until = now() + make_interval(secs => ${LEASE.seconds})
    WHERE id = ${jobId} AND status = 'queued'
    RETURNING user_id, workspace_id, folder_id, folder_map, processed, total, file_key`);
  return rows[0] ?? null;
}
