import type { Entry, ZipFile } from 'yauzl';

/**
 * Reading ZIP archives (issue #8: importing Sauce's own export, which `archiver` writes) with
 * yauzl, inside limits the caller sets. yauzl reads the central directory (it never scans for
 * local headers), refuses unsafe names (absolute, with a `..` segment), refuses a stored entry
 * whose two sizes differ and, while inflating, stops an entry at the first chunk past its
 * declared size (and fails one that falls short). On top of that, before anything is
 * inflated: the entry count (from the end record) and the declared uncompressed bytes of all
 * entries are checked against the limits, and encrypted entries and compression methods
 * other than stored and deflated are refused. So a ZIP bomb costs nothing: an honest one is
 * refused by its declared sizes, a lying one after one 16 KiB chunk of output.
 */

/** The archive is not one this reader accepts; `reason` says why. */
export class ZipFormatError extends Error {
  constructor(readonly reason: 'notZip' | 'damaged' | 'unsupported' | 'tooLarge') {
    super(`ZIP: ${reason}`);
  }
}

/** An entry as the central directory lists it (yauzl's). */
export type ZipEntry = Entry;

/** An opened archive. */
export interface ZipArchive {
  /** Its file entries by name (directory entries left out). */
  entries: Map<string, ZipEntry>;
  /**
   * The bytes of one of its entries, inflated.
   * @throws ZipFormatError 'damaged' when the entry's data is cut short, does not inflate, or
   *   inflates to more or fewer bytes than it declares.
   */
  read(entry: ZipEntry): Promise<Buffer>;
}

/** Whether `data` starts like a ZIP archive (a local file header or an empty archive). */
export const looksLikeZip = (data: Buffer) =>
  data.length >= 4 && (data.readUInt32LE(0) === 0x04034b50 || data.readUInt32LE(0) === 0x06054b50);

/** Any error of yauzl's (a malformed archive) as the reader's own. */
const asZipError = (e: unknown) => (e instanceof ZipFormatError ? e : new ZipFormatError('damaged'));

/**
 * Opens the archive `data` and lists its entries; nothing is inflated yet.
 * @param limits.maxEntries entries allowed; @param limits.maxTotalBytes uncompressed bytes
 *   allowed in all, as the entries declare them.
 * @throws ZipFormatError: 'notZip' when `data` does not start like a ZIP; 'tooLarge' over a
 *   limit; 'unsupported' for an encrypted entry or a compression method other than stored (0)
 *   and deflated (8); 'damaged' for anything yauzl refuses (cut short, inconsistent records,
 *   an entry named with a `..` segment or an absolute path).
 */
export async function openZip(data: Buffer, limits: { maxEntries: number; maxTotalBytes: number }): Promise<ZipArchive> {
  if (!looksLikeZip(data)) throw new ZipFormatError('notZip');
  let zip: ZipFile;
  try {
    const { fromBufferPromise } = await import('yauzl'); // on first use, not at start (issue #11 item 7)
    zip = await fromBufferPromise(data);
  } catch (e) {
    throw asZipError(e);
  }
  if (zip.entryCount > limits.maxEntries) throw new ZipFormatError('tooLarge');
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (!entry.canDecodeFileData()) throw new ZipFormatError('unsupported'); // encrypted, or another method
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw new ZipFormatError('tooLarge');
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
    }
  } catch (e) {
    throw asZipError(e);
  }
  return { entries, read: (entry) => readEntry(zip, entry) };
}

async function readEntry(zip: ZipFile, entry: ZipEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    // yauzl checks the byte count as the data comes: the loop ends with an error at the
    // first chunk past the declared size, and destroys the stream (inflation stops there).
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  } catch (e) {
    throw asZipError(e);
  }
  return Buffer.concat(chunks);
}
