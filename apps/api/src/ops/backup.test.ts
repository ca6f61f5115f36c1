import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFileStore, listKeys, type FileStore } from '../storage/file-store.ts';
import { body, buildTestApp, testDatabaseName, type TestApp } from '../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace } from '../test/factories.ts';
import { startS3Server } from '../test/s3-server.ts';
import { multipart, multipartForm } from '../test/upload.ts';
import { createBackup, restoreBackup, RestoreError } from './backup.ts';

/** Issue #9 item 10: a backup restores to the same rows and files. */

let t: TestApp;
let source: FileStore;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sauce-backup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A new empty database migrated like the test one, and a pool on it. */
async function emptyDatabase() {
  const adminUrl = inject('adminUrl');
  const name = testDatabaseName('sauce_t_restore_');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDb')}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  afterAll(async () => {
    await pool.end();
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await a.end();
  });
  return pool;
}

/** Every row of every app table, as JSON text, sorted: equal dumps mean equal data. */
async function everyRow(pool: pg.Pool) {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ r: string }>(`SELECT to_jsonb(t)::text AS r FROM "${name}" t`);
    out[name] = rows.map((r) => r.r).sort();
  }
  return out;
}

async function everyFile(store: FileStore) {
  const out: Record<string, string> = {};
  for (const key of (await listKeys(store, '')).sort()) out[key] = (await buffer((await store.get(key))!.body)).toString('base64');
  return out;
}

beforeAll(async () => {
  t = await buildTestApp();
  source = createFileStore(t.config.files);
  // A little of everything: people, a team space with an image and members, folders, tags,
  // text and image sources, comments with a reply, an invitation, sharing.
  const owner = await buildUser(t, 'owner');
  const space = multipartForm([{ name: 'name', value: 'Backed up' }, { name: 'image', data: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } }).png().toBuffer(), contentType: 'image/png', filename: 'a.png' }]);
  const ws = body(await t.app.inject({ method: 'POST', url: '/api/workspace', headers: { ...owner.headers, ...space.headers }, payload: space.payload })).data.id;
  const editor = await buildMember(t, ws, 'EDITOR');
  await buildWorkspace(t, editor, 'Another');
  const folder = body(await t.app.inject({ method: 'POST', url: `/api/archive/folder/${ws}`, headers: owner.headers, payload: { name: 'Refs' } })).data;
  const text = body(
    await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}`, headers: owner.headers, payload: { type: 'TEXT', title: '메모 ✨', textSauce: { text: 'line one\nline two' }, tagSet: ['ux', '디자인'], folderSet: [folder.id] } }),
  ).data;
  await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}/${text.id}/share`, headers: owner.headers, payload: { isShareEnabled: true } });
  const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2266aa' } }).jpeg().toBuffer();
  const up = multipart(jpeg);
  const image = body(await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}/image/upload/single`, headers: { ...editor.headers, ...up.headers }, payload: up.payload })).data;
  await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${ws}`,
    headers: editor.headers,
    payload: { type: 'IMAGE', title: 'Shot', imageSauce: [{ id: image.id, comments: [{ id: 'a', message: 'here', x: 0.25, y: 0.5 }, { id: 'b', message: 'yes', x: 0.25, y: 0.5, parent: 'a' }] }] },
  });
  await t.app.inject({ method: 'POST', url: '/api/workspace/invite/create', headers: owner.headers, payload: { workspace: { id: ws }, permission: 'READER' } });
});

describe('backup and restore', () => {
  it('restores every row and every file, and the restored data keeps working', async () => {
    const file = path.join(tmp, 'sauce.tar.gz');
    const made = await createBackup(t.db.$client, source, file, tmp);
    expect(made.tables.sauces).toBe(2);
    expect(made.tables.image_comments).toBe(2);
    expect(made.files).toBeGreaterThanOrEqual(4); // three image files and the space's image

    const pool = await emptyDatabase();
    const target = createFileStore({ driver: 'local', dir: path.join(tmp, 'restored-files') });
    const restored = await restoreBackup(pool, target, file);
    expect(restored.tables).toEqual(made.tables);
    expect(restored.files).toBe(made.files);
    expect(await everyRow(pool)).toEqual(await everyRow(t.db.$client));
    expect(await everyFile(target)).toEqual(await everyFile(source));
    // Ids continue after the restored ones.
    const next = await pool.query(`INSERT INTO folders (workspace_id, name, "order") SELECT workspace_id, 'after', 9 FROM folders LIMIT 1 RETURNING id`);
    const max = await t.db.$client.query('SELECT max(id) AS m FROM folders');
    expect(next.rows[0].id).toBeGreaterThan(max.rows[0].m);
  });

  it('refuses a database that is not empty, and a file that is not a backup, writing nothing', async () => {
    const file = path.join(tmp, 'again.tar.gz');
    await createBackup(t.db.$client, source, file, tmp);
    const target = createFileStore({ driver: 'local', dir: path.join(tmp, 'unused-files') });
    await expect(restoreBackup(t.db.$client, target, file)).rejects.toThrow(RestoreError);
    expect(await listKeys(target, '')).toEqual([]);
    const junk = path.join(tmp, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    const pool = await emptyDatabase();
    await expect(restoreBackup(pool, target, junk)).rejects.toThrow();
    expect((await pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(0);
  });

  it('restores into an S3 store as well', async () => {
    const s3 = await startS3Server();
    try {
      const file = path.join(tmp, 'to-s3.tar.gz');
      await createBackup(t.db.$client, source, file, tmp);
      const target = createFileStore(s3.files);
      await restoreBackup(await emptyDatabase(), target, file);
      expect(await everyFile(target)).toEqual(await everyFile(source));
    } finally {
      await s3.close();
    }
  });
});
