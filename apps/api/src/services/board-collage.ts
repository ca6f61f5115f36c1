import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { loadSharp } from '../lib/sharp.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { BoardGate } from './boards.ts';
import { THUMBNAIL_FILE } from './images.ts';

/** The collage's size, px: what Open Graph and Twitter's large card show (1.91:1). */
export const COLLAGE_SIZE = { width: 1200, height: 630 } as const;
/** White space between the collage's pictures, px. */
const GAP_PX = 8;
/** At most this many images make a collage (issue #32: the folder's first four). */
const COLLAGE_IMAGES = 4;

/** Where a board's link preview takes its picture from. */
export interface BoardCover {
  /** The storage key of the board's first image (its first image source's first image), for the page's first thumbnail; null without images. */
  firstImageKey: string | null;
  /** The collage's key in the FileStore (`boards/<row id>-<16 hex>.jpg`, JPEG 1200 × 630); null without images, or when it could not be made (logged). */
  collageKey: string | null;
}

/** [left, top, width, height] of each picture of a collage of `n` (1–4) pictures. */
function tiles(n: number): [number, number, number, number][] {
  const { width: w, height: h } = COLLAGE_SIZE;
  const half = (w - GAP_PX) / 2;
  const row = (h - GAP_PX) / 2;
  if (n === 1) return [[0, 0, w, h]];
  if (n === 2) return [[0, 0, half, h], [half + GAP_PX, 0, half, h]];
  const right: [number, number, number, number][] = [[half + GAP_PX, 0, half, row], [half + GAP_PX, row + GAP_PX, half, row]];
  if (n === 3) return [[0, 0, half, h], ...right];
  return [[0, 0, half, row], [0, row + GAP_PX, half, row], ...right];
}

/**
 * The JPEG collage of `pictures` (encoded images; the first four are used): one fills the
 * picture, two side by side, three as one large and two small, four as a grid — each cut to
 * its tile (cover), on white.
 */
export async function makeCollage(pictures: Buffer[]): Promise<Buffer> {
  const sharp = await loadSharp();
  const layout = tiles(Math.min(COLLAGE_IMAGES, pictures.length));
  const parts = await Promise.all(
    layout.map(async ([left, top, width, height], i) => ({
      input: await sharp(pictures[i]).rotate().resize(Math.round(width), Math.round(height), { fit: 'cover' }).toBuffer(),
      left: Math.round(left),
      top: Math.round(top),
    })),
  );
  return sharp({ create: { ...COLLAGE_SIZE, channels: 3, background: '#ffffff' } }).composite(parts).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/**
 * Issue #32: a board's link-preview picture, made once and kept until the folder's first four
 * images change (a source added, removed or reordered before them, an image of theirs
 * changed): `cover(gate)` reads the keys of the folder's first four images (its sources in
 * order, each source's images in order) — one statement — and answers the collage recorded
 * for them (`collageOf`, their fingerprint), or makes it from their thumbnails with sharp,
 * stores it under a key naming the fingerprint (a new picture gets a new URL, which chat apps
 * fetch again), records it on the board's row and deletes the one it replaces (files no row
 * names are swept by services/file-reconciliation.ts anyway). Requests at once for one picture
 * share its making.
 */
export function createBoardCovers(deps: { db: Db; files: FileStore; log?: FastifyBaseLogger }) {
  const making = new Map<string, Promise<string | null>>();

  const make = async (gate: BoardGate, keys: string[], fingerprint: string): Promise<string | null> => {
    const key = `boards/${gate.id}-${fingerprint}.jpg`;
    try {
      const pictures = await Promise.all(
        keys.map(async (k) => {
          const file = await deps.files.get(`${k}/${THUMBNAIL_FILE}`);
          if (!file) throw new Error(`${k}/${THUMBNAIL_FILE} is missing`);
          return Buffer.concat(await file.body.toArray());
        }),
      );
      await deps.files.put(key, await makeCollage(pictures), 'image/jpeg');
      const { rows } = await deps.db.$client.query<{ old: string | null }>(
        `UPDATE folder_shares b SET collage_key = $2, collage_of = $3
         FROM (SELECT id, collage_key FROM folder_shares WHERE id = $1 FOR UPDATE) o WHERE b.id = o.id RETURNING o.collage_key AS old`,
        [gate.id, key, fingerprint],
      );
      const old = rows[0]?.old;
      if (old && old !== key) await deps.files.delete([old]).catch(() => undefined);
      return key;
    } catch (err) {
      deps.log?.warn({ err, board: gate.id }, "a board's collage could not be made; its card has no picture");
      return null;
    }
  };

  return async function cover(gate: BoardGate): Promise<BoardCover> {
    const { rows } = await deps.db.$client.query<{ key: string }>({
      name: 'board-first-images',
      text: `SELECT i.storage_key AS key FROM sauce_folders d
        CROSS JOIN LATERAL (SELECT storage_key, position, id FROM sauce_images WHERE sauce_id = d.sauce_id ORDER BY position, id LIMIT ${COLLAGE_IMAGES}) i
        WHERE d.folder_id = $1 ORDER BY d.sauce_created_at DESC, d.sauce_id DESC, i.position, i.id LIMIT ${COLLAGE_IMAGES}`,
      values: [gate.folderId],
    });
    const keys = rows.map((r) => r.key);
    if (keys.length === 0) return { firstImageKey: null, collageKey: null };
    const fingerprint = createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 16);
    if (gate.collageOf === fingerprint && gate.collageKey) return { firstImageKey: keys[0]!, collageKey: gate.collageKey };
    const slot = `${gate.id}:${fingerprint}`;
    let made = making.get(slot);
    if (!made) {
      made = make(gate, keys, fingerprint).finally(() => making.delete(slot));
      making.set(slot, made);
    }
    return { firstImageKey: keys[0]!, collageKey: await made };
  };
}
