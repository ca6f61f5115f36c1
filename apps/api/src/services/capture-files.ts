import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { ProcessedImage } from './image-processing.ts';
import { DISPLAY_FILE, THUMBNAIL_FILE } from './images.ts';

/** Issue #20: the snapshot's file name under a saved copy's storage key. */
export const SNAPSHOT_FILE = 'snapshot.html';

/** A saved copy's stored files, as its row names them. */
export interface CaptureFiles {
  storageKey: string;
  snapshotBytes: number | null;
  screenshotName: string | null;
}

/** Every file key of a saved copy: the snapshot, and the screenshot's original, display and thumbnail. */
export function captureKeys(c: CaptureFiles): string[] {
  return [
    ...(c.snapshotBytes !== null ? [`${c.storageKey}/${SNAPSHOT_FILE}`] : []),
    ...(c.screenshotName ? [`${c.storageKey}/${c.screenshotName}`, `${c.storageKey}/${DISPLAY_FILE}`, `${c.storageKey}/${THUMBNAIL_FILE}`] : []),
  ];
}

/**
 * The file keys of the saved copies `where` picks (a condition on `sauce_captures`' columns),
 * read before their rows go (a source's, a space's deletion; a withdrawal), to delete the
 * files after the commit.
 */
export async function captureFileKeys(tx: Tx, where: SQL): Promise<string[]> {
  const { rows } = await tx.execute<{ storage_key: string; snapshot_bytes: number | null; screenshot_name: string | null }>(
    sql`SELECT storage_key, snapshot_bytes, screenshot_name FROM sauce_captures WHERE ${where}`,
  );
  return rows.flatMap((r) => captureKeys({ storageKey: r.storage_key, snapshotBytes: r.snapshot_bytes, screenshotName: r.screenshot_name }));
}

/** Writes a processed image's three files under `storageKey`. @returns the original's file name. */
export async function putImage(files: FileStore, storageKey: string, p: ProcessedImage): Promise<string> {
  const originalName = `original.${p.original.ext}`;
  await Promise.all([
    files.put(`${storageKey}/${originalName}`, p.original.data, p.original.contentType),
    files.put(`${storageKey}/${DISPLAY_FILE}`, p.display, 'image/webp'),
    files.put(`${storageKey}/${THUMBNAIL_FILE}`, p.thumbnail, 'image/webp'),
  ]);
  return originalName;
}

/** Bytes of a processed image's three files. */
export const imageBytes = (p: ProcessedImage) => p.original.data.length + p.display.length + p.thumbnail.length;
