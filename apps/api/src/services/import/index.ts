import { randomBytes } from 'node:crypto';
import type { ImportFormat, ImportJob, ImportSkip, ImportSkipReason } from '@sauce/contract/account';
import { LIMITS } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { importJobs, sauceFolders, sauces, sauceTags, tags } from '../../db/schema.ts';
import { isoUtc } from '../../db/sql.ts';
import { AppError, ImportInProgressError, NotFoundError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { openZip, type ZipArchive } from '../../lib/zip.ts';
import { authorizeWorkspace, lockMembership, type Membership } from '../../policies/workspace.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { notifyWorkspace } from '../events.ts';
import { assertFoldersInWorkspace } from '../folders.ts';
import { deleteFiles, imageFileKeys, setSauceImages, uploadImage } from '../images.ts';
import { imageKey, linkKey, noteKey, parseImport, ZIP_LIMITS, type ImportEntry } from './parse.ts';

declare module '../../jobs/queue.ts' {
  interface JobPayloads {
    /** Works one import (import_jobs.id) for a while, then queues itself again if unfinished. */
    'account-import': { jobId: number };
  }
}

/** The background queue of imports. */
export const IMPORT_QUEUE = 'account-import';
/** Entries written per transaction. */
const CHUNK = 500;
/**
 * How long one run of a job works before it queues itself again behind other people's
 * imports (fairness: a big import does not hold a worker while others wait), ms.
 */
export const IMPORT_SLICE_MS = 10_000;
/** A run still going after this long is failed by the queue and retried, seconds. */
const JOB_EXPIRE_S = 30 * 60;

export interface ImportDeps {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
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
  total: number;
  processed: number;
  imported: number;
  skipped: number;
  error_code: string | null;
  created_at: string;
  finished_at: string | null;
};

const JOB_COLUMNS = sql.raw(`j.id, j.status, j.format, j.file_name, j.workspace_id, w.name AS workspace_name,
  j.folder_id, f.name AS folder_name, j.total, j.processed, j.imported, j.skipped, j.error_code,
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
  total: r.total,
  processed: r.processed,
  imported: r.imported,
  skipped: r.skipped,
  errorCode: r.error_code,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

/** One of the person's imports. @throws NOT_FOUND (404) for anyone else's. */
export async function getImport(db: Db, userId: number, id: number): Promise<ImportJob> {
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
    SELECT title, url, reason FROM import_skips WHERE job_id = ${id}
    ORDER BY position LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`);
  return { results: rows, count: job.skipped };
}

/**
 * POST /account/import (issue #8): reads the file whole (parseImport: format by content,
 * damaged files refused, at most 10,000 entries), then records the import and queues its
 * job in one transaction — so a bad file writes nothing, and a recorded import always has
 * its job. One import at a time per person. A Sauce export with images keeps its ZIP in the
 * file store (`imports/<32 hex>.zip`) until the job is done.
 * @param m the person's membership of the target space, checked for 'createSauce'.
 * @throws IMPORT_FILE_INVALID (400), LIMIT_REACHED (422), FOLDER_NOT_FOUND (404),
 *   IMPORT_IN_PROGRESS (409).
 */
export async function startImport(
  deps: ImportDeps,
  m: Membership,
  input: { folderId?: number; claimed?: ImportFormat; fileName: string; data: Buffer },
): Promise<ImportJob> {
  const parsed = await parseImport(input.data, input.claimed);
  if (input.folderId !== undefined) await assertFoldersInWorkspace(deps.db, m.workspaceId, [input.folderId]);
  const fileKey = parsed.keepFile ? `imports/${randomBytes(16).toString('hex')}.zip` : null;
  if (fileKey) await deps.files.put(fileKey, input.data, 'application/octet-stream');
  try {
    const id = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM users WHERE id = ${m.userId} FOR UPDATE`);
      const { rows: active } = await tx.execute(
        // An import stuck for hours (its job gave up after its retries) no longer blocks the next.
        sql`SELECT 1 FROM import_jobs WHERE user_id = ${m.userId} AND status IN ('queued', 'running')
          AND created_at > now() - interval '2 hours' LIMIT 1`,
      );
      if (active.length > 0) throw ImportInProgressError();
      const [job] = await tx
        .insert(importJobs)
        .values({
          userId: m.userId,
          workspaceId: m.workspaceId,
          folderId: input.folderId ?? null,
          format: parsed.format,
          fileName: input.fileName.slice(0, 255) || 'import',
          fileKey,
          total: parsed.entries.length,
          entries: parsed.entries,
        })
        .returning({ id: importJobs.id });
      await deps.jobs.send(IMPORT_QUEUE, { jobId: job!.id }, { tx, retryLimit: 3, retryDelay: 5, expireInSeconds: JOB_EXPIRE_S });
      return job!.id;
    });
    return await getImport(deps.db, m.userId, id);
  } catch (e) {
    if (fileKey) await deleteFiles(deps.files, [fileKey], deps.log);
    throw e;
  }
}

/** The keys already taken in a space: imported sources' keys, and those of its sources made by hand. */
async function takenKeys(db: Tx, workspaceId: number): Promise<Set<string>> {
  const { rows } = await db.execute<{ type: string; title: string; text: string | null; link: string | null; import_key: string | null; created_at: string }>(sql`
    SELECT type, title, text, link, import_key, ${sql.raw(isoUtc('created_at'))} AS created_at
    FROM sauces WHERE workspace_id = ${workspaceId}`);
  const keys = new Set<string>();
  for (const r of rows) {
    if (r.import_key) keys.add(r.import_key);
    if (r.type === 'IMAGE') keys.add(imageKey(r.title, r.created_at));
    else if (r.link) keys.add(linkKey(r.link));
    else keys.add(noteKey(r.title, r.text ?? ''));
  }
  return keys;
}

interface Skip {
  position: number;
  entry: ImportEntry;
  reason: ImportSkipReason;
}

/** Records skipped entries and moves the job's counters, inside the chunk's transaction. */
async function record(tx: Tx, jobId: number, processed: number, imported: number, skips: Skip[]) {
  for (let i = 0; i < skips.length; i += 1000) {
    const part = skips.slice(i, i + 1000);
    await tx.execute(sql`
      INSERT INTO import_skips (job_id, position, title, url, reason)
      SELECT ${jobId}, * FROM unnest(
        ${sql.raw(`ARRAY[${part.map((s) => Math.trunc(s.position)).join(',')}]::int[]`)},
        ${sql.param(part.map((s) => s.entry.title))}::text[],
        ${sql.param(part.map((s) => s.entry.link ?? s.entry.rawLink ?? null))}::text[],
        ${sql.param(part.map((s) => s.reason))}::text[])
      ON CONFLICT DO NOTHING`);
  }
  await tx.execute(sql`
    UPDATE import_jobs SET processed = ${processed}, imported = imported + ${imported}, skipped = skipped + ${skips.length}
    WHERE id = ${jobId}`);
}

/** The import's folder if it still exists in the space, else null. */
async function folderOf(tx: Tx, workspaceId: number, folderId: number | null): Promise<number | null> {
  if (folderId === null) return null;
  const { rows } = await tx.execute(sql`SELECT 1 FROM folders WHERE id = ${folderId} AND workspace_id = ${workspaceId}`);
  return rows.length ? folderId : null;
}

/** Sources left in the locked space under the plan (SPEC §9: 100). */
async function roomIn(tx: Tx, workspaceId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${workspaceId}`);
  return Math.max(0, LIMITS.saucesPerWorkspace - rows[0]!.n);
}

/** Adds tags to the new sources and the person's tag list, and the folder. */
async function attach(tx: Tx, m: Membership, made: { id: number; entry: ImportEntry }[], folderId: number | null) {
  const tagRows = made.flatMap(({ id, entry }) => entry.tags.map((name, position) => ({ sauceId: id, name, position })));
  if (tagRows.length) {
    await tx.insert(sauceTags).values(tagRows).onConflictDoNothing();
    const names = [...new Set(tagRows.map((t) => t.name))];
    await tx.insert(tags).values(names.map((name) => ({ userId: m.userId, name }))).onConflictDoNothing();
  }
  if (folderId !== null && made.length) {
    await tx.insert(sauceFolders).values(made.map(({ id }) => ({ sauceId: id, folderId }))).onConflictDoNothing();
  }
}

/**
 * Writes a run of text entries (bookmarks, notes) in one transaction holding the space's
 * lock: the plan's room is counted under the lock, an entry already in the space (same
 * link, same note, or made by an earlier run) is skipped as a duplicate — also against an
 * import running at the same time (unique index on the import key).
 */
async function importTexts(
  db: Db,
  m: Membership,
  job: { id: number; folderId: number | null },
  entries: ImportEntry[],
  start: number,
  keys: Set<string>,
) {
  return db.transaction(async (tx) => {
    await lockMembership(tx, m);
    let room = await roomIn(tx, m.workspaceId);
    const folderId = await folderOf(tx, m.workspaceId, job.folderId);
    const skips: Skip[] = [];
    const wanted: { position: number; entry: ImportEntry }[] = [];
    entries.forEach((entry, i) => {
      const position = start + i;
      if (entry.skip) skips.push({ position, entry, reason: entry.skip });
      else if (keys.has(entry.key)) skips.push({ position, entry, reason: 'duplicate' });
      else if (room <= 0) skips.push({ position, entry, reason: 'limit' });
      else {
        wanted.push({ position, entry });
        keys.add(entry.key);
        room--;
      }
    });
    const made: { id: number; entry: ImportEntry }[] = [];
    if (wanted.length) {
      const rows = await tx
        .insert(sauces)
        .values(
          wanted.map(({ entry }) => ({
            workspaceId: m.workspaceId,
            authorId: m.userId,
            type: 'TEXT' as const,
            title: entry.title,
            text: entry.text,
            link: entry.link,
            linkImage: entry.image ?? '',
            thumbnail: entry.image ?? null,
            importKey: entry.key,
            ...(entry.createdAt ? { createdAt: new Date(entry.createdAt), updatedAt: new Date(entry.createdAt) } : {}),
          })),
        )
        .onConflictDoNothing({ target: [sauces.workspaceId, sauces.importKey], where: sql`import_key IS NOT NULL` })
        .returning({ id: sauces.id, key: sauces.importKey });
      const idOf = new Map(rows.map((r) => [r.key, r.id]));
      for (const w of wanted) {
        const id = idOf.get(w.entry.key);
        if (id === undefined) skips.push({ position: w.position, entry: w.entry, reason: 'duplicate' });
        else made.push({ id, entry: w.entry });
      }
      await attach(tx, m, made, folderId);
    }
    await record(tx, job.id, start + entries.length, made.length, skips);
    if (made.length) {
      await notifyWorkspace(tx, m.workspaceId, { type: 'sauce', action: 'created', id: made.at(-1)!.id, actorId: m.userId });
    }
    return made.length;
  });
}

/**
 * Writes one image source of a Sauce export: its images are read from the stored ZIP and
 * processed like uploads (outside the transaction: they take a second each), then the
 * source is saved with them and their comments (as the importing person's). When it cannot
 * be saved after all (the space filled up meanwhile), its uploads are deleted again.
 */
async function importImage(
  deps: ImportDeps,
  m: Membership,
  job: { id: number; folderId: number | null },
  entry: ImportEntry,
  position: number,
  keys: Set<string>,
  zip: ZipArchive | null,
) {
  const skip = (reason: ImportSkipReason) =>
    deps.db.transaction((tx) => record(tx, job.id, position + 1, 0, [{ position, entry, reason }]));
  if (keys.has(entry.key)) return skip('duplicate');
  const room = await deps.db.transaction((tx) => roomIn(tx, m.workspaceId));
  if (room <= 0) return skip('limit');
  const uploads: { id: number; keys: string[] }[] = [];
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
      uploads.push({ id: row.id, keys: imageFileKeys(row) });
    }
  } catch (err) {
    deps.log?.warn({ err, jobId: job.id, position }, 'import: image not usable');
    await cleanup();
    return skip('invalidImage');
  }
  try {
    await deps.db.transaction(async (tx) => {
      await lockMembership(tx, m);
      if (keys.has(entry.key)) throw new SkipError('duplicate');
      if ((await roomIn(tx, m.workspaceId)) <= 0) throw new SkipError('limit');
      const [row] = await tx
        .insert(sauces)
        .values({
          workspaceId: m.workspaceId,
          authorId: m.userId,
          type: 'IMAGE',
          title: entry.title,
          importKey: entry.key,
          ...(entry.createdAt ? { createdAt: new Date(entry.createdAt), updatedAt: new Date(entry.createdAt) } : {}),
        })
        .onConflictDoNothing({ target: [sauces.workspaceId, sauces.importKey], where: sql`import_key IS NOT NULL` })
        .returning({ id: sauces.id });
      if (!row) throw new SkipError('duplicate');
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
      const { byteSize } = await setSauceImages(tx, m, row.id, inputs);
      await tx.execute(sql`UPDATE sauces SET byte_size = ${byteSize} WHERE id = ${row.id}`);
      await attach(tx, m, [{ id: row.id, entry }], await folderOf(tx, m.workspaceId, job.folderId));
      await record(tx, job.id, position + 1, 1, []);
      await notifyWorkspace(tx, m.workspaceId, { type: 'sauce', action: 'created', id: row.id, actorId: m.userId });
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

class SkipError extends Error {
  constructor(readonly reason: ImportSkipReason) {
    super(reason);
  }
}

/** Marks the job finished and deletes its stored file. */
async function finish(deps: ImportDeps, jobId: number, fileKey: string | null, errorCode: string | null) {
  await deps.db.execute(sql`
    UPDATE import_jobs SET status = ${errorCode ? 'failed' : 'done'}, error_code = ${errorCode}, entries = NULL,
      file_key = NULL, finished_at = now()
    WHERE id = ${jobId}`);
  if (fileKey) await deleteFiles(deps.files, [fileKey], deps.log);
}

/**
 * Works import `jobId` (the 'account-import' job): from where the last run stopped
 * (`processed`, committed with each chunk, so a retry after a crash neither repeats nor
 * loses entries) for at most IMPORT_SLICE_MS, then queues itself again behind other
 * people's imports; entries are written in chunks of 500 per transaction. Marks the
 * import failed with the error's code when the person may no longer add sources to the
 * space (removed, made a viewer); a deleted space deleted the import with it.
 * Re-running a finished import does nothing.
 */
export async function runImport(deps: ImportDeps, jobId: number): Promise<void> {
  const { rows } = await deps.db.execute<{
    user_id: number;
    workspace_id: number;
    folder_id: number | null;
    status: string;
    processed: number;
    file_key: string | null;
    entries: ImportEntry[] | null;
  }>(sql`SELECT user_id, workspace_id, folder_id, status, processed, file_key, entries FROM import_jobs WHERE id = ${jobId}`);
  const job = rows[0];
  if (!job || job.status === 'done' || job.status === 'failed' || !job.entries) return;
  await deps.db.execute(sql`UPDATE import_jobs SET status = 'running' WHERE id = ${jobId} AND status = 'queued'`);
  const entries = job.entries;
  const info = { id: jobId, folderId: job.folder_id };
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
    while (i < entries.length) {
      if (Date.now() > deadline) {
        await deps.jobs.send(IMPORT_QUEUE, { jobId }, { retryLimit: 3, retryDelay: 5, expireInSeconds: JOB_EXPIRE_S });
        return;
      }
      const entry = entries[i]!;
      if (entry.images && !entry.skip) {
        await importImage(deps, m, info, entry, i, keys, zip);
        i++;
        continue;
      }
      let end = i;
      while (end < entries.length && end - i < CHUNK && !(entries[end]!.images && !entries[end]!.skip)) end++;
      await importTexts(deps.db, m, info, entries.slice(i, end), i, keys);
      i = end;
    }
    await finish(deps, jobId, job.file_key, null);
  } catch (e) {
    if (e instanceof AppError && (e.status === 403 || e.status === 404)) {
      await finish(deps, jobId, job.file_key, e.code);
      return;
    }
    throw e;
  }
}
