import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { FileStore } from '../storage/file-store.ts';
import { DISPLAY_FILE, THUMBNAIL_FILE } from './images.ts';
import { SNAPSHOT_FILE } from './capture-files.ts';

/**
 * A file younger than this is never removed, ms: uploads, space and profile pictures and
 * imports write their file a moment before the row that names it.
 */
export const RECONCILE_GRACE_MS = 60 * 60_000;
/** Keys read from the store and written to PostgreSQL at a time. */
const BATCH = 1000;
/** Missing files named in the report (all are counted). */
const MISSING_LISTED = 100;
/** The store's folders that rows name; anything else in the store is left alone. */
const PREFIXES = ['images/', 'avatars/', 'imports/', 'captures/', 'boards/'];

/** What a reconciliation pass found. */
export interface ReconcileReport {
  /** Files listed under the app's prefixes. */
  scanned: number;
  /** Files no row named, older than the grace period, deleted. */
  removed: number;
  /** Rows naming a file the store does not have. */
  missingCount: number;
  /** The first {@link MISSING_LISTED} of them. */
  missing: { key: string; table: string; id: number }[];
}

/**
 * Files and rows agree (issue #9 item 8): a process killed between writing an upload's
 * files and its row, or between a delete's commit and the file removal, leaves files that
 * no row names, and a lost disk leaves rows naming files that are gone. This pass lists the
 * store (a page at a time, into a temporary table, so memory stays flat however many files
 * there are), removes the files no row names that are older than `graceMs`, and reports
 * the rows whose files are missing (logged; a file is checked again before it is reported).
 * Rows that name files: sauce_images (original, display, thumbnail), users.profile_image,
 * workspaces.image_key, import_jobs.file_key, sauce_captures (snapshot and screenshot, issue #20),
 * folder_shares.collage_key (a board's link preview, issue #32). Run at start and daily by the maintenance jobs.
 */
export async function reconcileFiles(
  deps: { db: Db; files: FileStore; log?: FastifyBaseLogger },
  opts: { graceMs?: number } = {},
): Promise<ReconcileReport> {
  const { files, log } = deps;
  const started = new Date();
  const graceEnd = new Date(started.getTime() - (opts.graceMs ?? RECONCILE_GRACE_MS));
  // One connection throughout: temporary tables live in their session.
  const client = await deps.db.$client.connect();
  try {
    await client.query(`CREATE TEMP TABLE listed_files (key text PRIMARY KEY, modified_at timestamptz NOT NULL)`);
    let scanned = 0;
    let keys: string[] = [];
    let times: Date[] = [];
    const flush = async () => {
      if (keys.length === 0) return;
      await client.query(
        `INSERT INTO listed_files SELECT * FROM unnest($1::text[], $2::timestamptz[]) ON CONFLICT DO NOTHING`,
        [keys, times],
      );
      scanned += keys.length;
      keys = [];
      times = [];
    };
    for (const prefix of PREFIXES) {
      for await (const o of files.list(prefix)) {
        keys.push(o.key);
        times.push(new Date(o.modifiedAt));
        if (keys.length >= BATCH) await flush();
      }
    }
    await flush();

    // Every key a row names, read after the listing: a file listed before its row was
    // written is younger than the grace period, so it is kept.
    await client.query(
      `CREATE TEMP TABLE named_files AS
         SELECT i.storage_key || '/' || f.name AS key, 'sauce_images' AS tbl, i.id, i.created_at
           FROM sauce_images i CROSS JOIN LATERAL (VALUES (i.original_name), ($1), ($2)) AS f(name)
         UNION ALL SELECT profile_image, 'users', id, NULL FROM users WHERE profile_image LIKE 'avatars/%'
         UNION ALL SELECT image_key, 'workspaces', id, NULL FROM workspaces WHERE image_key IS NOT NULL
         UNION ALL SELECT file_key, 'import_jobs', id, created_at FROM import_jobs WHERE file_key IS NOT NULL
         UNION ALL SELECT collage_key, 'folder_shares', id, NULL FROM folder_shares WHERE collage_key IS NOT NULL
         UNION ALL SELECT c.storage_key || '/' || f.name, 'sauce_captures', c.sauce_id, c.created_at
           FROM sauce_captures c CROSS JOIN LATERAL (VALUES
             (CASE WHEN c.snapshot_bytes IS NOT NULL THEN $3 END), (c.screenshot_name),
             (CASE WHEN c.screenshot_name IS NOT NULL THEN $1 END), (CASE WHEN c.screenshot_name IS NOT NULL THEN $2 END)) AS f(name)
           WHERE f.name IS NOT NULL`,
      [DISPLAY_FILE, THUMBNAIL_FILE, SNAPSHOT_FILE],
    );
    await client.query(`CREATE INDEX ON named_files (key)`);
    await client.query(`ANALYZE listed_files, named_files`);

    // A thousand at a time, each batch taken out of the list as its files are deleted.
    let removed = 0;
    for (;;) {
      const { rows } = await client.query<{ key: string }>(
        `DELETE FROM listed_files WHERE key IN (
           SELECT f.key FROM listed_files f
           WHERE f.modified_at < $1 AND NOT EXISTS (SELECT 1 FROM named_files n WHERE n.key = f.key)
           LIMIT ${BATCH})
         RETURNING key`,
        [graceEnd],
      );
      if (rows.length === 0) break;
      await files.delete(rows.map((r) => r.key));
      removed += rows.length;
    }

    // Rows made after the listing began may name files it did not reach: not counted. The
    // first thousand are checked in the store again; the rest are counted as they are.
    const absent = `FROM named_files n
       WHERE (n.created_at IS NULL OR n.created_at < $1)
         AND NOT EXISTS (SELECT 1 FROM listed_files f WHERE f.key = n.key)`;
    const { rows: counted } = await client.query<{ n: number }>(`SELECT count(*)::int AS n ${absent}`, [started]);
    const { rows: checked } = await client.query<{ key: string; tbl: string; id: number }>(
      `SELECT n.key, n.tbl, n.id ${absent} ORDER BY n.tbl, n.id LIMIT ${BATCH}`,
      [started],
    );
    const missing: ReconcileReport['missing'] = [];
    let missingCount = counted[0]!.n;
    for (const r of checked) {
      const object = await files.get(r.key).catch(() => null);
      if (object) {
        object.body.destroy(); // written after the listing passed it
        missingCount--;
      } else if (missing.length < MISSING_LISTED) {
        missing.push({ key: r.key, table: r.tbl, id: r.id });
      }
    }
    const report = { scanned, removed, missingCount, missing };
    if (missingCount > 0) log?.warn({ missing, missingCount }, `${missingCount} stored files named by rows are missing`);
    log?.info({ scanned, removed, missingCount }, 'files reconciled');
    return report;
  } finally {
    await client.query('DROP TABLE IF EXISTS listed_files, named_files').catch(() => undefined);
    client.release();
  }
}
