import { randomBytes } from 'node:crypto';
import type { Plan } from '@sauce/contract/limits';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { lockPerson } from '../db/locks.ts';
import { sauceCaptures, sauceImages } from '../db/schema.ts';
import { type ImageTextSending, sendImageTextJobs, wakeImageText } from '../jobs/image-text.ts';
import type { Ticket } from '../lib/fair-queue.ts';
import { lockMembership, type Membership } from '../policies/workspace.ts';
import type { FileStore } from '../storage/file-store.ts';
import { captureKeys, imageBytes, putImage, SNAPSHOT_FILE } from './capture-files.ts';
import { processImage, type ProcessedImage } from './image-processing.ts';
import { deleteFiles, imageFileKeys, signatureColumns, writeColours } from './images.ts';
import { assertTokenLive } from './personal-tokens.ts';
import { getSauce } from './sauces.ts';
import type { SauceRecord } from './sauces/card.ts';
import { type NewSauce, writeSauces } from './sauces/write.ts';

/** A capture to save (issue #20), its text validated as an ordinary save's (contract zCreateSauce). */
export interface CaptureInput {
  /** IMAGE when images were sent (the page's link kept with them), else TEXT. */
  type: 'TEXT' | 'IMAGE';
  title: string;
  /** The note (a text source's text: the selection); image sources keep none. */
  text: string;
  link: string | null;
  tagSet: string[];
  folderSet: number[];
  /** The snapshot's temporary file (checked UTF-8 HTML) and its size, bytes. */
  snapshot?: { path: string; bytes: number };
  /** The screenshot's temporary file. */
  screenshot?: string;
  /** The images' temporary files, in order (at most 10, checked by the form). */
  images: string[];
}

/** Who captures: the checked membership, and the personal access token used, if any. */
export interface CaptureActor {
  m: Membership;
  /** The token the request signed in with: re-checked under the person's lock. */
  tokenId: number | null;
}


/**
 * Saves a capture of the browser extension (or a script) as a new source with its saved
 * copy (issue #20): the images and the screenshot are checked and processed (type by
 * content, pixel limits, metadata stripped: as uploads) in the person's turn in the image
 * line (`ticket`), every file is written to the FileStore (the snapshot streamed from its
 * temporary file), then one transaction takes the person's lock and the space's (the lock
 * order, db/locks.ts), re-checks the token (revoked or expired meanwhile: 401) and the
 * membership as they are now (demoted meanwhile: 403, removed: 404), checks the space's
 * room for one more source (the plan, SPEC §9) and writes the source, its images, its saved copy, tags and folders
 * (sauces/write.ts: the members watching the space are told once it committed), with the jobs reading its images' words
 * (issue #33, jobs/image-text.ts: `deps.imageText`).
 * The server fetches nothing: the extension sent what the person saw. The saved copy's
 * bytes count in the source's `byteSize` and the space's storage. If anything fails, every
 * file written is deleted and nothing stays.
 * @returns the new source.
 * @throws UNSUPPORTED_IMAGE (415), TOO_MANY_PIXELS (413), IMAGE_TOO_COMPLEX (413) for an
 *   image or screenshot; UNAUTHENTICATED (401) for a token gone meanwhile; NOT_FOUND (404) /
 *   VIEWER_CANNOT_UPLOAD (403) for a membership changed meanwhile; LIMIT_REACHED (422) at
 *   the plan's sources a space (`plan.sources`, SPEC §9: 100) or for 6 tags; FOLDER_NOT_FOUND (404) for a folder of another space.
 */
export async function captureSauce(
  deps: { db: Db; files: FileStore; log?: FastifyBaseLogger; imageText?: ImageTextSending },
  actor: CaptureActor,
  input: CaptureInput,
  ticket: Ticket,
  plan: Plan,
): Promise<SauceRecord> {
  const { db, files } = deps;
  const { m } = actor;
  const written: string[] = [];
  try {
    // Images first, one at a time in the image line; each stored as an upload is.
    const images: { storageKey: string; originalName: string; p: ProcessedImage }[] = [];
    for (const path of input.images) {
      const p = await processImage(path, ticket);
      const storageKey = `images/${randomBytes(16).toString('hex')}`;
      written.push(...imageFileKeys({ storageKey, originalName: `original.${p.original.ext}` }));
      const originalName = await putImage(files, storageKey, p);
      images.push({ storageKey, originalName, p });
    }
    // The saved copy: the screenshot as an image's three files, the snapshot beside them.
    let capture: typeof sauceCaptures.$inferInsert | null = null;
    if (input.snapshot || input.screenshot) {
      const storageKey = `captures/${randomBytes(16).toString('hex')}`;
      const shot = input.screenshot ? await processImage(input.screenshot, ticket) : null;
      const screenshotName = shot ? `original.${shot.original.ext}` : null;
      written.push(...captureKeys({ storageKey, snapshotBytes: input.snapshot?.bytes ?? null, screenshotName }));
      if (shot) await putImage(files, storageKey, shot);
      if (input.snapshot) {
        await files.put(`${storageKey}/${SNAPSHOT_FILE}`, { file: input.snapshot.path, size: input.snapshot.bytes }, 'text/html; charset=utf-8');
      }
      capture = {
        sauceId: 0,
        workspaceId: m.workspaceId,
        storageKey,
        pageUrl: input.link,
        snapshotBytes: input.snapshot?.bytes ?? null,
        screenshotName,
        width: shot?.width ?? null,
        height: shot?.height ?? null,
        color: shot?.color ?? null,
        byteSize: (input.snapshot?.bytes ?? 0) + (shot ? imageBytes(shot) : 0),
      };
    }

    const byteSize = images.reduce((sum, i) => sum + imageBytes(i.p), 0) + (capture?.byteSize ?? 0);
    // What the person saw is the preview: the page's title, and the screenshot for a card.
    const sauce: NewSauce = {
      type: input.type,
      title: input.title,
      link: input.link,
      byteSize,
      tags: input.tagSet,
      folderIds: input.folderSet,
      ...(input.type === 'TEXT' ? { text: input.text, page: input.link ? { title: input.title, description: '', image: null } : null } : {}),
      contents: async (tx, id) => {
        if (images.length > 0) {
          const rows = await tx.insert(sauceImages).values(
            images.map((i, position) => ({
              workspaceId: m.workspaceId,
              uploaderId: m.userId,
              sauceId: id,
              position,
              storageKey: i.storageKey,
              originalName: i.originalName,
              width: i.p.width,
              height: i.p.height,
              byteSize: imageBytes(i.p),
              color: i.p.color,
              ...signatureColumns(i.p.signature),
            })),
          ).returning({ id: sauceImages.id, workspaceId: sauceImages.workspaceId });
          // Issue #21 item 4: the images' colours, for the list's colour filter.
          for (const [n, row] of rows.entries()) await writeColours(tx, row, images[n]!.p.signature);
          await sendImageTextJobs(deps.imageText, tx, rows);
        }
        if (capture) await tx.insert(sauceCaptures).values({ ...capture, sauceId: id });
        return 0; // counted in byteSize already
      },
    };
    const id = await writeSauces(db, async (tx, write) => {
      await lockPerson(tx, m.userId);
      if (actor.tokenId !== null) await assertTokenLive(tx, m.userId, actor.tokenId);
      await lockMembership(tx, m);
      const [id] = await write.insert(m, { from: 'capture' }, [sauce], plan.sources);
      return id!;
    });
    wakeImageText(deps.imageText);
    return await getSauce(db, m.workspaceId, id);
  } catch (e) {
    await deleteFiles(files, written, deps.log);
    throw e;
  }
}
