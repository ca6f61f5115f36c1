// Running an import (issue #8, #18): the upload read and recorded, entries written in chunks through
// sauces/write.ts under the run's lease, the slices, and imports taken back from runs that ended.
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import type { ImportChange, ImportFormat, ImportJob, ImportSkipReason } from '@sauce/contract/account';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { importJobs } from '../../db/schema.ts';
import { AppError, ImportInProgressError } from '../../errors.ts';
import type { Ticket } from '../../lib/fair-queue.ts';
import { lines } from '../../lib/lines.ts';
import { openZip, type ZipArchive } from '../../lib/zip.ts';
import { lockPerson } from '../../db/locks.ts';
import { authorizeWorkspace, lockMembership, type Membership } from '../../policies/workspace.ts';
import { assertFoldersInWorkspace } from '../folders.ts';
import { deleteFiles, imageFileKeys, setSauceImages, uploadImage } from '../images.ts';
import { isSaucesLimit, writeSauces } from '../sauces/write.ts';
import type { ImportEntry } from './entry.ts';
import { ZIP_LIMITS } from './parse.ts';
import { aliveFolders, imported, placeOf, queueImport, roomIn, runFolderIds, takenKeys } from './plan.ts';
import { readImportFile } from './reader.ts';
import { claim, type Destination, finish, getImport, hasImportUnderWay, IMPORT_QUEUE, type ImportDeps, JOB_OPTIONS, LEASE, LeaseLostError, readEntries, record, type Run, type Skip } from './store.ts';

/**
 * How long one run of a job works before it queues itself again behind other people's
 * imports (fairness: a big import does not hold a worker while others wait), ms.
 */
export const IMPORT_SLICE_MS = 10_000;
/** Runs that may end without finishing (a crash, an unexpected error) before the import is failed. */
const MAX_ATTEMPTS = 3;
/** A preview nobody started is deleted after this long (with its entries and stored file), hours. */
export const PREVIEW_HOURS = 24;

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
  return writeSauces(db, async (tx, write) => {
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
      // Issue #33: the export's words are kept; an image without them is read after the import.
      const read = image.text === undefined ? undefined : { text: image.text, textStatus: image.text ? ('done' as const) : ('none' as const), textReadAt: new Date() };
      const row = await uploadImage(deps.db, deps.files, m, await zip.read(file), undefined, { imageText: deps.imageText, read });
      uploads.push({ id: row.id, keys: imageFileKeys(row), kept: row.originalKept });
    }
  } catch (err) {
    deps.log?.warn({ err, jobId: run.id, position }, 'import: image not usable');
    await cleanup();
    return skip('invalidImage');
  }
  try {
    await writeSauces(deps.db, async (tx, write) => {
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
        throw isSaucesLimit(e) ? new SkipError('limit') : e;
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
