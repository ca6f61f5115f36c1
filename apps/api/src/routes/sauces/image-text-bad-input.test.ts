import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { imageTextSending } from '../../jobs/image-text.ts';
import { READ_MAX_PIXELS, READ_MAX_SIDE, type TextReader } from '../../lib/text-reader.ts';
import { MAX_ATTEMPTS, queueBackfill, runImageText, watchImageText } from '../../services/image-text.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, buildWorkspace, type TestUser, uploadImage } from '../../test/factories.ts';
import { pngBomb } from '../../test/image-fixtures.ts';
import { createFileStore } from '../../storage/file-store.ts';
import { imageText, saveImageSauce, screenshot } from '../../test/image-text.ts';
import { multipart } from '../../test/upload.ts';

/**
 * Issue #33, 'Done means': bad input ends in a clear state — no text, or 'could not be read' —
 * never a crash or a stuck job: an image of 20,000 × 20,000 px (refused by the upload, before
 * anything reads it; a big one it accepts is read from a bounded copy), a blank image, noise,
 * an animated GIF, an image deleted while it is read, its space deleted meanwhile, a reading
 * past its deadline, readings that keep dying. And when images are read: the backfill takes
 * spaces in turn, after new images; nothing is sent when reading is off.
 */
/**
 * Reading on; at the server's own priority (IMAGE_TEXT_NICE 0, not 19): the tests share two
 * cores with other work, whose processes would otherwise take nearly all of them.
 */
const READING = { IMAGE_TEXT: 'true', IMAGE_TEXT_NICE: '0', PLAN_SOURCES_PER_SPACE: 'unlimited' };
let t: TestApp;
let alice: TestUser;
let stopWatching: (() => void) | null = null;
afterEach(() => stopWatching?.());

const png = (width: number, height: number, background = '#ffffff') => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
/** Waiting image-text jobs, in the order pg-boss runs them. */
const waitingJobs = async (app = t) =>
  (await app.db.$client.query<{ image: number; priority: number }>(
    `SELECT (data->>'imageId')::int AS image, priority FROM pgboss.job WHERE name = 'image-text' AND state = 'created' ORDER BY priority DESC, created_on, id`,
  )).rows;

beforeAll(async () => {
  t = await buildTestApp(READING);
  alice = await buildUser(t);
});

describe('bad input (issue #33)', () => {
  it('refuses an image of 20,000 × 20,000 px at the upload: nothing is left to read', async () => {
    const form = multipart(pngBomb(20_000, 20_000), { filename: 'huge.png', contentType: 'image/png' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${alice.workspaceId}/image/upload/single`,
      headers: { ...alice.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(body(res).error.code).toBe('TOO_MANY_PIXELS');
    expect(await waitingJobs()).toEqual([]);
  });

  it('reads a big image the upload accepts (7,000 × 7,000 px) from a copy of at most 4 MP', async () => {
    // A screenshot at twice its size in the middle of a white 49 MP page (the upload's limit is 50 MP).
    const big = await sharp(screenshot('en-05'))
      .resize(2_880, 1_800)
      .extend({ top: 2_600, bottom: 2_600, left: 2_060, right: 2_060, background: '#ffffff' })
      .greyscale()
      .jpeg({ quality: 80 })
      .toBuffer();
    const { imageIds } = await saveImageSauce(t, alice, 'big', [big]);
    let copy: { width: number; height: number } | null = null;
    stopWatching = watchImageText(t.jobs, (s) => void (s.step === 'read' && (copy = s)));
    expect(await t.runUntilIdle(['image-text'])).toMatchObject({ completed: 1, failed: 0 });
    const { width, height } = copy!;
    expect(width * height).toBeLessThanOrEqual(READ_MAX_PIXELS);
    expect(Math.max(width, height)).toBeLessThanOrEqual(READ_MAX_SIDE);
    expect(await imageText(t, imageIds[0]!)).toMatchObject({ text_status: 'done', text: expect.stringContaining('Fresh bagels delivered') });
  }, 90_000);

  it('finds no words in a blank image, nor in noise (or gives it up)', async () => {
    const noise = Buffer.alloc(480 * 320 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
    const { imageIds } = await saveImageSauce(t, alice, 'blank and noise', [
      await png(1_440, 900),
      await sharp(noise, { raw: { width: 480, height: 320, channels: 3 } }).png().toBuffer(),
    ]);
    expect(await t.runUntilIdle(['image-text'])).toMatchObject({ completed: 2, failed: 0 });
    expect(await imageText(t, imageIds[0]!)).toMatchObject({ text_status: 'none', text: '' });
    // Noise holds no words; read past its deadline on a busy machine, it is 'could not be read'.
    expect(await imageText(t, imageIds[1]!)).toMatchObject({ text_status: expect.stringMatching(/^(none|failed)$/), text: '' });
  }, 60_000);

  it('reads the first frame of an animated GIF', async () => {
    const frames = await Promise.all([
      sharp(screenshot('en-08')).resize(1_080, 675).png().toBuffer(),
      png(1_080, 675, '#ff8800'),
      png(1_080, 675, '#0088ff'),
    ]);
    const gif = await sharp(frames, { join: { animated: true } }).gif({ delay: [500, 500, 500], loop: 0 }).toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const { imageIds } = await saveImageSauce(t, alice, 'animated', [gif]);
    expect(await t.runUntilIdle(['image-text'])).toMatchObject({ completed: 1, failed: 0 });
    expect(await imageText(t, imageIds[0]!)).toMatchObject({ text_status: 'done', text: expect.stringContaining('Winter jackets') });
  }, 60_000);

  it('ends quietly when the image is deleted while it is read', async () => {
    const { id, imageIds } = await saveImageSauce(t, alice, 'deleted meanwhile', [screenshot('en-01')]);
    stopWatching = watchImageText(t.jobs, async (s) => {
      if (s.step !== 'reading' || s.imageId !== imageIds[0]) return;
      const res = await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(await t.runUntilIdle(['image-text'])).toMatchObject({ completed: 1, failed: 0 });
    expect(await imageText(t, imageIds[0]!)).toBeUndefined();
  }, 60_000);

  it('ends quietly when the space is deleted meanwhile', async () => {
    const team = await buildWorkspace(t, alice, 'Short-lived');
    const { imageIds } = await saveImageSauce(t, alice, 'in a team space', [screenshot('ko-03')], team);
    stopWatching = watchImageText(t.jobs, async (s) => {
      if (s.step !== 'reading' || s.imageId !== imageIds[0]) return;
      const res = await t.app.inject({ method: 'DELETE', url: `/api/workspace/${team}`, headers: alice.headers });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(await t.runUntilIdle(['image-text'])).toMatchObject({ completed: 1, failed: 0 });
    expect(await imageText(t, imageIds[0]!)).toBeUndefined();
  }, 60_000);

  it('gives up an image whose readings keep dying, and never reads it again', async () => {
    const { imageIds } = await saveImageSauce(t, alice, 'cursed', [await png(200, 100)]);
    const [imageId] = imageIds;
    await t.db.$client.query(`UPDATE sauce_images SET text_attempts = $1 WHERE id = $2`, [MAX_ATTEMPTS - 1, imageId]);
    const reader: TextReader = { read: () => Promise.reject(new Error('never called')), engines: () => 0, close: async () => undefined };
    // The job's retry (its process died reading it) counts one more attempt: the last.
    const outcome = await runImageText({ db: t.db, files: createFileStore(t.config.files), reader }, t.jobs, imageId!, { retryCount: 1 });
    expect(outcome).toBe('failed');
    expect(await imageText(t, imageId!)).toMatchObject({ text_status: 'failed', text_attempts: MAX_ATTEMPTS });
    await t.runUntilIdle(['image-text']);
    expect(await imageText(t, imageId!)).toMatchObject({ text_status: 'failed' });
    expect((await queueBackfill(t.db, imageTextSending(t))).map((i) => i.id)).not.toContain(imageId);
  });
});

describe('a reading past its deadline (issue #33)', () => {
  it("is 'could not be read', never tried again; the next image is read by a new engine", async () => {
    const late = await buildTestApp({ ...READING, IMAGE_TEXT_TIMEOUT_MS: '2000' });
    const bob = await buildUser(late);
    // Four screenshots in one: more than 2 s of the engine's CPU time.
    const names = ['en-02', 'ko-05', 'en-07', 'ko-10'];
    const tiles = await Promise.all(names.map((n) => screenshot(n)));
    const dense = await sharp({ create: { width: 2_880, height: 1_800, channels: 3, background: '#ffffff' } })
      .composite(tiles.map((input, i) => ({ input, left: (i % 2) * 1_440, top: Math.floor(i / 2) * 900 })))
      .png()
      .toBuffer();
    const small = await sharp(screenshot('en-06')).extract({ left: 80, top: 180, width: 1_100, height: 110 }).png().toBuffer();
    const { imageIds } = await saveImageSauce(late, bob, 'too much to read', [dense, small]);
    const report = await late.runUntilIdle(['image-text']);
    expect(report).toMatchObject({ completed: 2, failed: 0 });
    expect(await imageText(late, imageIds[0]!)).toMatchObject({ text_status: 'failed', text: '' });
    expect(await imageText(late, imageIds[1]!)).toMatchObject({ text_status: 'done', text: expect.stringContaining('typography') });
    expect(await late.runUntilIdle(['image-text'])).toMatchObject({ completed: 0 });
    expect(await queueBackfill(late.db, imageTextSending(late))).toEqual([]);
  }, 120_000);
});

describe('the order of reading (issue #33)', () => {
  it('reads new images first, and the backfill a few of each space in turn', async () => {
    await t.runUntilIdle(['image-text']);
    const crowded = await buildUser(t);
    const quiet = await buildUser(t);
    const newcomer = await buildUser(t);
    const blank = await png(160, 120);
    const many = await saveImageSauce(t, crowded, 'many', Array.from({ length: 10 }, () => blank));
    const few = await saveImageSauce(t, quiet, 'few', [blank, blank]);
    // As if kept before reading existed: pending, no job.
    await t.db.$client.query(`DELETE FROM pgboss.job WHERE name = 'image-text'`);
    const sending = imageTextSending(t);
    const batch = await queueBackfill(t.db, sending);
    const [c, q] = [many.imageIds, few.imageIds];
    // Two spaces with pending images: 15 each at most, interleaved.
    expect(batch.map((i) => i.id)).toEqual([c[0], q[0], c[1], q[1], ...c.slice(2)]);
    // No second batch while the first waits.
    expect(await queueBackfill(t.db, sending)).toEqual([]);
    // A new upload anywhere goes before all of the backfill.
    const fresh = await uploadImage(t, newcomer, blank);
    expect((await waitingJobs()).map((j) => j.image)).toEqual([fresh.id, ...batch.map((i) => i.id)]);
  });

  it('sends nothing when reading is off (IMAGE_TEXT=false): images stay pending for later', async () => {
    const off = await buildTestApp({ IMAGE_TEXT: 'false' });
    const carol = await buildUser(off);
    const { imageIds } = await saveImageSauce(off, carol, 'unread', [await png(200, 100)]);
    expect(await waitingJobs(off)).toEqual([]);
    expect(await imageText(off, imageIds[0]!)).toMatchObject({ text_status: 'pending' });
    expect(await queueBackfill(off.db, imageTextSending(off))).toEqual([]);
  });
});
