import { request as httpRequest } from 'node:http';
import { LIMITS } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepImages } from '../../services/images.ts';
import { createFileStore, listKeys, type FileStore } from '../../storage/file-store.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { jpegWithGps, NOT_AN_IMAGE, photo, pngBomb, SVG } from '../../test/image-fixtures.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { multipart } from '../../test/upload.ts';

let t: TestApp;
let files: FileStore;
let alice: TestUser;
let small: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  files = createFileStore(t.config.files);
  alice = await buildUser(t, 'alice');
  // A real photograph at a quarter size: fast to process, still a real JPEG.
  small = await sharp(photo('autumn-2560x1600.jpg')).resize(640).jpeg().toBuffer();
});

const upload = (u: TestUser, data: Buffer, opts: { ws?: number; contentType?: string; filename?: string } = {}) => {
  const form = multipart(data, opts);
  return t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${opts.ws ?? u.workspaceId}/image/upload/single`,
    headers: { ...u.headers, ...form.headers },
    payload: form.payload,
  });
};
const uploadId = async (u: TestUser, data = small, ws?: number) => {
  const res = await upload(u, data, { ws });
  expect(res.statusCode).toBe(200);
  return body(res).data.id as number;
};
const create = (u: TestUser, payload: object, ws = u.workspaceId) =>
  t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}`, headers: u.headers, payload });
const patch = (u: TestUser, id: number, payload: object, ws = u.workspaceId) =>
  t.app.inject({ method: 'PATCH', url: `/api/archive/sauce/${ws}/${id}`, headers: u.headers, payload });
const fetchFile = (url: string) => t.app.inject({ url });
const imageRows = async () => (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sauce_images`)).rows[0]!.n;
const storedKeys = () => listKeys(files, 'images/');

/** Asserts that `run` changes neither the image rows nor the stored files. */
async function leavesNothing(run: () => Promise<void>) {
  const [rows, keys] = [await imageRows(), await storedKeys()];
  await run();
  expect(await imageRows()).toBe(rows);
  expect((await storedKeys()).sort()).toEqual(keys.sort());
}

describe('image upload', () => {
  it('stores a photo and answers signed URLs of a WebP display size, thumbnail and the original', async () => {
    const res = await upload(alice, photo('autumn-2560x1600.jpg'));
    expect(res.statusCode).toBe(200);
    const img = body(res).data;
    expect(img).toMatchObject({ width: 2560, height: 1600, color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(img.url).toMatch(/^\/files\/images\/[0-9a-f]{32}\/display\.webp\?exp=\d+&sig=/);
    expect(img.thumbnailUrl).toMatch(/\/thumb\.webp\?/);
    expect(img.originalUrl).toMatch(/\/original\.jpg\?/);

    const display = await fetchFile(img.url);
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    expect(display.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    const meta = await sharp(display.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2560, 1600]);
    const thumb = await sharp((await fetchFile(img.thumbnailUrl)).rawPayload).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 640, 400]);
    const original = await fetchFile(img.originalUrl);
    expect(original.headers['content-type']).toBe('image/jpeg');
    // byteSize counts the three stored files.
    const thumbBytes = (await fetchFile(img.thumbnailUrl)).rawPayload.length;
    expect(img.byteSize).toBe(display.rawPayload.length + thumbBytes + original.rawPayload.length);
  });

  it('strips EXIF and GPS from every stored file, applying the orientation first', async () => {
    const res = await upload(alice, await jpegWithGps());
    expect(res.statusCode).toBe(200);
    const img = body(res).data;
    for (const url of [img.url, img.thumbnailUrl, img.originalUrl]) {
      const file = (await fetchFile(url)).rawPayload;
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(file.includes(Buffer.from('GPS'))).toBe(false);
    }
    // The source is landscape with Orientation 6 (rotate 90°): stored upright, portrait.
    expect(img.height).toBeGreaterThan(img.width);
  });

  it('serves files only under a valid, unexpired signature', async () => {
    const img = body(await upload(alice, small)).data;
    const path = img.url.split('?')[0];
    expect((await fetchFile(path)).statusCode).toBe(404);
    const tampered = img.url.replace(/sig=(.)/, (_m: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(img.url);
    expect((await fetchFile(tampered)).statusCode).toBe(404);
    expect((await fetchFile(img.url.replace('display.webp', 'thumb.webp'))).statusCode).toBe(404);
    expect((await fetchFile(img.url.replace(/exp=\d+/, 'exp=1000'))).statusCode).toBe(404);
    const traversal = await fetchFile('/files/images%2F..%2F..%2Fauth-secret?exp=9999999999&sig=x');
    expect([traversal.statusCode, body(traversal).error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses what is not a JPEG, PNG, WebP, GIF or AVIF by its content, and keeps nothing', async () => {
    await leavesNothing(async () => {
      const fake = await upload(alice, NOT_AN_IMAGE, { contentType: 'image/png', filename: 'fake.png' });
      expect(fake.statusCode).toBe(415);
      expect(body(fake).error.code).toBe('UNSUPPORTED_IMAGE');
      const svg = await upload(alice, SVG, { contentType: 'image/svg+xml', filename: 'logo.svg' });
      expect(svg.statusCode).toBe(415);
      expect(body(svg).error).toMatchObject({ code: 'UNSUPPORTED_IMAGE', details: { type: 'image/svg+xml' } });
    });
  });

  it('refuses an image over 20 MB (20,971,520 bytes) with the limit in bytes', async () => {
    const big = Buffer.concat([small, Buffer.alloc(LIMITS.imageBytes + 1 - small.length + 10)]);
    await leavesNothing(async () => {
      const res = await upload(alice, big);
      expect(res.statusCode).toBe(413);
      expect(body(res).error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { limitBytes: 20_971_520 } });
    });
  });

  it('refuses a decompression bomb (50,000 × 50,000 pixels in a few hundred bytes) without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2000);
    await leavesNothing(async () => {
      const started = Date.now();
      const res = await upload(alice, bomb, { contentType: 'image/png' });
      expect(res.statusCode).toBe(413);
      expect(body(res).error).toMatchObject({ code: 'TOO_MANY_PIXELS', details: { limitPixels: LIMITS.imagePixels } });
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  it('lets a reader upload nothing, and a stranger learns nothing', async () => {
    const bob = await buildUser(t, 'bob');
    const team = await buildWorkspace(t, bob);
    const reader = await buildMember(t, team, 'READER');
    await leavesNothing(async () => {
      const byReader = await upload(reader, small, { ws: team });
      expect(byReader.statusCode).toBe(403);
      expect(body(byReader).error).toMatchObject({ code: 'VIEWER_CANNOT_UPLOAD', message: 'Viewer members cannot upload sources.' });
      const byStranger = await upload(alice, small, { ws: bob.workspaceId });
      expect(byStranger.statusCode).toBe(404);
    });
  });

  it('answers 400 for a request without a file or not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}/image/upload/single`,
      headers: alice.headers,
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('leaves no row and no file when the upload is cut off halfway', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const form = multipart(photo('autumn-2560x1600.jpg'));
    await leavesNothing(async () => {
      await new Promise<void>((resolve) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/archive/sauce/${alice.workspaceId}/image/upload/single`,
          headers: { ...alice.headers, ...form.headers, 'content-length': form.payload.length },
        });
        req.on('error', () => resolve());
        req.on('response', () => resolve());
        req.write(form.payload.subarray(0, form.payload.length / 2), () => setTimeout(() => req.destroy(), 100));
      });
      await new Promise((r) => setTimeout(r, 300));
    });
  });

  it('gives fresh URLs of the caller’s own unsaved uploads only', async () => {
    const mine = await uploadId(alice);
    const carol = await buildUser(t, 'carol');
    const hers = await uploadId(carol);
    const res = await t.app.inject({
      url: `/api/archive/sauce/${alice.workspaceId}/image/upload?id=${mine}&id=${hers}&id=999999`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).data.map((i: { id: number }) => i.id)).toEqual([mine]);
  });
});

describe('image sources', () => {
  it('saves images in order with comments and a reply, lists the first as the card, sums byteSize', async () => {
    const [a, b] = [await uploadId(alice), await uploadId(alice, await sharp(photo('altai-1080x1920.png')).resize(300).png().toBuffer())];
    const res = await create(alice, {
      type: 'IMAGE',
      title: 'Autumn palette',
      imageSauce: [
        { id: b, comments: [] },
        {
          id: a,
          comments: [
            { id: 'c1', message: 'Warm light here', x: 0.25, y: 0.5 },
            { id: 'c2', message: 'Agreed', x: 0.25, y: 0.5, parent: 'c1' },
            { id: 'c3', message: 'Edge', x: 1, y: 0 },
          ],
        },
      ],
      tagSet: ['Color'],
    });
    expect(res.statusCode).toBe(200);
    const s = body(res).data;
    expect(s).toMatchObject({ type: 'IMAGE', title: 'Autumn palette', textCard: null, textSauce: null, tagSet: [{ name: 'color' }] });
    expect(s.imageSauce.map((i: any) => [i.id, i.order])).toEqual([[b, 0], [a, 1]]);
    const [c1, c2, c3] = s.imageSauce[1].comments;
    expect(c1).toMatchObject({ message: 'Warm light here', x: 0.25, y: 0.5, parent: null, authorNickname: 'alice' });
    expect(c2).toMatchObject({ message: 'Agreed', parent: c1.id });
    expect(c3).toMatchObject({ x: 1, y: 0, parent: null });
    expect(s.byteSize).toBe(s.imageSauce[0].byteSize + s.imageSauce[1].byteSize);
    expect(s.thumbnailMeta).toEqual({ width: 300, height: expect.any(Number), color: s.imageSauce[0].color });

    const got = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${s.id}`, headers: alice.headers })).data;
    expect(got.imageSauce).toEqual(s.imageSauce);
    const listed = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?image=true`, headers: alice.headers })).data;
    const card = listed.results.find((r: any) => r.id === s.id);
    expect(card.imageSauce).toBeNull();
    expect(card.thumbnail).toMatch(/\/thumb\.webp\?/);
    expect((await fetchFile(card.thumbnail)).statusCode).toBe(200);
    expect(listed.results.every((r: any) => r.type === 'IMAGE')).toBe(true);
    // Saved uploads are no longer pending.
    const pending = await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/image/upload?id=${a}`, headers: alice.headers });
    expect(body(pending).data).toEqual([]);
  });

  it('refuses a source with no images, an 11th image, an 11th comment, x = 1.5 and a reply across images', async () => {
    const ids = await Promise.all(Array.from({ length: 11 }, () => uploadId(alice)));
    const comment = (i: number) => ({ id: `k${i}`, message: `note ${i}`, x: 0.5, y: 0.5 });
    const before = await t.db.execute(sql`SELECT count(*)::int AS n FROM sauces`);
    const cases: [object, number, string][] = [
      [{ type: 'IMAGE', imageSauce: [] }, 400, 'NO_IMAGE'],
      [{ type: 'IMAGE', imageSauce: ids.map((id) => ({ id })) }, 422, 'LIMIT_REACHED'],
      [{ type: 'IMAGE', imageSauce: [{ id: ids[0], comments: Array.from({ length: 11 }, (_, i) => comment(i)) }] }, 422, 'LIMIT_REACHED'],
      [{ type: 'IMAGE', imageSauce: [{ id: ids[0], comments: [{ ...comment(1), x: 1.5 }] }] }, 400, 'INVALID_FORMAT'],
      [
        {
          type: 'IMAGE',
          imageSauce: [
            { id: ids[0], comments: [comment(1)] },
            { id: ids[1], comments: [{ ...comment(2), parent: 'k1' }] },
          ],
        },
        400,
        'INVALID_FORMAT',
      ],
      [{ type: 'IMAGE', imageSauce: [{ id: ids[0] }, { id: ids[0] }] }, 400, 'INVALID_FORMAT'],
      [{ type: 'IMAGE', title: 'x'.repeat(61), imageSauce: [{ id: ids[0] }] }, 400, 'INVALID_FORMAT'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await create(alice, payload);
      expect([res.statusCode, body(res).error.code]).toEqual([status, code]);
    }
    const noImage = await create(alice, { type: 'IMAGE', imageSauce: [] });
    expect(body(noImage).error.message).toBe('There is no image to upload.');
    expect((await t.db.execute(sql`SELECT count(*)::int AS n FROM sauces`)).rows).toEqual(before.rows);
    const attached = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sauce_images WHERE sauce_id IS NOT NULL AND id IN (${sql.join(ids, sql`, `)})`);
    expect(attached.rows[0]!.n).toBe(0);
    // Exactly ten images and ten comments are fine.
    const ten = await create(alice, {
      type: 'IMAGE',
      imageSauce: ids.slice(0, 10).map((id, i) => ({ id, comments: i === 0 ? Array.from({ length: 10 }, (_, j) => comment(j)) : [] })),
    });
    expect(ten.statusCode).toBe(200);
  });

  it('will not attach someone else’s upload or another source’s image', async () => {
    const dave = await buildUser(t, 'dave');
    const daves = await uploadId(dave);
    const res = await create(alice, { type: 'IMAGE', imageSauce: [{ id: daves }] });
    expect(res.statusCode).toBe(404);
    const first = body(await create(alice, { type: 'IMAGE', imageSauce: [{ id: await uploadId(alice) }] })).data;
    const taken = await create(alice, { type: 'IMAGE', imageSauce: [{ id: first.imageSauce[0].id }] });
    expect(taken.statusCode).toBe(404);
  });

  it('edits: reorders, removes an image with its files, keeps comment authors, replies by another editor', async () => {
    const team = await buildWorkspace(t, alice, 'Studio');
    const editor = await buildMember(t, team, 'EDITOR');
    const [a, b] = [await uploadId(alice, small, team), await uploadId(alice, small, team)];
    const s = body(
      await create(alice, { type: 'IMAGE', imageSauce: [{ id: a, comments: [{ id: 'n', message: 'Look', x: 0.1, y: 0.2 }] }, { id: b }] }, team),
    ).data;
    const note = s.imageSauce[0].comments[0];
    expect(note.isEditable).toBe(true);
    const removedUrl = s.imageSauce[1].url;
    expect((await fetchFile(removedUrl)).statusCode).toBe(200);
    const c = await uploadId(editor, small, team);

    // Issue #7: another editor cannot reword, move or delete alice's comment (it would keep
    // her name and date); nothing of the refused edit is written.
    const alicesNote = { id: note.id, message: note.message, x: note.x, y: note.y };
    for (const comments of [
      [{ ...alicesNote, message: 'Look closer' }],
      [{ ...alicesNote, x: 0.9 }],
      [],
    ]) {
      const refused = await patch(editor, s.id, { title: 'Edited', imageSauce: [{ id: a, comments }, { id: b }] }, team);
      expect(refused.statusCode, JSON.stringify(comments)).toBe(403);
      expect(body(refused).error.code).toBe('NOT_AUTHORIZED');
    }
    const unchanged = body(await t.app.inject({ url: `/api/archive/sauce/${team}/${s.id}`, headers: editor.headers })).data;
    expect(unchanged.title).toBe(s.title);
    expect(unchanged.imageSauce[0].comments).toEqual([{ ...note, isEditable: false }]);

    const res = await patch(
      editor,
      s.id,
      {
        title: 'Edited',
        imageSauce: [{ id: c }, { id: a, comments: [alicesNote, { id: 'r', message: 'Yes', x: 0.15, y: 0.2, parent: note.id }] }],
      },
      team,
    );
    expect(res.statusCode).toBe(200);
    const e = body(res).data;
    expect(e.title).toBe('Edited');
    expect(e.imageSauce.map((i: any) => i.id)).toEqual([c, a]);
    const [kept, reply] = e.imageSauce[1].comments;
    expect(kept).toMatchObject({ id: note.id, message: 'Look', authorNickname: 'alice', createdAt: note.createdAt, isEditable: false });
    expect(reply).toMatchObject({ parent: note.id, message: 'Yes', isEditable: true });
    expect(reply.authorNickname).not.toBe('alice');
    // Alice rewords her own comment; the editor's reply comes back unchanged and stays his.
    const own = await patch(
      alice,
      s.id,
      { imageSauce: [{ id: c }, { id: a, comments: [{ ...alicesNote, message: 'Look closer', x: 0.15 }, { id: reply.id, message: 'Yes', x: 0.15, y: 0.2, parent: note.id }] }] },
      team,
    );
    expect(own.statusCode).toBe(200);
    expect(body(own).data.imageSauce[1].comments.map((x: any) => [x.message, x.authorNickname === 'alice'])).toEqual([
      ['Look closer', true],
      ['Yes', false],
    ]);
    expect(e.byteSize).toBe(e.imageSauce[0].byteSize + e.imageSauce[1].byteSize);
    // The removed image's row and files are gone (a fresh signature would not help).
    expect((await fetchFile(removedUrl)).statusCode).toBe(404);
    expect((await t.db.execute(sql`SELECT 1 FROM sauce_images WHERE id = ${b}`)).rows).toEqual([]);

    // A comment of one image cannot be moved onto another; a text field has no place here.
    const moved = await patch(editor, s.id, { imageSauce: [{ id: c, comments: [{ id: note.id, message: 'x', x: 0, y: 0 }] }, { id: a }] }, team);
    expect(moved.statusCode).toBe(400);
    expect((await patch(editor, s.id, { textSauce: { text: 'x' } }, team)).statusCode).toBe(400);
    expect((await patch(editor, s.id, { title: 'y'.repeat(61) }, team)).statusCode).toBe(400);
    const empty = await patch(editor, s.id, { imageSauce: [] }, team);
    expect(body(empty).error.code).toBe('NO_IMAGE');
    // Readers may not edit.
    const reader = await buildMember(t, team, 'READER');
    expect((await patch(reader, s.id, { title: 'no' }, team)).statusCode).toBe(403);
  });

  it('deleting a source deletes its images’ rows and files', async () => {
    const s = body(await create(alice, { type: 'IMAGE', imageSauce: [{ id: await uploadId(alice) }, { id: await uploadId(alice) }] })).data;
    const keysBefore = await storedKeys();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${alice.workspaceId}/${s.id}`, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    const keysAfter = await storedKeys();
    expect(keysBefore.length - keysAfter.length).toBe(6);
    for (const img of s.imageSauce) expect(keysAfter.some((k) => img.url.includes(k))).toBe(false);
  });

  it('shows a shared source’s images to anyone with the link, and nothing once unshared', async () => {
    const s = body(await create(alice, { type: 'IMAGE', imageSauce: [{ id: await uploadId(alice), comments: [{ id: 'a', message: 'Hi', x: 0.5, y: 0.5 }] }] })).data;
    const share = (on: boolean) =>
      t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}/${s.id}/share`, headers: alice.headers, payload: { isShareEnabled: on } });
    const link = body(await share(true)).data.link as string;
    const shareId = link.split('/').pop();
    const pub = await t.app.inject({ url: `/api/archive/sauce/share/${shareId}` });
    expect(pub.statusCode).toBe(200);
    const shared = body(pub).data;
    expect(shared.imageSauce[0].comments[0].message).toBe('Hi');
    const img = await fetchFile(shared.imageSauce[0].url);
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/webp']);
    await share(false);
    expect((await t.app.inject({ url: `/api/archive/sauce/share/${shareId}` })).statusCode).toBe(404);
  });

  it('sweeps unsaved uploads past their lifetime with their files', async () => {
    const id = await uploadId(alice);
    const keys = await storedKeys();
    expect(await sweepImages(t.db, files, 60_000)).toBe(0);
    await t.db.execute(sql`UPDATE sauce_images SET created_at = now() - interval '8 days' WHERE id = ${id}`);
    expect(await sweepImages(t.db, files)).toBeGreaterThanOrEqual(1);
    expect((await storedKeys()).length).toBeLessThanOrEqual(keys.length - 3);
    expect((await t.db.execute(sql`SELECT 1 FROM sauce_images WHERE id = ${id}`)).rows).toEqual([]);
  });
});

describe('image sources on S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t3: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    s3 = await startS3Server();
    t3 = await buildTestApp(s3.env);
    user = await buildUser(t3, 'erin');
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('uploads, serves and deletes through the S3 driver', async () => {
    expect(t3.config.files.driver).toBe('s3');
    const store = createFileStore(t3.config.files);
    const form = multipart(small);
    const up = await t3.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${user.workspaceId}/image/upload/single`,
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(200);
    const img = body(up).data;
    expect(await listKeys(store, 'images/')).toHaveLength(3);
    const file = await t3.app.inject({ url: img.url });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(640);
    const s = body(
      await t3.app.inject({ method: 'POST', url: `/api/archive/sauce/${user.workspaceId}`, headers: user.headers, payload: { type: 'IMAGE', imageSauce: [{ id: img.id }] } }),
    ).data;
    await t3.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${user.workspaceId}/${s.id}`, headers: user.headers });
    expect(await listKeys(store, 'images/')).toEqual([]);
  });
});
