import { randomBytes } from 'node:crypto';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb } from '../db/client.ts';
import { startJobQueue } from '../jobs/queue.ts';
import { body, buildTestApp, type TestApp } from '../test/build-app.ts';
import { buildUser, type TestUser } from '../test/factories.ts';
import { photo } from '../test/image-fixtures.ts';
import { multipart } from '../test/upload.ts';
import { createFileStore, listKeys, type FileStore } from '../storage/file-store.ts';
import { reconcileFiles } from './file-reconciliation.ts';

// Issue #9 item 8: files no row names are removed; rows naming missing files are reported.

let t: TestApp;
let files: FileStore;
let alice: TestUser;
/** The local store's directory (tests age files by their modification time). */
let root: string;

beforeAll(async () => {
  t = await buildTestApp();
  files = createFileStore(t.config.files);
  root = (t.config.files as { dir: string }).dir;
  alice = await buildUser(t, 'alice');
});

const hex = () => randomBytes(16).toString('hex');
const put = (key: string) => files.put(key, Buffer.from('x'), key.endsWith('.zip') ? 'application/octet-stream' : 'image/webp');
/** Makes the file at `key` look written two hours ago. */
const age = (key: string) => {
  const then = new Date(Date.now() - 2 * 3600_000);
  utimesSync(path.join(root, ...key.split('/')), then, then);
};
const keys = async () => (await listKeys(files, '')).sort();

async function savedImageSauce() {
  const form = multipart(photo('autumn-2560x1600.jpg'));
  const up = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${alice.workspaceId}/image/upload/single`,
    headers: { ...alice.headers, ...form.headers },
    payload: form.payload,
  });
  expect(up.statusCode).toBe(200);
  const image = body(up).data;
  const saved = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${alice.workspaceId}`,
    headers: alice.headers,
    payload: { type: 'IMAGE', title: 'Kept', imageSauce: [{ id: image.id, comments: [] }] },
  });
  expect(saved.statusCode).toBe(200);
  const { rows } = await t.db.$client.query<{ storage_key: string }>('SELECT storage_key FROM sauce_images WHERE id = $1', [image.id]);
  return rows[0]!.storage_key;
}

describe('reconciling files and rows', () => {
  it('removes old files no row names, keeps named and young ones and what is not the app’s, reports missing files', async () => {
    const storageKey = await savedImageSauce();
    const named = (await keys()).filter((k) => k.startsWith(`${storageKey}/`));
    expect(named).toHaveLength(3);
    for (const k of named) age(k);

    const orphans = [`images/${hex()}/display.webp`, `images/${hex()}/thumb.webp`, `avatars/${hex()}.webp`, `imports/${hex()}.zip`];
    const young = `images/${hex()}/display.webp`;
    const foreign = `misc/${hex()}.webp`;
    for (const k of [...orphans, young, foreign]) await put(k);
    for (const k of [...orphans, foreign]) age(k);

    // Rows naming files that are gone: an image (three files) and a profile picture.
    const lostImage = `images/${hex()}`;
    const { rows } = await t.db.$client.query<{ id: number }>(
      `INSERT INTO sauce_images (workspace_id, uploader_id, storage_key, original_name, width, height, byte_size, color, created_at)
       VALUES ($1, $2, $3, 'original.jpg', 1, 1, 1, '#000000', now() - interval '1 day') RETURNING id`,
      [alice.workspaceId, alice.userId, lostImage],
    );
    const lostAvatar = `avatars/${hex()}.webp`;
    await t.db.$client.query('UPDATE users SET profile_image = $1 WHERE id = $2', [lostAvatar, alice.userId]);

    const report = await reconcileFiles({ db: t.db, files });
    expect(report.removed).toBe(orphans.length);
    const left = await keys();
    for (const k of orphans) expect(left).not.toContain(k);
    expect(left).toEqual(expect.arrayContaining([...named, young, foreign]));
    expect(report.missingCount).toBe(4);
    expect(report.missing).toEqual(
      expect.arrayContaining([
        { key: `${lostImage}/original.jpg`, table: 'sauce_images', id: rows[0]!.id },
        { key: `${lostImage}/display.webp`, table: 'sauce_images', id: rows[0]!.id },
        { key: `${lostImage}/thumb.webp`, table: 'sauce_images', id: rows[0]!.id },
        { key: lostAvatar, table: 'users', id: alice.userId },
      ]),
    );
    // Young files go once they are old enough; the source's image still opens.
    expect((await reconcileFiles({ db: t.db, files }, { graceMs: 0 })).removed).toBe(1);
    expect(await keys()).not.toContain(young);
    const thumb = await files.get(`${storageKey}/thumb.webp`);
    expect(thumb).not.toBeNull();
    thumb!.body.destroy();
    await t.db.$client.query('DELETE FROM sauce_images WHERE id = $1', [rows[0]!.id]);
    await t.db.$client.query('UPDATE users SET profile_image = NULL WHERE id = $1', [alice.userId]);
  });

  it("keeps a board's link-preview collage its row names and removes old ones no row names (issue #32)", async () => {
    const folder = body(await t.app.inject({ method: 'POST', url: `/api/archive/folder/${alice.workspaceId}`, headers: alice.headers, payload: { name: 'Board' } })).data.id;
    const share = await t.app.inject({ method: 'PATCH', url: `/api/archive/folder/${alice.workspaceId}/${folder}/share`, headers: alice.headers, payload: { enabled: true } });
    expect(share.statusCode).toBe(200);
    const [kept, stale] = [`boards/1-${hex().slice(0, 16)}.jpg`, `boards/1-${hex().slice(0, 16)}.jpg`];
    for (const k of [kept, stale]) {
      await files.put(k, Buffer.from('x'), 'image/jpeg');
      age(k);
    }
    await t.db.$client.query('UPDATE folder_shares SET collage_key = $1 WHERE folder_id = $2', [kept, folder]);
    const before = (await keys()).length;
    expect((await reconcileFiles({ db: t.db, files })).removed).toBe(1);
    const left = await keys();
    expect([left.includes(kept), left.includes(stale), left.length]).toEqual([true, false, before - 1]);
  });

  it('works through more files than one batch, a thousand at a time', async () => {
    const many = Array.from({ length: 2_345 }, () => `images/${hex()}/thumb.webp`);
    for (let i = 0; i < many.length; i += 100) await Promise.all(many.slice(i, i + 100).map(put));
    const report = await reconcileFiles({ db: t.db, files }, { graceMs: 0 });
    expect(report.removed).toBe(many.length);
    expect(report.scanned).toBeGreaterThanOrEqual(many.length);
    expect((await listKeys(files, 'images/')).filter((k) => many.includes(k))).toEqual([]);
  });

  describe('as a serving process runs it', () => {
    let other: Awaited<ReturnType<typeof buildApp>>;
    let pool: pg.Pool;
    afterAll(async () => {
      await other?.close();
      await pool?.end();
    });

    it('passes once at start (and daily), removing old orphans', async () => {
      const orphan = `avatars/${hex()}.webp`;
      await put(orphan);
      age(orphan);
      pool = new pg.Pool({ connectionString: t.url, max: 4 });
      const jobs = await startJobQueue(pool, { poll: false });
      other = await buildApp({ config: t.config, db: createDb(pool), secret: t.secret, logger: false, maintenance: true, jobs });
      // The pass it queued at start, worked by its handler.
      expect(await jobs.runDue('files-reconcile')).toMatchObject({ completed: 1, failed: 0 });
      expect(await keys()).not.toContain(orphan);
      const { rows } = await t.db.$client.query(`SELECT name, cron FROM pgboss.schedule WHERE name IN ('files-reconcile', 'uploads-sweep') ORDER BY name`);
      expect(rows).toEqual([
        { name: 'files-reconcile', cron: '30 3 * * *' },
        { name: 'uploads-sweep', cron: '0 * * * *' },
      ]);
    });
  });
});
