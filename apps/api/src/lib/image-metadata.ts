/**
 * Private metadata taken out of an image file without touching its pixels (issue #22 item 5:
 * the original Sauce keeps is the uploaded file, byte for byte but for what says where and
 * with what it was taken). Only the container is rewritten: a JPEG's segments, a PNG's chunks.
 */

/** JPEG APPn segments kept: JFIF (APP0), the ICC profile (APP2), Adobe's colour transform (APP14). */
const JPEG_KEPT_APPS = new Set([0xe0, 0xe2, 0xee]);

/**
 * A JPEG without its metadata segments: every APPn but JFIF, ICC and Adobe (so EXIF with its
 * GPS position and camera, XMP, Photoshop's IPTC, and any other application's data) and
 * comments (COM); everything from the start of scan on is copied as it is.
 * @returns the new bytes, or null when the file is not a JPEG this reads (then the caller re-encodes).
 */
export function stripJpeg(data: Buffer): Buffer | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  const parts: Buffer[] = [data.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    let marker = data[at + 1]!;
    // Fill bytes (0xFF) may come before a marker.
    while (marker === 0xff && at + 2 < data.length) {
      at++;
      marker = data[at + 1]!;
    }
    if (marker === 0xda) {
      parts.push(data.subarray(at));
      return Buffer.concat(parts);
    }
    // Markers without a length: TEM, RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(data.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > data.length) return null;
    const segment = data.subarray(at, at + 2 + length);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (!(isApp && !JPEG_KEPT_APPS.has(marker)) && marker !== 0xfe) parts.push(segment);
    at += 2 + length;
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG chunks of metadata: EXIF, text (where software writes authors, locations, comments), the time. */
const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

/**
 * A PNG without its metadata chunks ({@link PNG_DROPPED}); every other chunk (the image, its
 * colour profile, an animation's frames) is copied as it is, CRCs and all.
 * @returns the new bytes, or null when the file is not a PNG this reads.
 */
export function stripPng(data: Buffer): Buffer | null {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const parts: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > data.length) return null;
    if (!PNG_DROPPED.has(type)) parts.push(data.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(parts);
  }
  return null;
}
