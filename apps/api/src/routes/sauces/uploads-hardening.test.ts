import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LIMITS } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { photo } from '../../test/image-fixtures.ts';
import { multipart } from '../../test/upload.ts';

/** Issue #9 items 2 and 5: one upload must not stall everyone; limits and writes under races. */

let t: TestApp;
let small: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  small = await sharp(photo('autumn-2560x1600.jpg')).resize(320).jpeg().toBuffer();
});

const upload = (u: TestUser, data: Buffer, type = 'image/jpeg') => {
  const form = multipart(data, { contentType: type, filename: type === 'image/gif' ? 'a.gif' : 'a.jpg' });
  return t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${u.workspaceId}/image/upload/single`,
    headers: { ...u.headers, ...form.headers },
    payload: form.payload,
  });
};

/**
 * A GIF of `frames` frames of 1×1 px (each a graphic control extension and a one-pixel
 * image): 900,000 of them make the 20.7 MB file of issue #9, under the pixel limit.
 */
function manyFrameGif(frames: number): Buffer {
  const header = Buffer.from([
    ...Buffer.from('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, // 1×1, global colour table of 2
    0, 0, 0, 255, 255, 255,
    0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0, // loop forever
  ]);
  const frame = Buffer.from([
    0x21, 0xf9, 4, 0, 0, 0, 0, 0, // graphic control extension, no delay
    0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, // image descriptor 1×1
    2, 2, 0x44, 0x01, 0, // LZW minimum code size 2, one data block, terminator
  ]);
  return Buffer.concat([header, Buffer.alloc(frame.length * frames).fill(frame), Buffer.from([0x3b])]);
}

describe('one upload must not stall everyone', () => {
  it('refuses an animation of 900,000 one-pixel frames before decoding it (20.7 MB)', async () => {
    const gif = manyFrameGif(900_000);
    expect(gif.length).toBeGreaterThan(20_000_000);
    expect(gif.length).toBeLessThan(LIMITS.imageBytes);
    const bob = await buildUser(t, 'bob');
    const started = Date.now();
    const res = await upload(bob, gif, 'image/gif');
    expect(res.statusCode).toBe(413);
    expect(body(res).error).toMatchObject({ code: 'IMAGE_TOO_COMPLEX', details: { limitFrames: LIMITS.imageFrames } });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a short animation still uploads', async () => {
    const res = await upload(await buildUser(t), manyFrameGif(20), 'image/gif');
    expect(res.statusCode).toBe(200);
  });

  it('serves people in turn: one person’s batch does not hold another’s single image back', async () => {
    const [busy, other] = [await buildUser(t, 'busy'), await buildUser(t, 'other')];
    const big = await sharp(photo('autumn-2560x1600.jpg')).jpeg({ quality: 95 }).toBuffer();
    const batch = Array.from({ length: 8 }, () => upload(busy, big).then((r) => ({ r, at: Date.now() })));
    await new Promise((r) => setTimeout(r, 100));
    const single = await upload(other, small).then((r) => ({ r, at: Date.now() }));
    const done = await Promise.all(batch);
    expect(single.r.statusCode).toBe(200);
    expect(done.every((d) => d.r.statusCode === 200)).toBe(true);
    // The single image finished before most of the batch (it waited for one of them at most).
    expect(done.filter((d) => d.at < single.at).length).toBeLessThanOrEqual(3);
  });

  it('bounds one person’s uploads in the line (429) and leaves no temporary file behind', async () => {
    const greedy = await buildUser(t, 'greedy');
    const results = await Promise.all(Array.from({ length: 20 }, () => upload(greedy, small)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(12);
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    const dir = path.join(t.config.dataDir, 'tmp', 'uploads');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('limits and writes under races', () => {
  it('20 parallel uploads with 95 pending end at 100 pending, not more', async () => {
    const carol = await buildUser(t, 'carol');
    await t.db.execute(sql`
      INSERT INTO sauce_images (workspace_id, uploader_id, storage_key, original_name, width, height, byte_size, color)
      SELECT ${carol.workspaceId}, ${carol.userId}, 'images/race' || g, 'original.jpg', 1, 1, 1, '#000000'
      FROM generate_series(1, 95) g`);
    const results = await Promise.all(Array.from({ length: 20 }, () => upload(carol, small)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => [200, 422, 429].includes(c))).toBe(true);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sauce_images WHERE uploader_id = ${carol.userId} AND sauce_id IS NULL`,
    );
    expect(rows[0]!.n).toBe(LIMITS.pendingUploads);
    expect(body(results.find((r) => r.statusCode === 422)!).error).toMatchObject({ code: 'LIMIT_REACHED', details: { resource: 'pendingUploads' } });
  });

  it('an edit racing a delete of the same source is a 404, never a 500', async () => {
    const dan = await buildUser(t, 'dan');
    const [folder] = [body(await t.app.inject({ method: 'POST', url: `/api/archive/folder/${dan.workspaceId}`, headers: dan.headers, payload: { name: 'f' } })).data];
    for (let i = 0; i < 20; i++) {
      const s = body(
        await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${dan.workspaceId}`, headers: dan.headers, payload: { type: 'TEXT', textSauce: { text: 'x' }, tagSet: ['a'] } }),
      ).data;
      const [edit, del] = await Promise.all([
        t.app.inject({
          method: 'PATCH',
          url: `/api/archive/sauce/${dan.workspaceId}/${s.id}`,
          headers: dan.headers,
          payload: { title: 'edited', tagSet: ['b', 'c'], folderSet: [folder.id] },
        }),
        t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${dan.workspaceId}/${s.id}`, headers: dan.headers }),
      ]);
      expect([200, 404], `edit ${edit.body}`).toContain(edit.statusCode);
      expect(del.statusCode).toBe(200);
    }
    const left = await t.db.execute(sql`SELECT 1 FROM sauces WHERE workspace_id = ${dan.workspaceId}`);
    expect(left.rows).toEqual([]);
  });
});
