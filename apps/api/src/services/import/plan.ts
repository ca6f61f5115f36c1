// What an import will write (issue #22): its folders planned and created, the keys already in the space,
// the preview's count, the plan's room, where each entry goes and the source it makes.
import type { ImportChange, ImportPreview, ImportSkipReason } from '@sauce/contract/account';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isoUtc } from '../../db/sql.ts';
import { ImportInProgressError, ImportNotPendingError } from '../../errors.ts';
import { lockPerson } from '../../db/locks.ts';
import { authorizeWorkspace, lockMembership, type Membership } from '../../policies/workspace.ts';
import { notifyWorkspace } from '../events.ts';
import { assertFoldersInWorkspace } from '../folders.ts';
import { type NewSauce, saucesIn } from '../sauces/write.ts';
import { pathKey, type ImportEntry } from './entry.ts';
import { planFolders } from './folders.ts';
import { type Destination, type FolderMap, getImport, hasImportUnderWay, IMPORT_QUEUE, type ImportDeps, JOB_OPTIONS, type Run } from './store.ts';

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

/**
 * Starts a previewed import in `tx`, which holds the person's and the space's locks: with
 * `recreateFolders`, the file's folders are planned (folders.ts planFolders: names, the
 * space's folders of the same name, the plan's folder limit counted under the lock) and the
 * new ones created at the end of the order; then the import is queued with where it goes.
 */
export async function queueImport(tx: Tx, deps: ImportDeps, m: Membership, jobId: number, to: Destination) {
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
 * The keys already taken in a space: imported sources' keys, and those of its sources made
 * by hand (entry.ts linkKey, noteKey, imageKey), computed by PostgreSQL so that a large
 * space's texts never travel (issue #24).
 */
export async function takenKeys(db: Db | Tx, workspaceId: number): Promise<Set<string>> {
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
  const sourcesInSpace = await saucesIn(deps.db as unknown as Tx, m.workspaceId);
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

/** Sources left in the locked space under the plan (SPEC §9: 100). */
export async function roomIn(tx: Tx, workspaceId: number, limit: number | null): Promise<number> {
  return limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit - (await saucesIn(tx, workspaceId)));
}

/**
 * Where an entry goes and what changed on the way there: the run's one folder, or its own
 * folders as the import's folder map made them (a shortened name and a folder the plan did
 * not allow are changes of the report); a folder deleted meanwhile is left out.
 */
export function placeOf(run: Run, entry: ImportEntry, alive: Set<number>): { folderIds: number[]; changes: ImportChange[] } {
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
export async function aliveFolders(tx: Tx, workspaceId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await tx.execute<{ id: number }>(sql`
    SELECT id FROM folders WHERE workspace_id = ${workspaceId} AND id = ANY(${sql.raw(`ARRAY[${ids.map((n) => Math.trunc(n)).join(',')}]::int[]`)})`);
  return new Set(rows.map((r) => r.id));
}

/** Every folder id a run may put entries in. */
export const runFolderIds = (run: Run) =>
  run.folderMap ? Object.values(run.folderMap).flatMap((f) => (f.id === null ? [] : [f.id])) : run.folderId === null ? [] : [run.folderId];

/** The source an entry makes (sauces/write.ts): the file's title, description and image as its link's preview, its dates, its import key. */
export const imported = (entry: ImportEntry, folderIds: number[]): NewSauce => ({
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
