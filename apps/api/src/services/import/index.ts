import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import type { ImportChange, ImportFormat, ImportJob, ImportPreview, ImportSkip, ImportSkipReason } from '@sauce/contract/account';
import type { Plan } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { importJobs } from '../../db/schema.ts';
import { isoUtc } from '../../db/sql.ts';
import { AppError, ImportInProgressError, ImportNotPendingError, NotFoundError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Ticket } from '../../lib/fair-queue.ts';
import { lines } from '../../lib/lines.ts';
import { openZip, type ZipArchive } from '../../lib/zip.ts';
import { lockPerson } from '../../db/locks.ts';
import { authorizeWorkspace, lockMembership, type Membership } from '../../policies/workspace.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { notifyWorkspace } from '../events.ts';
import { assertFoldersInWorkspace } from '../folders.ts';
import { deleteFiles, imageFileKeys, setSauceImages, uploadImage } from '../images.ts';
import { isSourcesLimit, type NewSource, sourcesIn, writeSources } from '../sauces/write.ts';
import { pathKey, type ImportEntry } from './entry.ts';
import { planFolders, PATH_SEPARATOR, type PlannedFolder } from './folders.ts';
import { ZIP_LIMITS } from './parse.ts';
import { readImportFile } from './reader.ts';

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
 * How long one run of a job works before it queues itself again behind other people's
 * imports (fairness: a big import does not hold a worker while others wait), ms.
 */
export const IMPORT_SLICE_MS = 10_000;
/**
 * The lease of a run on its import (issue #18): renewed every LEASE.renewMs while the run
 * works; an import 'running' with a lapsed lease was interrupted (its process died) and is
 * taken back by {@link reclaimImports}, which the job runner calls at start and every
 * LEASE.reclaimMs — so an interrupted import goes on (or fails) within about 40 s.
 */
export const LEASE = { seconds: 20, renewMs: 5_000, reclaimMs: 10_000 } as const;
/** Runs that may end without finishing (a crash, an unexpected error) before the import is failed. */
const MAX_ATTEMPTS = 3;
/** A preview nobody started is deleted after this long (with its entries and stored file), hours. */
export const PREVIEW_HOURS = 24;
/**
 * The queue's options of an import's job. A run that fails before taking its lease (the
 * database away) is retried by the queue; after that, the lease decides. A run works for
 * seconds; the queue's own expiry only ends a record the lease already took over.
 */
const JOB_OPTIONS = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 } as const;

export interface ImportDeps {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  /** The installation's plan (config PLAN_*): sources and folders a space may hold. */
  plan: Plan;
  /** Issue #21: imported links keep a copy too (config LINK_COPIES), queued by the copy sweep. */
  copies: boolean;
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
async function hasImportUnderWay(db: Db | Tx, userId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM import_jobs WHERE user_id = ${userId}
      AND ((status = 'queued' AND created_at > now() - interval '2 hours') OR (status = 'running' AND lease_until > now()))
    LIMIT 1`);
  return rows.length > 0;
}

/** Where an import's entries go, as the person chose. */
interface Destination {
  /** One folder of the space for every entry (then no folder is recreated). */
  folderId: number | null;
  /** The file's folders become the space's. */
  recreateFolders: boolean;
}

/**
 * POST /account/import (issue #8, #22): reads the uploaded file whole in the import
 * reader's process (reader.ts, issue #18: never on the event loop; parse.ts: format by
 * shape, damaged files refused, at most 10,000 entries) when `ticket`'s turn comes, then
 * records the import and its entries (`import_entries`) in one transaction — so a bad file
 * writes nothing. With `preview` the import waits as a preview (nothing written to the
 * space; the person's earlier previews are deleted); otherwise it is started at once
 * ({@link queueImport}: folders recreated, job queued) in the same transaction. A Sauce
 * export with images keeps its ZIP in the file store (`imports/<32 hex>.zip`) until the job
 * is done.
 * @param m the person's membership of the target space, checked for 'createSauce'.
 * @param input.path the file the upload was streamed to (the caller deletes it);
 *   `input.ticket` the import's place in the line (reader.ts admitImport; the caller releases it).
 * @throws IMPORT_FILE_INVALID (400), LIMIT_REACHED (422), FOLDER_NOT_FOUND (404),
 *   IMPORT_IN_PROGRESS (409, only when starting at once).
 */
export async function startImport(
  deps: ImportDeps,
  m: Membership,
  input: { folderId?: number; claimed?: ImportFormat; fileName: string; path: string; ticket: Ticket; preview?: boolean; recreateFolders?: boolean },
): Promise<ImportJob> {
  if (input.folderId !== undefined) await assertFoldersInWorkspace(deps.db, m.workspaceId, [input.folderId]);
  if (!input.preview && (await hasImportUnderWay(deps.db, m.userId))) throw ImportInProgressError();
  const destination: Destination = { folderId: input.folderId ?? null, recreateFolders: input.folderId === undefined && input.recreateFolders !== false };
  const stale: string[] = [];
  // Recorded within the turn too: one import's entries are sent to the database at a time.
  const id = await input.ticket.run(async () => {
    const entries = `${input.path}.entries`;
    try {
      const file = await readImportFile({ path: input.path, claimed: input.claimed, out: entries });
      const fileKey = file.keepFile ? `imports/${randomBytes(16).toString('hex')}.zip` : null;
      if (fileKey) await deps.files.put(fileKey, await readFile(input.path), 'application/octet-stream');
      try {
        return await deps.db.transaction(async (tx) => {
          stale.length = 0;
          // The lock order (db/locks.ts): the person (one import at a time), then the space,
          // with the role as it is now (issue #18: a member demoted meanwhile starts nothing).
          await lockPerson(tx, m.userId);
          await lockMembership(tx, m);
          if (!input.preview && (await hasImportUnderWay(tx, m.userId))) throw ImportInProgressError();
          const { rows: old } = await tx.execute<{ file_key: string | null }>(sql`
            DELETE FROM import_jobs WHERE user_id = ${m.userId} AND status = 'preview' RETURNING file_key`);
          stale.push(...old.flatMap((r) => (r.file_key ? [r.file_key] : [])));
          const [job] = await tx
            .insert(importJobs)
            .values({
              userId: m.userId,
              workspaceId: m.workspaceId,
              folderId: destination.folderId,
              format: file.format,
              status: 'preview',
              // U+0000 is the one character PostgreSQL's text cannot hold (issue #18).
              fileName: input.fileName.replace(/\0/g, '').slice(0, 255) || 'import',
              fileKey,
              total: file.total,
              fileFolders: file.folders ?? null,
            })
            .returning({ id: importJobs.id });
          // A line (a JSON array of up to 500 entries, at most about 1 MiB) per statement.
          let position = 0;
          for await (const line of lines(createReadStream(entries))) {
            const { rowCount } = await tx.execute(sql`
              INSERT INTO import_entries (job_id, position, entry)
              SELECT ${job!.id}, ${position} + e.ord - 1, e.value FROM jsonb_array_elements(${line}::jsonb) WITH ORDINALITY AS e(value, ord)`);
            position += rowCount ?? 0;
          }
          if (!input.preview) await queueImport(tx, deps, m, job!.id, destination);
          return job!.id;
        });
      } catch (e) {
        if (fileKey) await deleteFiles(deps.files, [fileKey], deps.log);
        throw e;
      }
    } finally {
      await rm(entries, { force: true });
    }
  });
  await deleteFiles(deps.files, stale, deps.log);
  return getImport(deps.db, m.userId, id);
}

/**
 * The distinct folder paths of an import: those its file declares (a Sauce export's, in
 * their order, empty ones included), then its entries', in file order.
 */
async function folderPaths(db: Db | Tx, jobId: number): Promise<string[][]> {
  const { rows: job } = await db.execute<{ file_folders: string[][] | null }>(sql`SELECT file_folders FROM import_jobs WHERE id = ${jobId}`);
  const { rows } = await db.execute<{ folders: string[][] }>(sql`
    SELECT entry->'folders' AS folders FROM import_entries WHERE job_id = ${jobId} AND entry ? 'folders' ORDER BY position`);
  const seen = new Map<string, string[]>();
  for (const p of [...(job[0]?.file_folders ?? []), ...rows.flatMap((r) => r.folders)]) if (!seen.has(pathKey(p))) seen.set(pathKey(p), p);
  return [...seen.values()];
}

/** The space's folders by name, and how many it has. */
async function spaceFolders(db: Db | Tx, workspaceId: number): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`SELECT id, name FROM folders WHERE workspace_id = ${workspaceId}`);
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** What became of each folder path of the file (path key → its plan with the folder's id), stored with the import. */
type FolderMap = Record<string, PlannedFolder>;

/**
 * Starts a previewed import in `tx`, which holds the person's and the space's locks: with
 * `recreateFolders`, the file's folders are planned (folders.ts planFolders: names, the
 * space's folders of the same name, the plan's folder limit counted under the lock) and the
 * new ones created at the end of the order; then the import is queued with where it goes.
 */
async function queueImport(tx: Tx, deps: ImportDeps, m: Membership, jobId: number, to: Destination) {
  let folderMap: FolderMap | null = null;
  if (to.recreateFolders && to.folderId === null) {
    const existing = await spaceFolders(tx, m.workspaceId);
    const plan = planFolders(await folderPaths(tx, jobId), existing, deps.plan.folders);
    folderMap = {};
    let order = existing.size;
    for (const [key, folder] of plan) {
      if (folder.status === 'new') {
        const { rows } = await tx.execute<{ id: number }>(sql`
          INSERT INTO folders (workspace_id, name, "order") VALUES (${m.workspaceId}, ${folder.name}, ${++order}) RETURNING id`);
        folder.id = rows[0]!.id;
      }
      folderMap[key] = folder;
    }
    if (order > existing.size) await notifyWorkspace(tx, m.workspaceId, { type: 'folders', actorId: m.userId });
  }
  await tx.execute(sql`
    UPDATE import_jobs SET status = 'queued', workspace_id = ${m.workspaceId}, folder_id = ${to.folderId},
      recreate_folders = ${folderMap !== null}, folder_map = ${folderMap === null ? null : JSON.stringify(folderMap)}::jsonb, created_at = now()
    WHERE id = ${jobId}`);
  await deps.jobs.send(IMPORT_QUEUE, { jobId }, { tx, ...JOB_OPTIONS });
}

/**
 * POST /account/import/{id}/start (issue #22 item 3): imports a previewed file into the
 * space and folder the person chose, or into its own folders (recreated), after the preview.
 * In one transaction holding the person's lock, then the space's (the lock order).
 * @throws NOT_FOUND (404) for another person's import or a space they are not in;
 *   403 for a space they may not add to; FOLDER_NOT_FOUND (404); IMPORT_NOT_PENDING (409)
 *   when it is no longer a preview; IMPORT_IN_PROGRESS (409) while another of theirs runs.
 */
export async function beginImport(deps: ImportDeps, userId: number, id: number, input: { workspace: number; folder?: number | null; recreateFolders: boolean }) {
  await getImport(deps.db, userId, id);
  const m = await authorizeWorkspace(deps.db, userId, input.workspace, 'createSauce');
  const folderId = input.folder ?? null;
  if (folderId !== null) await assertFoldersInWorkspace(deps.db, m.workspaceId, [folderId]);
  await deps.db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    await lockMembership(tx, m);
    const { rows } = await tx.execute(sql`SELECT 1 FROM import_jobs WHERE id = ${id} AND user_id = ${userId} AND status = 'preview' FOR UPDATE`);
    if (rows.length === 0) throw ImportNotPendingError();
    if (await hasImportUnderWay(tx, userId)) throw ImportInProgressError();
    if (folderId !== null) await assertFoldersInWorkspace(tx, m.workspaceId, [folderId]);
    await queueImport(tx, deps, m, id, { folderId, recreateFolders: folderId === null && input.recreateFolders });
  });
  return getImport(deps.db, userId, id);
}

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

/**
 * The keys already taken in a space: imported sources' keys, and those of its sources made
 * by hand (entry.ts linkKey, noteKey, imageKey), computed by PostgreSQL so that a large
 * space's texts never travel (issue #24).
 */
async function takenKeys(db: Db | Tx, workspaceId: number): Promise<Set<string>> {
  const hash = (s: string) => `encode(sha256(convert_to(${s}, 'UTF8')), 'hex')`;
  const { rows } = await db.execute<{ import_key: string | null; key: string }>(sql`
    SELECT import_key, CASE
      WHEN type = 'IMAGE' THEN 'image:' || ${sql.raw(hash(`title || E'\\n' || ${isoUtc('created_at')}`))}
      WHEN link IS NOT NULL THEN 'link:' || link
      ELSE 'note:' || ${sql.raw(hash(`title || E'\\n' || COALESCE(text, '')`))} END AS key
    FROM sauces WHERE workspace_id = ${workspaceId}`);
  const keys = new Set<string>();
  for (const r of rows) {
    if (r.import_key) keys.add(r.import_key);
    keys.add(r.key);
  }
  return keys;
}

/** What the preview needs of an entry. */
type EntrySummary = { key: string; skip: ImportSkipReason | null; folders: string[][] | null; changed: boolean };

/**
 * GET /account/import/{id}/preview (issue #22 item 3): what importing this file into a space
 * would do, nothing written — the same decisions the run takes (skips, duplicates against
 * the space, the plan's room, the folders' names and the folder limit), counted.
 * @throws NOT_FOUND (404); 403 for a space the person may not add to; IMPORT_NOT_PENDING
 *   (409) when it is no longer a preview.
 */
export async function previewImport(deps: ImportDeps, userId: number, id: number, q: { workspace: number; recreateFolders: boolean }): Promise<ImportPreview> {
  const job = await getImport(deps.db, userId, id);
  if (job.status !== 'preview') throw ImportNotPendingError();
  const m = await authorizeWorkspace(deps.db, userId, q.workspace, 'createSauce');
  const { rows: entries } = await deps.db.execute<EntrySummary>(sql`
    SELECT entry->>'key' AS key, entry->>'skip' AS skip, entry->'folders' AS folders,
      COALESCE(jsonb_array_length(entry->'changes'), 0) > 0 AS changed
    FROM import_entries WHERE job_id = ${id} ORDER BY position`);
  const { rows: space } = await deps.db.execute<{ name: string }>(sql`SELECT name FROM workspaces WHERE id = ${m.workspaceId}`);
  const existing = await spaceFolders(deps.db, m.workspaceId);
  const taken = await takenKeys(deps.db, m.workspaceId);
  const sourcesInSpace = await sourcesIn(deps.db as unknown as Tx, m.workspaceId);
  let room = deps.plan.sources === null ? Number.POSITIVE_INFINITY : Math.max(0, deps.plan.sources - sourcesInSpace);

  const plan = planFolders(await folderPaths(deps.db, id), existing, deps.plan.folders);
  const perFolder = new Map<string, { entries: number; importing: number }>([...plan.keys()].map((k) => [k, { entries: 0, importing: 0 }]));
  const skipped = new Map<ImportSkipReason, number>();
  let importing = 0;
  let changed = 0;
  let unfiled = 0;
  for (const e of entries) {
    let reason: ImportSkipReason | null = e.skip;
    if (!reason && taken.has(e.key)) reason = 'duplicate';
    if (!reason && room <= 0) reason = 'limit';
    if (!e.folders?.length) unfiled++;
    for (const p of e.folders ?? []) {
      const f = perFolder.get(pathKey(p))!;
      f.entries++;
      if (!reason) f.importing++;
    }
    if (reason) {
      skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
      continue;
    }
    importing++;
    taken.add(e.key);
    room--;
    const folderChange = q.recreateFolders && (e.folders ?? []).some((p) => {
      const f = plan.get(pathKey(p))!;
      return f.status === 'overLimit' || f.name !== f.path;
    });
    if (e.changed || folderChange) changed++;
  }
  return {
    id,
    format: job.format,
    fileName: job.fileName,
    total: job.total,
    workspace: { id: m.workspaceId, name: space[0]!.name },
    recreateFolders: q.recreateFolders,
    plan: { sources: deps.plan.sources, folders: deps.plan.folders },
    sourcesInSpace,
    foldersInSpace: existing.size,
    importing,
    skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
    changed,
    folders: [...plan].map(([key, f]) => ({ path: f.path, name: f.name, status: f.status, ...perFolder.get(key)! })),
    unfiled,
  };
}

/** A line of the report: an entry skipped (`reason`), or imported with `changes`. */
interface Skip {
  position: number;
  entry: ImportEntry;
  reason: ImportSkipReason | 'changed';
  changes?: ImportChange[];
}

/** A run of an import's job: the import, where it goes, and the token of the run's lease. */
interface Run {
  id: number;
  folderId: number | null;
  folderMap: FolderMap | null;
  token: string;
}

/** The run no longer holds its import's lease: another run has it, or the import was cancelled. */
class LeaseLostError extends Error {}

/** An entry's folder paths flattened, for the report. */
const foldersText = (entry: ImportEntry) => (entry.folders ?? []).map((p) => p.join(PATH_SEPARATOR)).join('; ') || null;

/**
 * Records the report's lines (skipped entries, and entries imported with a change) and
 * moves the job's counters, inside the chunk's transaction.
 * @throws LeaseLostError when the run no longer holds the lease (the transaction then
 *   rolls back: nothing is written twice).
 */
async function record(tx: Tx, run: Run, processed: number, imported: number, lines: Skip[]) {
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

/** Sources left in the locked space under the plan (SPEC §9: 100). */
async function roomIn(tx: Tx, workspaceId: number, limit: number | null): Promise<number> {
  return limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit - (await sourcesIn(tx, workspaceId)));
}

/**
 * Where an entry goes and what changed on the way there: the run's one folder, or its own
 * folders as the import's folder map made them (a shortened name and a folder the plan did
 * not allow are changes of the report); a folder deleted meanwhile is left out.
 */
function placeOf(run: Run, entry: ImportEntry, alive: Set<number>): { folderIds: number[]; changes: ImportChange[] } {
  if (!run.folderMap) return { folderIds: run.folderId !== null && alive.has(run.folderId) ? [run.folderId] : [], changes: [] };
  const folderIds: number[] = [];
  const changes: ImportChange[] = [];
  for (const p of entry.folders ?? []) {
    const f = run.folderMap[pathKey(p)];
    if (!f) continue;
    if (f.status === 'overLimit' || f.id === null) changes.push({ code: 'folderNotCreated', folder: f.path });
    else {
      if (alive.has(f.id) && !folderIds.includes(f.id)) folderIds.push(f.id);
      if (f.name !== f.path) changes.push({ code: 'folderRenamed', from: f.path, to: f.name });
    }
  }
  return { folderIds, changes };
}

/** The folders among `ids` still in the space. */
async function aliveFolders(tx: Tx, workspaceId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await tx.execute<{ id: number }>(sql`
    SELECT id FROM folders WHERE workspace_id = ${workspaceId} AND id = ANY(${sql.raw(`ARRAY[${ids.map((n) => Math.trunc(n)).join(',')}]::int[]`)})`);
  return new Set(rows.map((r) => r.id));
}

/** Every folder id a run may put entries in. */
const runFolderIds = (run: Run) =>
  run.folderMap ? Object.values(run.folderMap).flatMap((f) => (f.id === null ? [] : [f.id])) : run.folderId === null ? [] : [run.folderId];

/**
 * Writes a run of text entries (bookmarks, notes) in one transaction holding the space's
 * lock: the plan's room is counted under the lock, an entry already in the space (same
 * link, same note, or made by an earlier run) is skipped as a duplicate — also against an
 * import running at the same time (unique index on the import key); entries go into their
 * folders; skips and changes become lines of the report.
 */
async function importTexts(
  db: Db,
  limit: number | null,
  copies: boolean,
  m: Membership,
  run: Run,
  entries: ImportEntry[],
  start: number,
  keys: Set<string>,
) {
  return writeSources(db, async (tx, write) => {
    await lockMembership(tx, m);
    let room = await roomIn(tx, m.workspaceId, limit);
    const alive = await aliveFolders(tx, m.workspaceId, runFolderIds(run));
    const lines: Skip[] = [];
    const wanted: { position: number; entry: ImportEntry; folderIds: number[]; changes: ImportChange[] }[] = [];
    entries.forEach((entry, i) => {
      const position = start + i;
      if (entry.skip) lines.push({ position, entry, reason: entry.skip });
      else if (keys.has(entry.key)) lines.push({ position, entry, reason: 'duplicate' });
      else if (room <= 0) lines.push({ position, entry, reason: 'limit' });
      else {
        const place = placeOf(run, entry, alive);
        wanted.push({ position, entry, folderIds: place.folderIds, changes: [...(entry.changes ?? []), ...place.changes] });
        keys.add(entry.key);
        room--;
      }
    });
    // One statement of arrays for the sources, one each for their tags and folders (sauces/write.ts).
    const ids = await write.insert(m, { from: 'import', copies }, wanted.map((w) => imported(w.entry, w.folderIds)), limit);
    let made = 0;
    wanted.forEach((w, i) => {
      if (ids[i] === null) lines.push({ position: w.position, entry: w.entry, reason: 'duplicate' });
      else {
        made++;
        if (w.changes.length) lines.push({ position: w.position, entry: w.entry, reason: 'changed', changes: w.changes });
      }
    });
    await record(tx, run, start + entries.length, made, lines);
    return made;
  });
}

/** The source an entry makes (sauces/write.ts): the file's title, description and image as its link's preview, its dates, its import key. */
const imported = (entry: ImportEntry, folderIds: number[]): NewSource => ({
  type: entry.images ? 'IMAGE' : 'TEXT',
  title: entry.title,
  text: entry.text,
  link: entry.images ? null : entry.link,
  page: { title: entry.linkTitle ?? '', description: entry.description ?? '', image: entry.image ?? null },
  tags: entry.tags,
  folderIds,
  importKey: entry.key,
  createdAt: entry.createdAt,
  updatedAt: entry.updatedAt,
});

/**
 * Writes one image source of a Sauce export: its images are read from the stored ZIP and
 * stored like uploads (outside the transaction: they take a second each), then the source
 * is saved with them and their comments (as the importing person's, each keeping its
 * author's nickname as the export names it). When it cannot be saved after all (the space
 * filled up meanwhile), its uploads are deleted again.
 */
async function importImage(
  deps: ImportDeps,
  m: Membership,
  run: Run,
  entry: ImportEntry,
  position: number,
  keys: Set<string>,
  zip: ZipArchive | null,
) {
  const skip = (reason: ImportSkipReason) =>
    deps.db.transaction((tx) => record(tx, run, position + 1, 0, [{ position, entry, reason }]));
  if (keys.has(entry.key)) return skip('duplicate');
  const room = await deps.db.transaction((tx) => roomIn(tx, m.workspaceId, deps.plan.sources));
  if (room <= 0) return skip('limit');
  const uploads: { id: number; keys: string[]; kept: boolean }[] = [];
  const cleanup = async () => {
    if (!uploads.length) return;
    await deps.db.execute(sql`DELETE FROM sauce_images WHERE id = ANY(${sql.raw(`ARRAY[${uploads.map((u) => u.id).join(',')}]::int[]`)}) AND sauce_id IS NULL`);
    await deleteFiles(deps.files, uploads.flatMap((u) => u.keys), deps.log);
  };
  try {
    for (const image of entry.images ?? []) {
      const file = zip?.entries.get(image.file);
      if (!zip || !file) throw new Error('missing');
      const row = await uploadImage(deps.db, deps.files, m, await zip.read(file));
      uploads.push({ id: row.id, keys: imageFileKeys(row), kept: row.originalKept });
    }
  } catch (err) {
    deps.log?.warn({ err, jobId: run.id, position }, 'import: image not usable');
    await cleanup();
    return skip('invalidImage');
  }
  try {
    await writeSources(deps.db, async (tx, write) => {
      await lockMembership(tx, m);
      if (keys.has(entry.key)) throw new SkipError('duplicate');
      const place = placeOf(run, entry, await aliveFolders(tx, m.workspaceId, runFolderIds(run)));
      const inputs = (entry.images ?? []).map((image, i) => ({
        id: uploads[i]!.id,
        comments: image.comments.map((c) => ({
          id: `c${c.id}`,
          message: c.message,
          x: c.x,
          y: c.y,
          parent: c.parent === null ? null : `c${c.parent}`,
        })),
      }));
      const contents = async (tx: Tx, id: number) => {
        const { byteSize } = await setSauceImages(tx, m, id, inputs);
        await keepCommentAuthors(tx, id, entry);
        return byteSize;
      };
      const [id] = await write.insert(m, { from: 'import', copies: deps.copies }, [{ ...imported(entry, place.folderIds), contents }], deps.plan.sources).catch((e: unknown) => {
        throw isSourcesLimit(e) ? new SkipError('limit') : e;
      });
      if (!id) throw new SkipError('duplicate');
      const reencoded: ImportChange[] = uploads.some((u) => !u.kept) ? [{ code: 'imageReencoded' }] : [];
      const changes = [...(entry.changes ?? []), ...place.changes, ...reencoded];
      await record(tx, run, position + 1, 1, changes.length ? [{ position, entry, reason: 'changed', changes }] : []);
    });
    keys.add(entry.key);
  } catch (e) {
    await cleanup();
    if (e instanceof SkipError) return skip(e.reason);
    if (e instanceof AppError && e.status < 500 && e.code !== 'NOT_FOUND' && e.code !== 'NOT_AUTHORIZED') {
      // A comment the export holds that the rules refuse (a reply of a reply…): the image source is skipped.
      return skip('invalidImage');
    }
    throw e;
  }
}

/**
 * Gives the comments of an imported image source back their authors' nicknames and dates as
 * the export names them (`image_comments.imported_author`), in the order they were saved.
 */
async function keepCommentAuthors(tx: Tx, sauceId: number, entry: ImportEntry) {
  if (!(entry.images ?? []).some((i) => i.comments.some((c) => c.author || c.createdAt))) return;
  // setSauceImages saved image n at position n, and its comment k at position k.
  const { rows } = await tx.execute<{ id: number; image: number; comment: number }>(sql`
    SELECT c.id, i.position AS image, c.position AS comment FROM image_comments c JOIN sauce_images i ON i.id = c.image_id
    WHERE i.sauce_id = ${sauceId}`);
  for (const row of rows) {
    const c = entry.images?.[row.image]?.comments[row.comment];
    if (!c) continue;
    const when = c.createdAt && !Number.isNaN(Date.parse(c.createdAt)) ? new Date(c.createdAt).toISOString() : null;
    await tx.execute(sql`
      UPDATE image_comments SET imported_author = ${c.author || null}, created_at = COALESCE(${when}::timestamptz, created_at)
      WHERE id = ${row.id}`);
  }
}

class SkipError extends Error {
  constructor(readonly reason: ImportSkipReason) {
    super(reason);
  }
}

/** Marks the job finished, deletes its entries and its stored file. */
async function finish(deps: ImportDeps, run: Run, fileKey: string | null, errorCode: string | null) {
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
async function readEntries(db: Db, jobId: number, from: number): Promise<ImportEntry[]> {
  const { rows } = await db.execute<{ entry: ImportEntry }>(sql`
    SELECT entry FROM import_entries WHERE job_id = ${jobId} AND position >= ${from} ORDER BY position LIMIT ${CHUNK}`);
  return rows.map((r) => r.entry);
}

/**
 * Takes the lease of a queued import for a new run (issue #18): only one run works an
 * import at a time, whichever queue job started it.
 * @returns the import, or null when it is not queued (done, failed, cancelled, or another run has it).
 */
async function claim(db: Db, jobId: number, token: string) {
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

/**
 * Takes imports back from runs that ended without finishing (issue #18): the one of run
 * `only`, or else every 'running' import whose lease lapsed — its process died. Each
 * is queued again to go on from its last committed chunk, or failed with `INTERRUPTED`
 * after MAX_ATTEMPTS such ends (its entries and stored file deleted). Safe to run in
 * several processes at once (rows are taken with SKIP LOCKED). Previews nobody started
 * within PREVIEW_HOURS are deleted (issue #22).
 * @param only a run that gives its import back itself: only that import, if it still holds it.
 * @returns how many imports were queued again and failed.
 */
export async function reclaimImports(deps: ImportDeps, only?: Run): Promise<{ queued: number; failed: number }> {
  const rows = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number; status: string; file_key: string | null }>(sql`
      WITH ended AS (
        SELECT id, file_key FROM import_jobs
        WHERE status = 'running'
          AND ${only ? sql`id = ${only.id} AND lease_token = ${only.token}` : sql`(lease_until IS NULL OR lease_until < now())`}
        FOR UPDATE SKIP LOCKED)
      UPDATE import_jobs j SET attempts = j.attempts + 1, lease_token = NULL, lease_until = NULL,
        status = CASE WHEN j.attempts + 1 >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'queued' END,
        error_code = CASE WHEN j.attempts + 1 >= ${MAX_ATTEMPTS} THEN 'INTERRUPTED' END,
        finished_at = CASE WHEN j.attempts + 1 >= ${MAX_ATTEMPTS} THEN now() END,
        file_key = CASE WHEN j.attempts + 1 >= ${MAX_ATTEMPTS} THEN NULL ELSE j.file_key END
      FROM ended WHERE j.id = ended.id
      RETURNING j.id, j.status, ended.file_key`);
    for (const r of rows) {
      if (r.status === 'queued') await deps.jobs.send(IMPORT_QUEUE, { jobId: r.id }, { tx, ...JOB_OPTIONS, startAfter: only ? 5 : 0 });
      else await tx.execute(sql`DELETE FROM import_entries WHERE job_id = ${r.id}`);
    }
    return rows;
  });
  const failed = rows.filter((r) => r.status === 'failed');
  const stale = only
    ? []
    : (
        await deps.db.execute<{ file_key: string | null }>(sql`
          DELETE FROM import_jobs WHERE id IN (
            SELECT id FROM import_jobs WHERE status = 'preview' AND created_at < now() - make_interval(hours => ${PREVIEW_HOURS})
            FOR UPDATE SKIP LOCKED)
          RETURNING file_key`)
      ).rows;
  await deleteFiles(deps.files, [...failed, ...stale].flatMap((r) => (r.file_key ? [r.file_key] : [])), deps.log);
  if (rows.length) deps.log?.warn({ imports: rows.map((r) => r.id), failed: failed.length }, 'imports interrupted: taken back');
  return { queued: rows.length - failed.length, failed: failed.length };
}

/**
 * Works import `jobId` (the 'account-import' job) under a lease (issue #18; see
 * {@link LEASE}): from where the last run stopped (`processed`, committed with each chunk,
 * so a run after a crash neither repeats nor loses entries) for at most IMPORT_SLICE_MS,
 * then queues itself again behind other people's imports; entries are read and written in
 * chunks of 500 per transaction, each write checking the lease is still the run's. Marks
 * the import failed with the error's code when the person may no longer add sources to
 * the space (removed, made a viewer); a deleted space deleted the import with it. Any
 * other failure gives the import back ({@link reclaimImports}): tried again after 5 s, and
 * failed after MAX_ATTEMPTS. Running a finished or cancelled import, or one another run
 * holds, does nothing.
 */
export async function runImport(deps: ImportDeps, jobId: number): Promise<void> {
  const run: Run = { id: jobId, folderId: null, folderMap: null, token: randomUUID() };
  const job = await claim(deps.db, jobId, run.token);
  if (!job) return;
  run.folderId = job.folder_id;
  run.folderMap = job.folder_map;
  let lost = false;
  const renew = setInterval(() => {
    deps.db
      .execute(sql`UPDATE import_jobs SET lease_until = now() + make_interval(secs => ${LEASE.seconds}) WHERE id = ${jobId} AND lease_token = ${run.token}`)
      .then(({ rowCount }) => void (lost ||= rowCount === 0))
      .catch((err: unknown) => deps.log?.warn({ err, jobId }, 'import: lease not renewed'));
  }, LEASE.renewMs);
  renew.unref();
  try {
    const m = await authorizeWorkspace(deps.db, job.user_id, job.workspace_id, 'createSauce');
    const keys = await takenKeys(deps.db, job.workspace_id);
    let zip: ZipArchive | null = null;
    if (job.file_key) {
      const obj = await deps.files.get(job.file_key);
      if (obj) {
        const chunks: Buffer[] = [];
        for await (const c of obj.body) chunks.push(c as Buffer);
        zip = await openZip(Buffer.concat(chunks), ZIP_LIMITS);
      }
    }
    const deadline = Date.now() + IMPORT_SLICE_MS;
    let i = job.processed;
    while (i < job.total) {
      if (lost) throw new LeaseLostError();
      if (Date.now() > deadline) {
        await deps.db.transaction(async (tx) => {
          const { rowCount } = await tx.execute(sql`
            UPDATE import_jobs SET status = 'queued', lease_token = NULL, lease_until = NULL WHERE id = ${jobId} AND lease_token = ${run.token}`);
          if (rowCount === 0) throw new LeaseLostError();
          await deps.jobs.send(IMPORT_QUEUE, { jobId }, { tx, ...JOB_OPTIONS });
        });
        return;
      }
      const page = await readEntries(deps.db, jobId, i);
      if (page.length === 0) break;
      const entry = page[0]!;
      if (entry.images && !entry.skip) {
        await importImage(deps, m, run, entry, i, keys, zip);
        i++;
        continue;
      }
      let end = 0;
      while (end < page.length && !(page[end]!.images && !page[end]!.skip)) end++;
      await importTexts(deps.db, deps.plan.sources, deps.copies, m, run, page.slice(0, end), i, keys);
      i += end;
    }
    await finish(deps, run, job.file_key, null);
  } catch (e) {
    if (e instanceof LeaseLostError) {
      deps.log?.warn({ jobId }, 'import: cancelled, or another run took it over; this one stops');
    } else if (e instanceof AppError && (e.status === 403 || e.status === 404)) {
      await finish(deps, run, job.file_key, e.code);
    } else {
      deps.log?.error({ err: e, jobId }, 'import run failed');
      await reclaimImports(deps, run);
    }
  } finally {
    clearInterval(renew);
  }
}
