import { open, readFile } from 'node:fs/promises';
import { LIMITS } from '@sauce/contract/limits';
import type { Metadata, Sharp } from 'sharp';
import {
  AppError,
  ImageTooComplexError,
  RateLimitedError,
  ServiceUnavailableError,
  TooManyPixelsError,
  UnsupportedImageError,
} from '../errors.ts';
import { FairQueue, QueueFullError, type Ticket } from '../lib/fair-queue.ts';
import { gifFrames } from '../lib/gif-frames.ts';
import { loadSharp } from '../lib/sharp.ts';
import { stripJpeg, stripPng } from '../lib/image-metadata.ts';
import { imageSignature, type ImageSignature } from './image-signature.ts';

/** file-type, loaded on the first image rather than at start, as sharp is (lib/sharp.ts; issue #11 item 7). */
const loadFileType = () => import('file-type');

/** An image to process: its bytes, or the path of a file holding them (uploads are streamed to disk). */
export type ImageInput = Buffer | string;

/** An uploaded image made ready to store and show (issue #3). */
export interface ProcessedImage {
  /**
   * Full resolution in the uploaded format, with EXIF, GPS, XMP and IPTC metadata removed and
   * the ICC profile kept. `ext` is the file extension without a dot. Issue #22: it is the
   * uploaded file itself (`originalKept`) — byte for byte, or with only its metadata segments
   * or chunks taken out (JPEG, PNG) — unless it has to turn upright (an EXIF orientation) or
   * carries metadata that cannot be taken out so (WebP, GIF, AVIF): then re-encoded.
   */
  original: { data: Buffer; contentType: string; ext: string };
  /** The original is the uploaded file (but for removed metadata), not a re-encoding. */
  originalKept: boolean;
  /** WebP at quality 75 (SPEC §9), fit inside 2560×2560 px, never enlarged; animated if the upload is. */
  display: Buffer;
  /** WebP at quality 75, at most 640 px wide, never enlarged; animated if the upload is. */
  thumbnail: Buffer;
  /** Px of the original as shown (after EXIF orientation); one frame of an animation. */
  width: number;
  height: number;
  /** Dominant colour of the thumbnail, '#rrggbb': a placeholder while the image loads. */
  color: string;
  /** Issue #21 items 4 and 5: the thumbnail's palette and difference hash. */
  signature: ImageSignature;
}

/** Longest side of the display image, px. */
const DISPLAY_MAX_PX = 2560;
/** Width of the thumbnail, px. */
export const THUMBNAIL_WIDTH_PX = 640;
/** SPEC §9: image default quality 75. */
const WEBP_QUALITY = 75;

/** Accepted types by content (file-type's MIME), with how the original is re-encoded. */
const FORMATS: Readonly<Record<string, { contentType: string; ext: string; encode: (s: Sharp) => Sharp }>> = {
  'image/jpeg': { contentType: 'image/jpeg', ext: 'jpg', encode: (s) => s.jpeg({ quality: 90 }) },
  'image/png': { contentType: 'image/png', ext: 'png', encode: (s) => s.png() },
  // An animated PNG is a PNG to browsers and to sharp, which reads its first frame.
  'image/apng': { contentType: 'image/png', ext: 'png', encode: (s) => s.png() },
  'image/webp': { contentType: 'image/webp', ext: 'webp', encode: (s) => s.webp({ quality: 90 }) },
  'image/gif': { contentType: 'image/gif', ext: 'gif', encode: (s) => s.gif() },
  'image/avif': { contentType: 'image/avif', ext: 'avif', encode: (s) => s.avif({ quality: 60, effort: 1 }) },
};

/**
 * Images decoded at once in this process: one. A 12-megapixel photo takes about 170 MB while
 * it is worked on; two at a time pushed ten simultaneous uploads to ~500 MB resident, one at a
 * time keeps them under 400 MB (issue #3 asks < 512 MB; `npm run bench`). Others wait in a
 * bounded line that serves people in turn (issue #9): at most 48 images admitted at once (an
 * upload is admitted before its body is read, then waits on disk, not in memory), 12 of them
 * one person's, so one person's batch cannot hold everyone else's single image back.
 */
const slots = new FairQueue({ concurrency: 1, maxAdmitted: 48, maxPerKey: 12 });

/** A decoder that runs longer than this is stopped (sharp's timeout), seconds. */
const DECODE_TIMEOUT_S = 10;

/**
 * A place in the image line for `person` (an upload, before its body is read).
 * @throws SERVICE_UNAVAILABLE (503) when the line is full; RATE_LIMITED (429) when this
 *   person already has 12 images in it.
 */
export function admitImage(person: string | number): Ticket {
  try {
    return slots.admit(person);
  } catch (e) {
    if (!(e instanceof QueueFullError)) throw e;
    throw e.scope === 'total'
      ? ServiceUnavailableError('Many images are being processed right now. Please try again in a moment.')
      : RateLimitedError('You have many images uploading already. Wait for them to finish, then try again.');
  }
}

/** Images admitted and not yet done in this process (metrics, tests). */
export const imagesInLine = () => slots.size;

/** The first `n` bytes of an input. */
async function head(input: ImageInput, n: number): Promise<Buffer> {
  if (typeof input !== 'string') return input.subarray(0, n);
  const file = await open(input, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await file.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Whether `input` looks like SVG: XML or an `<svg` element near the start (after a BOM). */
async function looksLikeSvg(input: ImageInput): Promise<boolean> {
  const text = (await head(input, 1024)).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return text.startsWith('<?xml') || text.includes('<svg');
}

/** An upload whose type and pixel count were checked, ready to decode. */
interface Inspected {
  mime: string;
  format: (typeof FORMATS)[string];
  meta: Metadata;
  animated: boolean;
  /** The error for data that turns out not to decode. */
  unsupported: () => Error;
}

/**
 * Decides an upload's type by content and checks its pixel count from the header, before
 * anything is decoded (issue #3).
 * @throws UnsupportedImageError (415), TooManyPixelsError (413) as {@link processImage}.
 */
async function inspect(input: ImageInput): Promise<Inspected> {
  const { fileTypeFromBuffer, fileTypeFromFile } = await loadFileType();
  const detected = await (typeof input === 'string' ? fileTypeFromFile(input) : fileTypeFromBuffer(input)).catch(() => undefined);
  const format = detected && FORMATS[detected.mime];
  if (!format) {
    throw UnsupportedImageError({ type: (await looksLikeSvg(input)) ? 'image/svg+xml' : (detected?.mime ?? null) });
  }
  const unsupported = () => UnsupportedImageError({ type: detected.mime });
  // A GIF's frames are counted first, up to the limit: libvips would walk all of them.
  if (detected.mime === 'image/gif' && (await gifFrames(input, LIMITS.imageFrames)) > LIMITS.imageFrames) {
    throw ImageTooComplexError({ limitFrames: LIMITS.imageFrames });
  }
  // The header only: sharp's own limit would refuse to even read it for a huge image.
  const sharp = await loadSharp();
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unsupported();
    });
  const animated = (meta.format === 'gif' || meta.format === 'webp') && (meta.pages ?? 1) > 1;
  // Frames are counted before pixels: 900,000 frames of 1×1 px pass any pixel limit but take
  // the decoder many seconds (issue #9).
  if (animated && meta.pages! > LIMITS.imageFrames) throw ImageTooComplexError({ limitFrames: LIMITS.imageFrames });
  if (meta.width * meta.height * (animated ? meta.pages! : 1) > LIMITS.imagePixels) {
    throw TooManyPixelsError(LIMITS.imagePixels);
  }
  return { mime: detected.mime, format, meta, animated, unsupported };
}

/**
 * The uploaded file as the original (issue #22 item 5), when that keeps nobody's location
 * or camera: a JPEG or PNG with its metadata segments or chunks taken out (lib/image-metadata.ts),
 * any other format only when it carries no EXIF, XMP or IPTC. Not when the image must be
 * turned upright (an EXIF orientation other than 1: the turn is in its pixels then). The
 * result is checked again: same size, no metadata left.
 * @returns the bytes to keep, or null to re-encode.
 */
async function keptOriginal(input: ImageInput, contentType: string, meta: Metadata): Promise<Buffer | null> {
  if (meta.orientation !== undefined && meta.orientation !== 1) return null;
  const data = typeof input === 'string' ? await readFile(input) : input;
  const stripped = contentType === 'image/jpeg' ? stripJpeg(data) : contentType === 'image/png' ? stripPng(data) : meta.exif || meta.xmp || meta.iptc ? null : data;
  if (!stripped) return null;
  const sharp = await loadSharp();
  const check = await sharp(stripped, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!check || check.exif || check.xmp || check.iptc || check.width !== meta.width || check.height !== meta.height) return null;
  return stripped;
}

/** Maps a sharp failure while decoding to the API's errors. */
function decodeError(err: unknown, unsupported: () => Error): Error {
  if (err instanceof AppError) return err;
  if (err instanceof Error && /pixel limit/i.test(err.message)) return TooManyPixelsError(LIMITS.imagePixels);
  if (err instanceof Error && /timeout/i.test(err.message)) return ImageTooComplexError({ limitSeconds: DECODE_TIMEOUT_S });
  return unsupported();
}

/** Side of a space's or person's image, px (shown at 28–96 px, sharp on 2× screens). */
export const AVATAR_PX = 256;

/**
 * Makes a space's or person's image (SPEC §5: at most 5,242,880 bytes, checked by the
 * route): type by content as for uploads, the pixel limit, then the first frame
 * auto-oriented, cropped to a centred square of {@link AVATAR_PX} px and written as WebP
 * quality 75 with no metadata (EXIF and GPS are not copied). Waits its turn in the image
 * line as `person` (see {@link admitImage}).
 * @throws UnsupportedImageError (415), TooManyPixelsError (413), ImageTooComplexError (413)
 *   as {@link processImage}; SERVICE_UNAVAILABLE (503) / RATE_LIMITED (429) for a full line.
 */
export async function processAvatar(input: ImageInput, person: string | number = 'avatar'): Promise<Buffer> {
  const ticket = admitImage(person);
  try {
    const { unsupported } = await inspect(input);
    const sharp = await loadSharp();
    return await ticket.run(async () => {
      try {
        return await sharp(input, { limitInputPixels: LIMITS.imagePixels, failOn: 'error', autoOrient: true })
          .timeout({ seconds: DECODE_TIMEOUT_S })
          .resize({ width: AVATAR_PX, height: AVATAR_PX, fit: 'cover' })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer();
      } catch (err) {
        throw decodeError(err, unsupported);
      }
    });
  } finally {
    ticket.release();
  }
}

/**
 * Checks, re-encodes and resizes an uploaded image (issue #3). The type is decided by
 * content, never by name or header; the pixel count is checked from the file's header
 * before anything is decoded; one image is decoded at a time.
 * @param input the uploaded bytes, or the file they were streamed to (the route limits them
 *   to LIMITS.imageBytes).
 * @param ticket the upload's place in the image line ({@link admitImage}), which the caller
 *   releases; without one, the image takes (and gives back) a place of its own.
 * @throws UnsupportedImageError (415) for anything but a decodable JPEG, PNG, WebP, GIF or
 *   AVIF; `details.type` is the detected MIME type ('image/svg+xml' for SVG, which can carry
 *   script), or null.
 * @throws TooManyPixelsError (413) when width × height (× frames, if animated) exceeds
 *   LIMITS.imagePixels (a decompression bomb).
 * @throws ImageTooComplexError (413) for an animation of more than LIMITS.imageFrames
 *   frames, or a decoder that runs over 10 s.
 */
export async function processImage(input: ImageInput, ticket?: Ticket): Promise<ProcessedImage> {
  if (!ticket) {
    const own = admitImage('unattributed');
    try {
      return await processImage(input, own);
    } finally {
      own.release();
    }
  }
  const { format, meta, animated, unsupported } = await inspect(input);
  const sharp = await loadSharp();

  return ticket.run(async () => {
    // failOn 'error': refuse truncated or broken data, but accept recoverable decoder warnings
    // (libjpeg's 'extraneous bytes before marker' is common in real files).
    const open = () =>
      sharp(input, { limitInputPixels: LIMITS.imagePixels, failOn: 'error', animated, autoOrient: !animated }).timeout({
        seconds: DECODE_TIMEOUT_S,
      });
    try {
      // One output at a time: each full-size pipeline holds 40–100 MB while it runs.
      const kept = animated ? null : await keptOriginal(input, format.contentType, meta);
      const original = kept ?? (await format.encode(open().keepIccProfile()).toBuffer());
      const display = await open()
        .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      const thumbnail = await open()
        .resize({ width: THUMBNAIL_WIDTH_PX, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      const { dominant } = await sharp(thumbnail).stats();
      const signature = await imageSignature(thumbnail);
      const size = animated ? { width: meta.width, height: meta.height } : meta.autoOrient;
      return {
        original: { data: original, contentType: format.contentType, ext: format.ext },
        originalKept: kept !== null,
        display,
        thumbnail,
        width: size.width,
        height: size.height,
        color: `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
        signature,
      };
    } catch (err) {
      throw decodeError(err, unsupported);
    }
  });
}

/** Issue #21: the card's crop of a page screenshot, width × height px (the top of the page). */
const SHOT_THUMB_PX = { width: THUMBNAIL_WIDTH_PX, height: 400 } as const;

/**
 * A page screenshot drawn by the server's browser (issue #21 item 1), made ready to store as
 * a saved copy's image: the original and display are one WebP of the whole (capped) page,
 * the thumbnail the top of the page at 640×400 px (a card shows where the page begins, not
 * its middle). Runs in the image line like an upload (`ticket`, see {@link processImage}).
 * @param png the screenshot, at most 1280×6000 px (jobs/page-browser.ts).
 */
export async function processScreenshot(png: Buffer, ticket: Ticket): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  return ticket.run(async () => {
    const open = () => sharp(png, { limitInputPixels: LIMITS.imagePixels, failOn: 'error' }).timeout({ seconds: DECODE_TIMEOUT_S });
    const { width = 0, height = 0 } = await open().metadata();
    const page = await open().webp({ quality: WEBP_QUALITY }).toBuffer();
    const thumbnail = await open()
      .resize({ ...SHOT_THUMB_PX, fit: 'cover', position: 'top' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    const { dominant } = await sharp(thumbnail).stats();
    return {
      signature: await imageSignature(thumbnail),
      original: { data: page, contentType: 'image/webp', ext: 'webp' },
      originalKept: false,
      display: page,
      thumbnail,
      width,
      height,
      color: `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
    };
  });
}
