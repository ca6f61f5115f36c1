import { hasNul } from './storable-text.ts';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, InvalidFormatError, NoImageError, PayloadTooLargeError } from '../errors.ts';

/** Bytes of one text field of a form (a space name is 15 characters: 60 bytes at most). */
const FIELD_BYTES = 1024;

const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The error to answer for `e`, thrown while a multipart body was read: 413 for a file over
 * `maxBytes`, 400 with `tooMany` for too many parts, 400 for a body the parser cannot read
 * (no boundary, cut off: busboy's errors carry no code; issue #11 item 6), else `e` itself
 * (our own errors, and the server's I/O errors, which carry a code).
 */
export function multipartError(e: unknown, maxBytes: number, tooMany: string): unknown {
  const code = (e as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return PayloadTooLargeError(maxBytes);
  if (code && LIMIT_CODES.has(code)) return InvalidFormatError(tooMany);
  if (e instanceof Error && !(e instanceof AppError) && code === undefined) return InvalidFormatError('The multipart body cannot be read.');
  return e;
}

/**
 * Reads a multipart form of named text fields and at most one file (a space's or person's
 * image), the file into memory (it is bounded by `maxBytes`, 5 MB for images of SPEC §9).
 * @returns the fields given (absent ones left out) and the file's bytes, if sent.
 * @throws INVALID_FORMAT (400) when the body is not multipart or cannot be read, names another
 *   part, repeats one, or has a field over 1,024 bytes; PAYLOAD_TOO_LARGE (413, `details.limitBytes` =
 *   `maxBytes`) for a larger file.
 */
export async function readForm<F extends string>(
  req: FastifyRequest,
  opts: { fields: readonly F[]; file: string; maxBytes: number },
): Promise<{ fields: Partial<Record<F, string>>; file?: Buffer }> {
  if (!req.isMultipart()) throw InvalidFormatError('Send the form as multipart/form-data.');
  const fields: Partial<Record<F, string>> = {};
  let file: Buffer | undefined;
  const limits = {
    fileSize: opts.maxBytes,
    files: 1,
    fields: opts.fields.length,
    parts: opts.fields.length + 1,
    fieldSize: FIELD_BYTES,
  };
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.file) {
          part.file.resume();
          throw InvalidFormatError(`Unknown file field '${part.fieldname}'.`);
        }
        file = await part.toBuffer();
      } else {
        const name = part.fieldname as F;
        if (!opts.fields.includes(name) || name in fields) throw InvalidFormatError(`Unexpected field '${part.fieldname}'.`);
        if (part.valueTruncated || typeof part.value !== 'string') throw InvalidFormatError(`Field '${name}' is too long.`);
        if (hasNul(part.value)) throw InvalidFormatError('Text cannot contain the character U+0000.');
        fields[name] = part.value;
      }
    }
  } catch (e) {
    throw multipartError(e, opts.maxBytes, 'Too many form fields.');
  }
  return { fields, file };
}

/**
 * Streams a file part of a multipart request to a new file in `dir` (made 0700; the file
 * 0600), so an upload holds a few kilobytes of memory however large it is (issue #9). The
 * caller deletes the file when done with it.
 * @returns the file's path and its size, bytes.
 * @throws PAYLOAD_TOO_LARGE (413, `details.limitBytes` = `maxBytes`, the part's own limit)
 *   for a larger file; the stream's error when the client goes away — nothing is left on
 *   disk then.
 */
export async function writePart(part: MultipartFile, dir: string, maxBytes: number): Promise<{ path: string; bytes: number }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `upload-${randomBytes(12).toString('hex')}`);
  try {
    await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
    if (part.file.truncated) throw PayloadTooLargeError(maxBytes);
    return { path: file, bytes: part.file.bytesRead };
  } catch (e) {
    await rm(file, { force: true });
    throw e;
  }
}

/**
 * Streams the one file part `field` of a multipart request to a new file in `dir`
 * ({@link writePart}). The caller deletes the file when done with it.
 * @returns the file's path and its size, bytes.
 * @throws NO_IMAGE (400) when the body has no file part named `field` (issue #11 item 6);
 *   INVALID_FORMAT (400) when it is not multipart, cannot be read, or has any other part
 *   before the file; PAYLOAD_TOO_LARGE (413, `details.limitBytes` = `maxBytes`) for a larger file — nothing
 *   is left on disk then, nor when the client goes away halfway.
 */
export async function saveFile(
  req: FastifyRequest,
  opts: { field: string; maxBytes: number; dir: string },
): Promise<{ path: string; bytes: number }> {
  if (!req.isMultipart()) throw InvalidFormatError('Send the image as multipart/form-data.');
  try {
    // One text field is let through so that a form without its file is told NO_IMAGE, not
    // 'too many fields'; a field before the file is still refused.
    const part = await req.file({ limits: { fileSize: opts.maxBytes, files: 1, fields: 1, parts: 2 } });
    if (!part || part.fieldname !== opts.field) {
      part?.file.resume();
      throw NoImageError();
    }
    if (Object.values(part.fields).some((f) => f !== part && [f].flat().some((x) => x?.type === 'field'))) {
      part.file.resume();
      throw InvalidFormatError('Send one file and nothing else.');
    }
    return await writePart(part, opts.dir, opts.maxBytes);
  } catch (e) {
    throw multipartError(e, opts.maxBytes, 'Send one file and nothing else.');
  }
}
