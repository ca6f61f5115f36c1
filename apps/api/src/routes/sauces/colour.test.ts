/**
 * Issue #21 item 4 (find images by colour) and item 5's image half (a nearly identical image
 * is pointed out before saving), on the repository's real photographs: each image's palette,
 * the source list's `color` filter (hits, misses, paging, bad values, other spaces), the
 * upload's `similarTo`, and the backfill of images stored before palettes existed.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hexToLab, labDistance, type Lab } from '../../lib/colour.ts';
import { backfillSignatures } from '../../services/images.ts';
import { createFileStore } from '../../storage/file-store.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { photo, type PhotoName } from '../../test/image-fixtures.ts';
import { multipart } from '../../test/upload.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
/** The photos at 1280 px wide: real JPEG/PNG data, quicker to process than the originals. */
const photos = {} as Record<PhotoName, Buffer>;
/** Alice's sources, by photo. */
const sauceOf = {} as Record<PhotoName, number>;

const upload = async (u: TestUser, data: Buffer, ws = u.workspaceId) => {
  const form = multipart(data);
  return t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${ws}/image/upload/single`,
    headers: { ...u.headers, ...form.headers },
    payload: form.payload,
  });
};
const save = async (u: TestUser, imageId: number, title: string, extra: object = {}, ws = u.workspaceId) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${ws}`,
    headers: u.headers,
    payload: { type: 'IMAGE', title, imageSauce: [{ id: imageId }], ...extra },
  });
  expect(res.statusCode).toBe(200);
  return body(res).data.id as number;
};
const list = (u: TestUser, query: string, ws = u.workspaceId) =>
  t.app.inject({ url: `/api/archive/sauce/${ws}/list?${query}`, headers: u.headers });
const listIds = async (u: TestUser, query: string, ws = u.workspaceId) => {
  const res = await list(u, query, ws);
  expect(res.statusCode).toBe(200);
  return (body(res).data.results as { id: number }[]).map((r) => r.id);
};
const colour = (hex: string) => `color=${encodeURIComponent(hex)}`;
/** The hue angle of an OKLab colour, degrees 0–360 (0 pinkish red, 60–90 orange–yellow, 140 green, 240 blue). */
const hue = (c: Lab) => ((Math.atan2(c.b, c.a) * 180) / Math.PI + 360) % 360;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await buildUser(t, 'alice');
  bob = await buildUser(t, 'bob');
  for (const name of ['autumn-2560x1600.jpg', 'colorful-cups-2560x1600.jpg', 'altai-1080x1920.png'] as const) {
    photos[name] = await sharp(photo(name)).resize({ width: 1280 }).toBuffer();
  }
  for (const name of Object.keys(photos) as PhotoName[]) {
    const res = await upload(alice, photos[name]);
    expect(res.statusCode).toBe(200);
    sauceOf[name] = await save(alice, body(res).data.id, name);
  }
});

describe('palette', () => {
  const paletteOf = async (name: PhotoName) => {
    const res = await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${sauceOf[name]}`, headers: alice.headers });
    return body(res).data.imageSauce[0].palette as string[];
  };

  it('gives every image five colours #rrggbb, presented on the source', async () => {
    for (const name of Object.keys(photos) as PhotoName[]) {
      const palette = await paletteOf(name);
      expect(palette).toHaveLength(5);
      for (const c of palette) expect(c).toMatch(/^#[0-9a-f]{6}$/);
      expect(new Set(palette).size).toBe(5);
    }
  });

  it('finds the photos\' dominant hues: autumn is warm browns and creams, altai is sky blue', async () => {
    const autumn = (await paletteOf('autumn-2560x1600.jpg')).map(hexToLab);
    // Every colour of it warm (orange to yellow, or a near-neutral cream), a dark orange-brown among them.
    for (const c of autumn) {
      expect(c.b).toBeGreaterThan(0);
      if (Math.hypot(c.a, c.b) <= 0.03) continue;
      expect(hue(c)).toBeGreaterThan(30);
      expect(hue(c)).toBeLessThan(110);
    }
    expect(autumn.some((c) => c.l < 0.6 && hue(c) > 30 && hue(c) < 80 && Math.hypot(c.a, c.b) > 0.08)).toBe(true);
    const altai = (await paletteOf('altai-1080x1920.png')).map(hexToLab);
    // Sky blue first, and most of its colours blue.
    expect(hue(altai[0]!)).toBeGreaterThan(200);
    expect(hue(altai[0]!)).toBeLessThan(260);
    expect(altai.filter((c) => c.b < -0.03).length).toBeGreaterThanOrEqual(3);
    const cups = (await paletteOf('colorful-cups-2560x1600.jpg')).map(hexToLab);
    // A dark plum background, pale turquoise and pink cups.
    expect(cups[0]!.l).toBeLessThan(0.35);
    expect(cups.some((c) => c.a < -0.03 && c.b < -0.01 && c.l > 0.6)).toBe(true);
    expect(cups.some((c) => c.a > 0.03 && c.l > 0.6)).toBe(true);
  });

  it('is in the upload answer too, and is the same for the same picture', async () => {
    const res = await upload(alice, photos['altai-1080x1920.png']);
    expect(body(res).data.palette).toEqual(await paletteOf('altai-1080x1920.png'));
  });
});

describe('colour filter', () => {
  it('finds the sources whose images hold a colour close to the one asked for, and not the others', async () => {
    const sky = await listIds(alice, colour('#3b7ab0'));
    expect(sky).toContain(sauceOf['altai-1080x1920.png']);
    expect(sky).not.toContain(sauceOf['autumn-2560x1600.jpg']);
    const brown = await listIds(alice, colour('#8a4b12'));
    expect(brown).toEqual([sauceOf['autumn-2560x1600.jpg']]);
    // Upper case is the same colour.
    expect(await listIds(alice, colour('#8A4B12'))).toEqual(brown);
    // A saturated green is in none of them.
    expect(await listIds(alice, colour('#00c853'))).toEqual([]);
  });

  it('counts the matches, and combines with the other filters', async () => {
    const res = await list(alice, colour('#8a4b12'));
    expect(body(res).data.count).toBe(1);
    expect(await listIds(alice, `${colour('#8a4b12')}&text=true`)).toEqual([]);
    expect(await listIds(alice, `${colour('#8a4b12')}&image=true`)).toEqual([sauceOf['autumn-2560x1600.jpg']]);
    expect(await listIds(alice, `${colour('#8a4b12')}&search=autumn`)).toEqual([sauceOf['autumn-2560x1600.jpg']]);
    expect(await listIds(alice, `${colour('#8a4b12')}&search=altai`)).toEqual([]);
  });

  it('pages by cursor through many matches without skipping or repeating one, with a tag filter too', async () => {
    const ws = await buildWorkspace(t, alice, 'Colours');
    const saved: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await upload(alice, photos['altai-1080x1920.png'], ws);
      saved.push(await save(alice, body(res).data.id, `sky ${i}`, { tagSet: i % 2 ? ['odd'] : [] }, ws));
    }
    const autumn = await upload(alice, photos['autumn-2560x1600.jpg'], ws);
    await save(alice, body(autumn).data.id, 'leaves', {}, ws);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(alice, `${colour('#3b7ab0')}&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`, ws);
      const data = body(res).data;
      expect(data.count).toBe(5);
      seen.push(...data.results.map((r: { id: number }) => r.id));
      cursor = data.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...saved].reverse());
    expect(await listIds(alice, `${colour('#3b7ab0')}&tag=odd`, ws)).toEqual([saved[3], saved[1]]);
  });

  it('forgets an image once it leaves its source', async () => {
    const ws = await buildWorkspace(t, alice, 'Leaving');
    const sky = await upload(alice, photos['altai-1080x1920.png'], ws);
    const id = await save(alice, body(sky).data.id, 'sky', {}, ws);
    expect(await listIds(alice, colour('#3b7ab0'), ws)).toEqual([id]);
    const leaves = await upload(alice, photos['autumn-2560x1600.jpg'], ws);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/archive/sauce/${ws}/${id}`,
      headers: alice.headers,
      payload: { imageSauce: [{ id: body(leaves).data.id }] },
    });
    expect(res.statusCode).toBe(200);
    expect(await listIds(alice, colour('#3b7ab0'), ws)).toEqual([]);
    expect(await listIds(alice, colour('#8a4b12'), ws)).toEqual([id]);
    await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${ws}/${id}`, headers: alice.headers });
    expect(await listIds(alice, colour('#8a4b12'), ws)).toEqual([]);
  });

  it.each([['red'], ['#12'], ['#zzzzzz'], ['#1234567'], ['123456'], ['#' + 'a'.repeat(199)], ['x'.repeat(200)]])(
    'answers 400 INVALID_FORMAT for the colour %s',
    async (value) => {
      const res = await list(alice, `color=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(400);
      expect(body(res).error.code).toBe('INVALID_FORMAT');
      expect(body(res).error.message).toBe('Invalid format.');
    },
  );

  it("never shows another space's sources: a stranger gets 404, and the filter reads only the asked space", async () => {
    expect((await list(bob, colour('#3b7ab0'), alice.workspaceId)).statusCode).toBe(404);
    const res = await upload(bob, photos['altai-1080x1920.png']);
    const bobs = await save(bob, body(res).data.id, 'bob sky');
    expect(await listIds(bob, colour('#3b7ab0'))).toEqual([bobs]);
    expect(await listIds(alice, colour('#3b7ab0'))).not.toContain(bobs);
  });

  it('matches by distance in OKLab within 0.1: the palettes of the matches are that close, the misses are not', async () => {
    const query = hexToLab('#3b7ab0');
    const { rows } = await t.db.execute<{ sauce_id: number; d: number }>(sql`
      SELECT c.sauce_id, min(sqrt((c.l - ${query.l})^2 + (c.a - ${query.a})^2 + (c.b - ${query.b})^2)) AS d
      FROM sauce_colours c WHERE c.workspace_id = ${alice.workspaceId} AND c.sauce_id IS NOT NULL GROUP BY c.sauce_id`);
    const hits = new Set(await listIds(alice, colour('#3b7ab0')));
    for (const r of rows) expect(hits.has(r.sauce_id)).toBe(r.d <= 0.1);
    expect(labDistance(query, hexToLab('#3a79ae'))).toBeLessThan(0.01);
  });
});

describe('similar images (similarTo)', () => {
  it('points out a source holding a re-encoded, resized copy, and nothing for a different photo', async () => {
    const copy = await sharp(photos['autumn-2560x1600.jpg']).resize({ width: 800 }).webp({ quality: 60 }).toBuffer();
    const res = await upload(alice, copy);
    expect(res.statusCode).toBe(200);
    const similar = body(res).data.similarTo;
    expect(similar.map((s: { id: number }) => s.id)).toContain(sauceOf['autumn-2560x1600.jpg']);
    const hit = similar.find((s: { id: number }) => s.id === sauceOf['autumn-2560x1600.jpg']);
    expect(hit).toMatchObject({ type: 'IMAGE', title: 'autumn-2560x1600.jpg' });
    expect(hit.distance).toBeLessThanOrEqual(6);
    expect(hit.thumbnailUrl).toMatch(/^\/files\/images\/[0-9a-f]{32}\/thumb\.webp\?/);
    // Saving it anyway works.
    await save(alice, body(res).data.id, 'again');

    const other = await sharp(photos['colorful-cups-2560x1600.jpg']).extract({ left: 0, top: 0, width: 640, height: 400 }).toBuffer();
    const fresh = await upload(alice, await sharp(photos['altai-1080x1920.png']).flop().toBuffer());
    expect(body(fresh).data.similarTo).toEqual([]);
    expect(body(await upload(alice, other)).data.similarTo).toEqual([]);
  });

  it("never names a source of a space the uploader is not in, nor anyone's unsaved upload", async () => {
    const team = await buildWorkspace(t, bob, 'Bob team');
    const carol = await buildMember(t, team, 'EDITOR');
    // Bob's personal space holds the sky photo (saved above); alice has an unsaved copy of the cups.
    await upload(alice, photos['colorful-cups-2560x1600.jpg']);
    const res = await upload(carol, photos['altai-1080x1920.png'], team);
    expect(res.statusCode).toBe(200);
    expect(body(res).data.similarTo).toEqual([]);
    const cups = await upload(carol, photos['colorful-cups-2560x1600.jpg'], team);
    expect(body(cups).data.similarTo).toEqual([]);
  });
});

describe('backfill of older images', () => {
  it('reads the palette and hash of images stored without them, and the colour filter then finds them', async () => {
    const ws = await buildWorkspace(t, alice, 'Old');
    const res = await upload(alice, photos['altai-1080x1920.png'], ws);
    const id = await save(alice, body(res).data.id, 'old sky', {}, ws);
    // As an image stored before migration 0015 is.
    await t.db.execute(sql`UPDATE sauce_images SET palette = NULL, phash = NULL WHERE sauce_id = ${id}`);
    await t.db.execute(sql`DELETE FROM sauce_colours WHERE sauce_id = ${id}`);
    expect(await listIds(alice, colour('#3b7ab0'), ws)).toEqual([]);
    let run = { done: 0, more: true };
    while (run.more) run = await backfillSignatures(t.db, createFileStore(t.config.files));
    expect(await listIds(alice, colour('#3b7ab0'), ws)).toEqual([id]);
    const read = await t.app.inject({ url: `/api/archive/sauce/${ws}/${id}`, headers: alice.headers });
    expect(body(read).data.imageSauce[0].palette).toHaveLength(5);
  });
});
