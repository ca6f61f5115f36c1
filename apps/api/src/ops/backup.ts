import { once } from 'node:events';
import { createReadStream, createWriteStream, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { type Archiver, TarArchive } from 'archiver';
import type pg from 'pg';
import { Parser, type ReadEntry } from 'tar';
import { MIGRATIONS_DIR } from '../db/client.ts';
import { lines } from '../lib/lines.ts';
import { contentTypeOfKey } from '../storage/local-store.ts';
import type { FileStore } from '../storage/file-store.ts';

/**
 * Backups (issue #9 item 10): one `.tar.gz` holding every row of the app's tables, as
 * they were at one instant, and every stored file.
 *
 *   manifest.json      format, creation time, migrations (first, so restore checks it first)
 *   db/<table>.jsonl   one JSON object a row (columns by name), tables parents first
 *   files/<key>        each object of the FileStore
 *   summary.json       the manifest with the row count per table and the file count
 *
 * The rows are read in one REPEATABLE READ, READ ONLY transaction (one snapshot, however
 * long the dump takes, and no lock that stops the app), a thousand at a time through a
 * cursor, and written as they come: memory stays flat whatever the size. Background jobs
 * (pg-boss's schema) are not kept: they are work in progress, not data.
 */

/** Version of the archive layout; restore refuses another. */
const FORMAT = 1;
/** Rows fetched from a cursor at a time, and inserted at a time on restore. */
const BATCH = 1_000;

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** Migration files applied to the database the backup came from, in order. */
  migrations: string[];
  /** Rows per table. */
  tables: Record<string, number>;
  files: number;
}

/** The migration files of this version of the app, in order (their names). */
export function migrationNames(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** The app's tables (schema public, not drizzle's or pg-boss's bookkeeping), by name. */
async function appTables(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.name);
}

/** Resolves when `archive` has taken the entry appended last (so entries are not piled up in memory). */
const taken = (archive: Archiver) => new Promise<void>((resolve) => archive.once('entry', () => resolve()));

/**
 * Writes a backup of the database `pool` connects to and of `files` to `outFile` (mode
 * 0600). Tables are written parents first (restore can insert them as it reads them),
 * each through a temporary file in `tmpDir`, so memory stays flat whatever the size.
 * @returns the manifest, with the counts of what was written.
 */
export async function createBackup(pool: pg.Pool, files: FileStore, outFile: string, tmpDir: string): Promise<BackupManifest> {
  const archive = new TarArchive({ gzip: true, gzipOptions: { level: 6 } });
  const written = pipeline(archive, createWriteStream(outFile, { mode: 0o600 }));
  const manifest: BackupManifest = { format: FORMAT, createdAt: new Date().toISOString(), migrations: migrationNames(), tables: {}, files: 0 };
  archive.append(JSON.stringify({ format: manifest.format, createdAt: manifest.createdAt, migrations: manifest.migrations }), {
    name: 'manifest.json',
  });
  await taken(archive);
  const work = await mkdtemp(path.join(tmpDir, 'backup-'));
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const table of await insertOrder(client, await appTables(client))) {
      // Rows that point into their own table come after the rows they point to.
      const selfRefs = await selfReferences(client, table);
      const order = selfRefs.length ? `ORDER BY ${selfRefs.map((c) => `"${c}" IS NOT NULL`).join(', ')}` : '';
      const tmp = path.join(work, `${table}.jsonl`);
      const out = createWriteStream(tmp, { mode: 0o600 });
      let count = 0;
      await client.query(`DECLARE dump NO SCROLL CURSOR FOR SELECT to_jsonb(t) AS row FROM "${table}" t ${order}`);
      for (;;) {
        const { rows } = await client.query<{ row: unknown }>(`FETCH ${BATCH} FROM dump`);
        if (rows.length && !out.write(rows.map((r) => `${JSON.stringify(r.row)}\n`).join(''))) await once(out, 'drain');
        count += rows.length;
        if (rows.length < BATCH) break;
      }
      await client.query('CLOSE dump');
      out.end();
      await once(out, 'close');
      archive.file(tmp, { name: `db/${table}.jsonl` });
      await taken(archive);
      manifest.tables[table] = count;
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  for await (const { key } of files.list('')) {
    const object = await files.get(key);
    if (!object) continue; // deleted meanwhile
    archive.append(Buffer.from(await buffer(object.body)), { name: `files/${key}` });
    await taken(archive);
    manifest.files++;
  }
  archive.append(JSON.stringify(manifest, null, 2), { name: 'summary.json' });
  await archive.finalize();
  await written;
  await rm(work, { recursive: true, force: true });
  return manifest;
}

/** Tables in an order where every table comes after those its foreign keys point to. */
async function insertOrder(client: pg.PoolClient, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const strip = (t: string) => t.replace(/^"|"$/g, '');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const r of rows) if (strip(r.child) !== strip(r.parent)) parents.get(strip(r.child))?.add(strip(r.parent));
  const order: string[] = [];
  const done = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t) || path.has(t)) return;
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    done.add(t);
    order.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return order;
}

/** Columns of `table` that reference `table` itself (a reply's parent comment). */
async function selfReferences(client: pg.PoolClient, table: string): Promise<string[]> {
  const { rows } = await client.query<{ col: string }>(
    `SELECT a.attname AS col FROM pg_constraint c
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
     WHERE c.contype = 'f' AND c.conrelid = $1::regclass AND c.confrelid = $1::regclass`,
    [`"${table}"`],
  );
  return rows.map((r) => r.col);
}

/** Why a backup cannot be restored here. */
export class RestoreError extends Error {}

/**
 * Restores `inFile` (a backup of {@link createBackup}) into the database `pool` connects to,
 * which must be migrated to the same migrations and hold no rows in the app's tables, and
 * into `files`. The rows go in one transaction (all or nothing), table by table as they are
 * read (parents come first in the archive), a thousand at a time; sequences continue after
 * the highest ids. Files are written as they are read, one at a time.
 * @returns the manifest (counts of what was restored).
 * @throws RestoreError for an archive of another format or another set of migrations, or a
 *   database that is not empty; nothing is written to the database then.
 */
export async function restoreBackup(pool: pg.Pool, files: FileStore, inFile: string): Promise<BackupManifest> {
  const client = await pool.connect();
  let manifest: BackupManifest | undefined;
  let failure: unknown;
  /** Entries are worked one after another, in archive order. */
  let chain = Promise.resolve();
  const work = (entry: ReadEntry, run: () => Promise<void>) => {
    // The entry's data waits (the archive with it) until its turn; `run` reads it.
    entry.pause();
    chain = chain.then(async () => {
      if (failure) return void entry.resume();
      try {
        await run();
      } catch (e) {
        failure ??= e;
        entry.resume();
      }
    });
  };
  try {
    await client.query('BEGIN');
    // Rows keep their spaces' versions as backed up (migration 0005's triggers stand aside).
    await client.query(`SET LOCAL sauce.restoring = 'on'`);
    const tables = await appTables(client);
    for (const t of tables) {
      const { rows } = await client.query(`SELECT 1 FROM "${t}" LIMIT 1`);
      if (rows.length) throw new RestoreError(`The database is not empty (table ${t} has rows): restore into a new one.`);
    }
    const counts: Record<string, number> = {};
    let fileCount = 0;
    const parser = new Parser({
      onReadEntry: (entry: ReadEntry) => {
        const name = entry.path;
        if (name === 'manifest.json') {
          work(entry, async () => {
            const m = JSON.parse((await buffer(entry)).toString('utf8')) as BackupManifest;
            if (m.format !== FORMAT) throw new RestoreError('This is not a Sauce backup this version can read.');
            const here = migrationNames();
            if (JSON.stringify(m.migrations) !== JSON.stringify(here)) {
              throw new RestoreError(
                `The backup was made with other migrations (${m.migrations.length}; this version has ${here.length}). ` +
                  'Restore it with the version of Sauce that made it, then start the newer version to upgrade.',
              );
            }
            manifest = { ...m, tables: counts, files: 0 };
          });
        } else if (name.startsWith('db/') && name.endsWith('.jsonl')) {
          const table = name.slice(3, -6);
          work(entry, async () => {
            if (!manifest) throw new RestoreError('This is not a Sauce backup this version can read.');
            if (!tables.includes(table)) throw new RestoreError(`The backup has a table this version does not know: ${table}.`);
            counts[table] = 0;
            let batch: string[] = [];
            const flush = async () => {
              if (!batch.length) return;
              await client.query(`INSERT INTO "${table}" SELECT * FROM json_populate_recordset(NULL::"${table}", $1::json)`, [`[${batch.join(',')}]`]);
              counts[table]! += batch.length;
              batch = [];
            };
            for await (const line of lines(entry)) {
              batch.push(line);
              if (batch.length >= BATCH) await flush();
            }
            await flush();
          });
        } else if (name.startsWith('files/')) {
          const key = name.slice('files/'.length);
          work(entry, async () => {
            if (!manifest) throw new RestoreError('This is not a Sauce backup this version can read.');
            await files.put(key, Buffer.from(await buffer(entry)), contentTypeOfKey(key));
            fileCount++;
          });
        } else {
          entry.resume();
        }
      },
    });
    await pipeline(createReadStream(inFile), parser);
    await chain;
    if (failure) throw failure;
    if (!manifest) throw new RestoreError('This is not a Sauce backup this version can read.');
    // Sequences (serial ids) continue after the restored rows.
    const { rows: seqs } = await client.query<{ tbl: string; col: string; seq: string }>(
      `SELECT c.relname AS tbl, a.attname AS col, pg_get_serial_sequence(format('%I', c.relname), a.attname) AS seq
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
         AND pg_get_serial_sequence(format('%I', c.relname), a.attname) IS NOT NULL`,
    );
    for (const q of seqs) {
      await client.query(`SELECT setval($1, COALESCE((SELECT max("${q.col}") FROM "${q.tbl}"), 0) + 1, false)`, [q.seq]);
    }
    await client.query('COMMIT');
    return { ...manifest, files: fileCount };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}
