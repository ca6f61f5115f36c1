import { randomBytes } from 'node:crypto';
import { LIMITS } from '@sauce/contract/limits';
import type { ImageInput } from '@sauce/contract/sauces';
import { and, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { lockPerson } from '../db/locks.ts';
import { imageComments, sauceColours, sauceImages } from '../db/schema.ts';
import { isoUtcSql } from '../db/sql.ts';
import { InvalidFormatError, LimitReachedError, NoImageError, NotAuthorizedError, NotFoundError } from '../errors.ts';
import { canChangeComment, lockMembership, type Membership } from '../policies/workspace.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { Ticket } from '../lib/fair-queue.ts';
import { processImage, type ImageInput as ImageData } from './image-processing.ts';
import { colourCell, SIMILAR_HASH_BITS } from '../lib/colour.ts';
import { imageSignature, type ImageSignature } from './image-signature.ts';
import { type ImageTextSending, sendImageTextJobs, wakeImageText } from '../jobs/image-text.ts';

/** File names of an image's display copy and thumbnail under its storage key (the original's name is stored per image). */
export const DISPLAY_FILE = 'display.webp';
export const THUMBNAIL_FILE = 'thumb.webp';

/** How long an upload may wait to be saved into a source before it is swept, ms (7 days). */
export const PENDING_UPLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** An image row as services pass it around. */
export type ImageRow = typeof sauceImages.$inferSelect;

/** Every file key of an image (original, display size, thumbnail). */
export const imageFileKeys = (img: Pick<ImageRow, 'storageKey' | 'originalName'>) => [
  `${img.storageKey}/${img.originalName}`,
  `${img.storageKey}/${DISPLAY_FILE}`,
  `${img.storageKey}/${THUMBNAIL_FILE}`,
];

/** Unsaved uploads of `userId` now. */
async function pendingCount(db: Tx, userId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(sauceImages)
    .where(and(eq(sauceImages.uploaderId, userId), isNull(sauceImages.sauceId)));
  return n;
}

/**
 * Refuses an upload early, before its body is read, when its person already holds
 * LIMITS.pendingUploads unsaved uploads. (uploadImage checks again when it writes the row.)
 * @throws LIMIT_REACHED (422).
 */
export async function assertUploadRoom(db: Db, userId: number): Promise<void> {
  if ((await pendingCount(db, userId)) >= LIMITS.pendingUploads) throw LimitReachedError('pendingUploads', LIMITS.pendingUploads);
}

/**
 * Stores an upload for `actor` in `workspaceId`: checks and processes it (processImage: type by content, pixel and frame
 * limits, EXIF stripped, WebP display and thumbnail) in its turn in the image line (`ticket`), writes its three files,
 * then the row — in a transaction that locks the person's row, then the space's (the lock order, db/locks.ts), checks
 * the membership as it is now (issue #18: a member demoted or removed meanwhile is refused) and counts their unsaved
 * uploads, so parallel uploads cannot pass LIMITS.pendingUploads together (issue #9) — with the job reading its words
 * (issue #33, jobs/image-text.ts: `more.imageText`; none when `more.read` gives them, an import's). Nothing is left
 * behind when any step fails: files written before a failure are deleted, and the row is written last.
 * @param input the upload's bytes or the temporary file they were streamed to.
 * @returns the pending image (not yet in a source), and whether its original is the uploaded file (image-processing.ts `originalKept`, issue #22).
 * @throws UNSUPPORTED_IMAGE (415), TOO_MANY_PIXELS (413), IMAGE_TOO_COMPLEX (413), LIMIT_REACHED (422) when the person already
 *   holds LIMITS.pendingUploads unsaved uploads; UNAUTHENTICATED (401) when the account is gone; NOT_FOUND (404) /
 *   VIEWER_CANNOT_UPLOAD (403) when the membership changed meanwhile.
 */
export async function uploadImage(
  db: Db,
  files: FileStore,
  actor: Membership,
  input: ImageData,
  ticket?: Ticket,
  more: { imageText?: ImageTextSending | null; read?: Pick<ImageRow, 'text' | 'textStatus' | 'textReadAt'> } = {},
): Promise<ImageRow & { originalKept: boolean }> {
  const processed = await processImage(input, ticket);
  const storageKey = `images/${randomBytes(16).toString('hex')}`;
  const originalName = `original.${processed.original.ext}`;
  const keys = imageFileKeys({ storageKey, originalName });
  try {
    await Promise.all([
      files.put(keys[0]!, processed.original.data, processed.original.contentType),
      files.put(keys[1]!, processed.display, 'image/webp'),
      files.put(keys[2]!, processed.thumbnail, 'image/webp'),
    ]);
    const image = await db.transaction(async (tx) => {
      await lockPerson(tx, actor.userId);
      await lockMembership(tx, actor);
      if ((await pendingCount(tx, actor.userId)) >= LIMITS.pendingUploads) {
        throw LimitReachedError('pendingUploads', LIMITS.pendingUploads);
      }
      const [row] = await tx
        .insert(sauceImages)
        .values({
          workspaceId: actor.workspaceId,
          uploaderId: actor.userId,
          storageKey,
          originalName,
          width: processed.width,
          height: processed.height,
          byteSize: processed.original.data.length + processed.display.length + processed.thumbnail.length,
          color: processed.color,
          ...signatureColumns(processed.signature),
          ...more.read,
        })
        .returning();
      await writeColours(tx, row!, processed.signature);
      if (!more.read) await sendImageTextJobs(more.imageText, tx, [row!]);
      return { ...row!, originalKept: processed.originalKept };
    });
    wakeImageText(more.imageText);
    return image;
  } catch (e) {
    await files.delete(keys).catch(() => undefined);
    throw e;
  }
}

/** Issue #21 items 4 and 5: an image row's palette and hash columns from its signature. */
export const signatureColumns = (sig: ImageSignature) => ({ palette: sig.palette.map((c) => c.hex), phash: sig.phash });

/**
 * Issue #21 item 4: writes image `image`'s palette colours into sauce_colours (OKLab, cell,
 * share), replacing any there; triggers fill in the image's source (db migration 0015).
 */
export async function writeColours(tx: Tx, image: { id: number; workspaceId: number }, sig: ImageSignature): Promise<void> {
  await tx.delete(sauceColours).where(eq(sauceColours.imageId, image.id));
  if (sig.palette.length === 0) return;
  await tx.insert(sauceColours).values(
    sig.palette.map((c, position) => ({
      imageId: image.id,
      position,
      workspaceId: image.workspaceId,
      cell: colourCell(c),
      l: c.l,
      a: c.a,
      b: c.b,
      share: c.share,
    })),
  );
}

/** A source holding an image nearly identical to another (issue #21 item 5). */
export interface SimilarSauceRecord {
  sauceId: number;
  title: string;
  /** The matching image's storage key (its thumbnail is shown). */
  storageKey: string;
  /** Bits of the 64-bit hashes that differ, 0–{@link SIMILAR_HASH_BITS}. */
  distance: number;
}

/**
 * Issue #21 item 5: the sources of space `workspaceId` holding an image whose difference hash
 * is within {@link SIMILAR_HASH_BITS} bits of `phash` (a re-encoded, resized or lightly edited
 * copy), nearest first, one entry a source, at most `limit`. Only the space's saved sources
 * (never another space's, never anyone's unsaved uploads); every member of the space may read
 * them (SPEC §6), so the caller must be one. The space's hashes are read from
 * sauce_images_phash_idx alone; the Hamming distance is counted over the XOR's bits (portable
 * to PostgreSQL 13, which has no bit_count).
 * @param exceptImageId an image to leave out (the upload itself).
 */
export async function findSimilarSauces(
  db: Tx,
  workspaceId: number,
  phash: bigint,
  exceptImageId: number | null = null,
  limit = 5,
): Promise<SimilarSauceRecord[]> {
  const { rows } = await db.execute<{ sauce_id: number; title: string; storage_key: string; distance: number }>(sql`
    SELECT DISTINCT ON (m.sauce_id) m.sauce_id, s.title, i.storage_key, m.distance
    FROM (SELECT h.id, h.sauce_id, length(replace(((h.phash # ${phash.toString()}::bigint)::bit(64))::text, '0', '')) AS distance
          FROM sauce_images h
          WHERE h.workspace_id = ${workspaceId} AND h.sauce_id IS NOT NULL AND h.phash IS NOT NULL
            AND h.id IS DISTINCT FROM ${exceptImageId}::int) m
    JOIN sauce_images i ON i.id = m.id JOIN sauces s ON s.id = m.sauce_id
    WHERE m.distance <= ${SIMILAR_HASH_BITS}
    ORDER BY m.sauce_id, m.distance, i.position`);
  return rows
    .map((r) => ({ sauceId: r.sauce_id, title: r.title, storageKey: r.storage_key, distance: Number(r.distance) }))
    .sort((x, y) => x.distance - y.distance || y.sauceId - x.sauceId)
    .slice(0, limit);
}

/** Images read by one pass of {@link backfillSignatures}. */
const BACKFILL_BATCH = 20;

/**
 * Issue #21 items 4 and 5, for images stored before migration 0015: reads the palette and
 * hash of up to `batch` images that have none (oldest first) from their thumbnails, and
 * writes them with their colours, one short transaction an image. An image whose thumbnail
 * is missing or does not decode gets an empty palette (and no hash), so it is not tried again.
 * @returns how many images were done, and whether more remain.
 */
export async function backfillSignatures(
  db: Db,
  files: FileStore,
  log?: FastifyBaseLogger,
  batch = BACKFILL_BATCH,
): Promise<{ done: number; more: boolean }> {
  const todo = await db
    .select({ id: sauceImages.id, workspaceId: sauceImages.workspaceId, storageKey: sauceImages.storageKey })
    .from(sauceImages)
    .where(isNull(sauceImages.palette))
    .orderBy(sauceImages.id)
    .limit(batch + 1);
  for (const img of todo.slice(0, batch)) {
    let sig: ImageSignature | null = null;
    try {
      const stored = await files.get(`${img.storageKey}/${THUMBNAIL_FILE}`);
      if (stored) {
        const chunks: Buffer[] = [];
        for await (const chunk of stored.body) chunks.push(chunk as Buffer);
        sig = await imageSignature(Buffer.concat(chunks));
      }
    } catch (err) {
      log?.warn({ err, imageId: img.id }, 'could not read the palette of an image');
    }
    await db.transaction(async (tx) => {
      await tx
        .update(sauceImages)
        .set(sig ? signatureColumns(sig) : { palette: [], phash: null })
        .where(eq(sauceImages.id, img.id));
      if (sig) await writeColours(tx, img, sig);
    });
  }
  return { done: Math.min(batch, todo.length), more: todo.length > batch };
}

/** The caller's uploads among `ids` not yet saved into a source (fresh URLs for a draft). */
export async function pendingUploads(db: Db, actor: { userId: number; workspaceId: number }, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(sauceImages)
    .where(
      and(
        inArray(sauceImages.id, ids),
        eq(sauceImages.workspaceId, actor.workspaceId),
        eq(sauceImages.uploaderId, actor.userId),
        isNull(sauceImages.sauceId),
      ),
    )
    .orderBy(sauceImages.id);
}

/** One comment of a sauce image, with its author. */
export interface CommentRecord {
  id: number;
  imageId: number;
  parentId: number | null;
  message: string;
  x: number;
  y: number;
  /** ISO 8601 in UTC with milliseconds. */
  createdAt: string;
  authorId: number;
  authorNickname: string;
  /** The author's stored profile image (a FileStore key or a URL), or null. */
  authorProfileImage: string | null;
}

/** A sauce's images in order, and their comments (in order; replies after their parents' position as saved). */
export interface SauceImagesRecord {
  images: ImageRow[];
  comments: CommentRecord[];
}

/** The images of sauce `sauceId` with their comments (presenters/image.ts presents them). */
export async function readSauceImages(db: Tx, sauceId: number): Promise<SauceImagesRecord> {
  const images = await db.select().from(sauceImages).where(eq(sauceImages.sauceId, sauceId)).orderBy(sauceImages.position, sauceImages.id);
  return { images, comments: images.length ? await readComments(db, images.map((i) => i.id)) : [] };
}

/** The comments of images `imageIds`, with their authors, in each image's order (by position). */
export async function readComments(db: Tx, imageIds: number[]): Promise<CommentRecord[]> {
  if (imageIds.length === 0) return [];
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    SELECT c.id, c.image_id, c.parent_id, c.message, c.x, c.y, c.author_id,
      ${isoUtcSql('c.created_at')} AS created_at,
      u.nickname, u.profile_image
    FROM image_comments c JOIN users u ON u.id = c.author_id
    WHERE c.image_id IN ${sql`(${sql.join(imageIds.map((id) => sql`${id}`), sql`, `)})`}
    ORDER BY c.position, c.id`);
  return rows.map((r) => ({
    id: r.id as number,
    imageId: r.image_id as number,
    parentId: r.parent_id as number | null,
    message: r.message as string,
    x: r.x as number,
    y: r.y as number,
    createdAt: r.created_at as string,
    authorId: r.author_id as number,
    authorNickname: r.nickname as string,
    authorProfileImage: r.profile_image as string | null,
  }));
}

/**
 * Makes `inputs` the images of sauce `sauceId`, in that order, with exactly the comments
 * given (issue #3). Runs inside the caller's transaction, with the images locked.
 * - An image is an upload of the actor's not yet in a source, or one already in this sauce;
 *   images of the sauce left out are deleted with their comments.
 * - A comment with a numeric id must already be on that same image (it keeps its author and
 *   date); a string id is a new comment by the actor. A parent names a top-level comment of
 *   the same image (by id or key).
 * @returns the total bytes of the images and the file keys of removed images, to delete
 *   after the transaction commits.
 * @throws NO_IMAGE (400) for an empty list; LIMIT_REACHED (422) over 10 images or 10
 *   comments on one image (SPEC §9); NOT_FOUND (404) for an image that is neither;
 *   INVALID_FORMAT (400) for repeated ids or a reply whose parent is not a top-level
 *   comment on the same image.
 */
export async function setSauceImages(
  tx: Tx,
  actor: { userId: number; workspaceId: number },
  sauceId: number,
  inputs: ImageInput[],
): Promise<{ byteSize: number; removedKeys: string[] }> {
  if (inputs.length === 0) throw NoImageError();
  if (inputs.length > LIMITS.imagesPerSauce) throw LimitReachedError('images', LIMITS.imagesPerSauce);
  const ids = inputs.map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw InvalidFormatError('An image is listed twice.');
  const commentCounts = inputs.map((i) => i.comments?.length ?? 0);
  if (commentCounts.some((n) => n > LIMITS.commentsPerImage)) {
    throw LimitReachedError('comments', LIMITS.commentsPerImage);
  }

  // The sauce's current images and the listed uploads, locked until commit.
  const { rows } = await tx.execute<{ id: number; sauce_id: number | null; storage_key: string; original_name: string; byte_size: number }>(sql`
    SELECT id, sauce_id, storage_key, original_name, byte_size FROM sauce_images
    WHERE workspace_id = ${actor.workspaceId}
      AND (sauce_id = ${sauceId}
        OR (sauce_id IS NULL AND uploader_id = ${actor.userId} AND id IN ${sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`}))
    ORDER BY id FOR UPDATE`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) if (!byId.has(id)) throw NotFoundError('Image not found.');

  const current = rows.filter((r) => r.sauce_id === sauceId);
  const existing = await readComments(tx, current.map((r) => r.id));
  const existingById = new Map(existing.map((c) => [c.id, c]));

  // Validate every comment before writing anything.
  const seen = new Set<string>();
  for (const image of inputs) {
    const comments = image.comments ?? [];
    const here = new Map(comments.map((c) => [String(c.id), c]));
    for (const c of comments) {
      const key = String(c.id);
      if (seen.has(key)) throw InvalidFormatError(`Comment ${key} is listed twice.`);
      seen.add(key);
      if (typeof c.id === 'number' && existingById.get(c.id)?.imageId !== image.id) {
        throw InvalidFormatError(`Comment ${c.id} is not on image ${image.id}.`);
      }
      const parent = c.parent ?? null;
      if (parent === null) continue;
      const p = here.get(String(parent));
      if (!p || String(parent) === key) {
        throw InvalidFormatError(`A reply's parent must be a comment on the same image (comment ${key}).`);
      }
      if ((p.parent ?? null) !== null) throw InvalidFormatError(`Replies cannot have replies (comment ${key}).`);
    }
  }

  // Issue #7 (policies canChangeComment): a comment is changed or deleted only by its author. Another member's comment
  // comes back exactly as it is (message, place, parent); it may go only with its image, or
  // with its parent when the parent's author deletes that.
  const listed = new Map<number, NonNullable<ImageInput['comments']>[number]>();
  for (const image of inputs) for (const c of image.comments ?? []) if (typeof c.id === 'number') listed.set(c.id, c);
  const keptIds = new Set(ids);
  for (const old of existing) {
    if (canChangeComment(actor.userId, old.authorId) || !keptIds.has(old.imageId)) continue;
    const given = listed.get(old.id);
    if (!given) {
      if (old.parentId !== null && !listed.has(old.parentId)) continue;
      throw NotAuthorizedError('Only its author can delete a comment.');
    }
    const parent = given.parent ?? null;
    if (given.message !== old.message || given.x !== old.x || given.y !== old.y || parent !== old.parentId) {
      throw NotAuthorizedError('Only its author can change a comment.');
    }
  }

  // Images: removed ones go (their comments cascade); the listed ones take their order.
  const removed = current.filter((r) => !keptIds.has(r.id));
  if (removed.length) await tx.delete(sauceImages).where(inArray(sauceImages.id, removed.map((r) => r.id)));
  await tx.execute(sql`
    UPDATE sauce_images AS i SET sauce_id = ${sauceId}, position = v.position
    FROM (VALUES ${sql.join(ids.map((id, position) => sql`(${id}::int, ${position}::int)`), sql`, `)}) AS v(id, position)
    WHERE i.id = v.id`);

  // Comments: replaced as a whole. Existing ones are written back with their id, author and
  // date; new ones get fresh ids. Top-level comments first, so replies can name them.
  const keptImageIds = current.filter((r) => keptIds.has(r.id)).map((r) => r.id);
  if (keptImageIds.length) await tx.delete(imageComments).where(inArray(imageComments.imageId, keptImageIds));
  const idOfKey = new Map<string, number>();
  for (const replies of [false, true]) {
    const values = inputs.flatMap((image) =>
      (image.comments ?? []).flatMap((c, position) => {
        const parent = c.parent ?? null;
        if ((parent !== null) !== replies) return [];
        const old = typeof c.id === 'number' ? existingById.get(c.id) : undefined;
        return [
          {
            ...(old ? { id: old.id, authorId: old.authorId, createdAt: new Date(old.createdAt) } : { authorId: actor.userId }),
            imageId: image.id,
            parentId: parent === null ? null : (idOfKey.get(String(parent)) ?? null),
            position,
            message: c.message,
            x: c.x,
            y: c.y,
            key: String(c.id),
          },
        ];
      }),
    );
    if (values.length === 0) continue;
    const inserted = await tx
      .insert(imageComments)
      .values(values.map(({ key: _key, ...v }) => v))
      .returning({ id: imageComments.id });
    values.forEach((v, i) => idOfKey.set(v.key, inserted[i]!.id));
  }

  const byteSize = ids.reduce((sum, id) => sum + byId.get(id)!.byte_size, 0);
  return { byteSize, removedKeys: removed.flatMap((r) => imageFileKeys({ storageKey: r.storage_key, originalName: r.original_name })) };
}

/** File keys of every image of `sauceId` (to delete after the sauce's rows are gone). */
export async function sauceImageKeys(tx: Tx, sauceId: number): Promise<string[]> {
  const rows = await tx
    .select({ storageKey: sauceImages.storageKey, originalName: sauceImages.originalName })
    .from(sauceImages)
    .where(eq(sauceImages.sauceId, sauceId));
  return rows.flatMap(imageFileKeys);
}

/**
 * Deletes files whose rows are already gone. A failure is logged, not thrown: the person's
 * change is committed, and a stray file is only space.
 */
export async function deleteFiles(files: FileStore, keys: string[], log?: FastifyBaseLogger) {
  if (keys.length === 0) return;
  await files.delete(keys).catch((err: unknown) => log?.warn({ err, keys }, 'could not delete image files'));
}

/**
 * Deletes uploads never saved into a source (or left by a deleted source) older than
 * `olderThanMs`, with their files.
 * @returns how many images were swept.
 */
export async function sweepImages(db: Db, files: FileStore, olderThanMs = PENDING_UPLOAD_TTL_MS, log?: FastifyBaseLogger) {
  const gone = await db
    .delete(sauceImages)
    .where(and(isNull(sauceImages.sauceId), lt(sauceImages.createdAt, new Date(Date.now() - olderThanMs))))
    .returning({ storageKey: sauceImages.storageKey, originalName: sauceImages.originalName });
  await deleteFiles(files, gone.flatMap(imageFileKeys), log);
  return gone.length;
}
