import { open, rm } from 'node:fs/promises';
import { LIMITS } from '@sauce/contract/limits';
import type { FastifyRequest } from 'fastify';
import { InvalidFormatError, LimitReachedError, PayloadTooLargeError, UnsupportedSnapshotError } from '../errors.ts';
import { multipartError, writePart } from './multipart.ts';
import { hasNul } from './storable-text.ts';

/**
 * Issue #20: bytes of one capture request's files together (snapshot, screenshot, images):
 * 64 MB (64 × 1,048,576). Each file has its own limit too (LIMITS.snapshotBytes,
 * LIMITS.imageBytes); past this sum the request is refused (413), whatever its files.
 */
export const CAPTURE_TOTAL_BYTES = 67_108_864;

/** Bytes of one text field (a 20,000-character note in 4-byte characters fits). */
const FIELD_BYTES = 100 * 1024;

/** The text fields a capture takes; `tagSet` and `folderSet` may repeat. */
const FIELDS = ['title', 'link', 'text', 'tagSet', 'folderSet'] as const;
type Field = (typeof FIELDS)[number];

/** A file of the form, streamed to disk: its path and size, bytes. */
export interface FormFile {
  path: string;
  bytes: number;
}

/** A capture request's form as read: text fields (repeated ones as lists) and files on disk. */
export interface CaptureForm {
  title?: string;
  link?: string;
  text?: string;
  tagSet: string[];
  folderSet: string[];
  snapshot?: FormFile;
  screenshot?: FormFile;
  images: FormFile[];
}

/**
 * Reads a capture's multipart form (POST /archive/sauce/{workspace}/capture), every file
 * streamed to its own temporary file in `dir` (memory stays flat, issue #9):
 * - fields `title`, `link`, `text` once each; `tagSet` and `folderSet` repeated, or once as a
 *   JSON array (`["ux","web"]`);
 * - file `snapshot`: the page as self-contained HTML, at most LIMITS.snapshotBytes, checked by
 *   content ({@link assertHtmlSnapshot});
 * - file `screenshot`: the visible area, an image (checked when processed);
 * - file `image`, repeated: at most LIMITS.imagesPerSauce (SPEC §9), each at most LIMITS.imageBytes;
 * - all files together at most {@link CAPTURE_TOTAL_BYTES}.
 * On any failure every file written so far is deleted before the error is thrown.
 * @throws INVALID_FORMAT (400) for a body that is not multipart or cannot be read, an
 *   unknown or repeated part, a field over 100 KB or with U+0000; LIMIT_REACHED (422) for an
 *   11th image; PAYLOAD_TOO_LARGE (413) for a file or a total over its limit;
 *   UNSUPPORTED_SNAPSHOT (415) for a snapshot that is not UTF-8 HTML.
 */
export async function readCaptureForm(req: FastifyRequest, dir: string): Promise<CaptureForm> {
  if (!req.isMultipart()) throw InvalidFormatError('Send the capture as multipart/form-data.');
  const form: CaptureForm = { tagSet: [], folderSet: [], images: [] };
  const written: FormFile[] = [];
  let total = 0;
  const limits = {
    fileSize: Math.max(LIMITS.snapshotBytes, LIMITS.imageBytes),
    // One more image than allowed reaches this loop, to be answered LIMIT_REACHED.
    files: 2 + LIMITS.imagesPerSauce + 1,
    fields: 3 + LIMITS.tagsPerSauce + 100,
    fieldSize: FIELD_BYTES,
    parts: 2 + LIMITS.imagesPerSauce + 1 + 3 + LIMITS.tagsPerSauce + 100,
  };
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'file') {
        const name = part.fieldname;
        if (name === 'image' && form.images.length >= LIMITS.imagesPerSauce) {
          part.file.resume();
          throw LimitReachedError('images', LIMITS.imagesPerSauce);
        }
        if ((name === 'snapshot' && form.snapshot) || (name === 'screenshot' && form.screenshot)) {
          part.file.resume();
          throw InvalidFormatError(`Send one '${name}' file.`);
        }
        if (name !== 'snapshot' && name !== 'screenshot' && name !== 'image') {
          part.file.resume();
          throw InvalidFormatError(`Unknown file field '${name}'.`);
        }
        const max = name === 'snapshot' ? LIMITS.snapshotBytes : LIMITS.imageBytes;
        const file = await writePart(part, dir, limits.fileSize);
        written.push(file);
        if (file.bytes > max) throw PayloadTooLargeError(max);
        total += file.bytes;
        if (total > CAPTURE_TOTAL_BYTES) throw PayloadTooLargeError(CAPTURE_TOTAL_BYTES);
        if (name === 'snapshot') {
          await assertHtmlSnapshot(file.path);
          form.snapshot = file;
        } else if (name === 'screenshot') form.screenshot = file;
        else form.images.push(file);
      } else {
        const name = part.fieldname as Field;
        if (!FIELDS.includes(name)) throw InvalidFormatError(`Unexpected field '${part.fieldname}'.`);
        if (part.valueTruncated || typeof part.value !== 'string') throw InvalidFormatError(`Field '${name}' is too long.`);
        if (hasNul(part.value)) throw InvalidFormatError('Text cannot contain the character U+0000.');
        if (name === 'tagSet' || name === 'folderSet') form[name].push(...listValue(part.value));
        else if (form[name] !== undefined) throw InvalidFormatError(`Field '${name}' is sent twice.`);
        else form[name] = part.value;
      }
    }
  } catch (e) {
    await Promise.all(written.map((f) => rm(f.path, { force: true })));
    throw multipartError(e, limits.fileSize, 'Too many form fields or files.');
  }
  return form;
}

/** A list field's value: a JSON array of strings or numbers, or one item. */
function listValue(value: string): string[] {
  const v = value.trim();
  if (!v.startsWith('[')) return v === '' ? [] : [v];
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw InvalidFormatError('A list field is not valid JSON.');
  }
  if (!Array.isArray(parsed) || parsed.some((x) => typeof x !== 'string' && typeof x !== 'number')) {
    throw InvalidFormatError('A list field must be an array of strings or numbers.');
  }
  return parsed.map(String);
}

/** Bytes of a snapshot read to tell HTML from anything else. */
const SNIFF_BYTES = 4096;
/** Bytes read at a time while checking a snapshot's encoding. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Issue #20: a snapshot must be an HTML document in UTF-8: after an optional byte order mark,
 * white space and comments, it starts with `<!doctype html` or `<html` (case ignored), and
 * every byte sequence is valid UTF-8 (read a chunk at a time). The type a client declares is
 * not trusted.
 * @throws UNSUPPORTED_SNAPSHOT (415) otherwise.
 */
export async function assertHtmlSnapshot(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const start = head
      .subarray(0, bytesRead)
      .toString('latin1')
      .replace(/^\xef\xbb\xbf/, '')
      .replace(/^(?:\s|<!--[\s\S]*?-->)*/, '')
      .toLowerCase();
    if (!/^(?:<!doctype\s+html[\s>]|<html[\s>])/.test(start)) throw UnsupportedSnapshotError();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const chunk = Buffer.alloc(CHUNK_BYTES);
    for (let position = 0; ; ) {
      const { bytesRead: n } = await handle.read(chunk, 0, CHUNK_BYTES, position);
      try {
        decoder.decode(chunk.subarray(0, n), { stream: n > 0 });
      } catch {
        throw UnsupportedSnapshotError();
      }
      if (n === 0) break;
      position += n;
    }
  } finally {
    await handle.close();
  }
}
