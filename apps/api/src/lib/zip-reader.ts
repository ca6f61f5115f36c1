import { inflateRawSync } from 'node:zlib';

/**
 * A minimal reader of ZIP archives held in memory (issue #8: importing Sauce's own export,
 * which `archiver` wrote). No ZIP-reading library is installed; this reads what the export
 * writes and refuses the rest: entries listed by the central directory, stored or deflated,
 * no encryption, no ZIP64, no multi-disk archives. Sizes are checked before anything is
 * inflated and again while inflating (`maxOutputLength`), so a ZIP bomb costs nothing.
 */

/** An entry as the central directory lists it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of the entry's local header. */
  offset: number;
}

/** The archive is not one this reader accepts; `reason` says why. */
export class ZipFormatError extends Error {
  constructor(readonly reason: 'notZip' | 'damaged' | 'unsupported' | 'tooLarge') {
    super(`ZIP: ${reason}`);
  }
}

const EOCD_SIG = 0x06054b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;

/** Whether `data` starts like a ZIP archive (a local file header or an empty archive). */
export const looksLikeZip = (data: Buffer) =>
  data.length >= 4 && (data.readUInt32LE(0) === LOCAL_SIG || data.readUInt32LE(0) === EOCD_SIG);

/**
 * Lists the entries of `data`.
 * @param limits.maxEntries entries allowed; @param limits.maxTotalBytes uncompressed bytes
 *   allowed in all.
 * @throws ZipFormatError ('notZip', 'damaged', 'unsupported', 'tooLarge').
 */
export function readZipEntries(data: Buffer, limits: { maxEntries: number; maxTotalBytes: number }): Map<string, ZipEntry> {
  if (!looksLikeZip(data)) throw new ZipFormatError('notZip');
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535.
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65_535); i--) {
    if (data.readUInt32LE(i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('damaged');
  const disk = data.readUInt16LE(eocd + 4);
  const count = data.readUInt16LE(eocd + 10);
  const dirSize = data.readUInt32LE(eocd + 12);
  const dirOffset = data.readUInt32LE(eocd + 16);
  if (disk !== 0) throw new ZipFormatError('unsupported');
  if (count === 0xffff || dirOffset === 0xffffffff) throw new ZipFormatError('unsupported'); // ZIP64
  if (count > limits.maxEntries) throw new ZipFormatError('tooLarge');
  if (dirOffset + dirSize > eocd) throw new ZipFormatError('damaged');

  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let p = dirOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || data.readUInt32LE(p) !== CENTRAL_SIG) throw new ZipFormatError('damaged');
    const flags = data.readUInt16LE(p + 8);
    const method = data.readUInt16LE(p + 10);
    const compressedSize = data.readUInt32LE(p + 20);
    const size = data.readUInt32LE(p + 24);
    const nameLength = data.readUInt16LE(p + 28);
    const extraLength = data.readUInt16LE(p + 30);
    const commentLength = data.readUInt16LE(p + 32);
    const offset = data.readUInt32LE(p + 42);
    const end = p + 46 + nameLength + extraLength + commentLength;
    if (end > eocd) throw new ZipFormatError('damaged');
    if (flags & 0x1) throw new ZipFormatError('unsupported'); // encrypted
    if (method !== 0 && method !== 8) throw new ZipFormatError('unsupported');
    if (compressedSize === 0xffffffff || size === 0xffffffff || offset === 0xffffffff) throw new ZipFormatError('unsupported');
    const name = data.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipFormatError('tooLarge');
    if (offset + 30 > dirOffset) throw new ZipFormatError('damaged');
    if (!name.endsWith('/')) entries.set(name, { name, method, compressedSize, size, offset });
    p = end;
  }
  return entries;
}

/**
 * The bytes of one entry of `data`.
 * @throws ZipFormatError 'damaged' when its data is cut short or does not inflate to its
 *   declared size.
 */
export function readZipEntry(data: Buffer, entry: ZipEntry): Buffer {
  const p = entry.offset;
  if (p + 30 > data.length || data.readUInt32LE(p) !== LOCAL_SIG) throw new ZipFormatError('damaged');
  const start = p + 30 + data.readUInt16LE(p + 26) + data.readUInt16LE(p + 28);
  const end = start + entry.compressedSize;
  if (end > data.length) throw new ZipFormatError('damaged');
  const raw = data.subarray(start, end);
  if (entry.method === 0) {
    if (raw.length !== entry.size) throw new ZipFormatError('damaged');
    return raw;
  }
  let out: Buffer;
  try {
    out = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
  } catch {
    throw new ZipFormatError('damaged');
  }
  if (out.length !== entry.size) throw new ZipFormatError('damaged');
  return out;
}
