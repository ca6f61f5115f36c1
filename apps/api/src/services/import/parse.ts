import { SAUCE_EXPORT_FILE, IMPORT_FORMAT_NAMES, IMPORT_FORMATS, zSauceExport, type ImportFormat, type SauceExport } from '@sauce/contract/account';
import { LIMITS } from '@sauce/contract/limits';
import { AppError, ImportFileInvalidError, LimitReachedError } from '../../errors.ts';
import { MAX_TEXT_CHARS } from '../../lib/text-layout.ts';
import { looksLikeZip, openZip, ZipFormatError, type ZipArchive } from '../../lib/zip.ts';
import { csvEntries, csvFormatsOf } from './csv.ts';
import { clean, clip, cleanTags, dateOf, imageKey, makeEntry, mergeRepeats, type ImportEntry } from './entry.ts';
import { pageEntries, recognisePage } from './html.ts';
import { JSON_FORMATS, omnivore, omnivoreEntry, type JsonFormat } from './json.ts';

export { checkLink, cleanTags, imageKey, linkKey, noteKey, type ImportEntry } from './entry.ts';
export { MAX_LIST_DEPTH } from './html.ts';

/** A parsed import file. */
export interface ParsedImport {
  format: ImportFormat;
  entries: ImportEntry[];
  /** The upload must be kept for the job (a Sauce export with images). */
  keepFile: boolean;
  /** Folders the file declares, in order, empty ones included (Sauce's export: its folders are recreated as they were). */
  folders?: string[][];
}

/** @throws LIMIT_REACHED (422, `importEntries`) over LIMITS.importEntries entries. */
function assertEntryCount(n: number) {
  if (n > LIMITS.importEntries) throw LimitReachedError('importEntries', LIMITS.importEntries);
}

/**
 * The refusal of a file Sauce does not read, its message listing what it reads (issue #22).
 * @param seen what the file looked like: 'html', 'json', 'csv', 'zip' or 'other'.
 */
export function unsupported(seen: string): AppError {
  const e = ImportFileInvalidError('unsupported', { seen, supported: IMPORT_FORMATS });
  e.message = `This file isn't one Sauce can import. Supported: ${IMPORT_FORMATS.map((f) => IMPORT_FORMAT_NAMES[f]).join('; ')}.`;
  return e;
}

/** A file that fits two formats' shapes at once: refused rather than guessed. */
function ambiguous(formats: ImportFormat[]): AppError {
  const e = ImportFileInvalidError('ambiguous', { formats });
  e.message = `This file looks like ${formats.map((f) => IMPORT_FORMAT_NAMES[f]).join(' and ')} at once; it cannot be read as either.`;
  return e;
}

// ---------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------

/** Labels TextDecoder knows that a page may declare as its `charset` (Korean and Western pages of old browsers). */
const DECLARED = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i;

/**
 * An uploaded file's text: UTF-8 (byte order mark removed); UTF-16 with its byte order mark
 * (old Windows exports); or, for a page that is not UTF-8 but declares its `charset` in a
 * `<meta>` (an old Korean `euc-kr` export), that encoding.
 * @throws IMPORT_FILE_INVALID: 'encoding' for text that is none of these (invalid UTF-8
 *   with no declared charset, UTF-16 without its mark); 'unsupported' for binary data.
 */
export function decodeText(data: Buffer): string {
  if (data.length >= 2 && ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff))) {
    try {
      return new TextDecoder(data[0] === 0xff ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
    } catch {
      throw ImportFileInvalidError('encoding');
    }
  }
  const start = data.subarray(0, 4096);
  if (start.includes(0)) {
    // UTF-16 without its mark has a NUL in every other byte of ASCII text (all at even or all
    // at odd places); anything else with NULs is binary.
    let even = 0;
    let odd = 0;
    start.forEach((b, i) => {
      if (b === 0 && i % 2) odd++;
      else if (b === 0) even++;
    });
    const utf16 = Math.max(even, odd) > start.length / 2 / 2 && Math.min(even, odd) < Math.max(even, odd) / 10;
    throw utf16 ? ImportFileInvalidError('encoding') : unsupported('other');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    const label = DECLARED.exec(data.subarray(0, 2048).toString('latin1'))?.[1]?.toLowerCase();
    if (label && label !== 'utf-8' && label !== 'utf8') {
      try {
        return new TextDecoder(label, { fatal: true }).decode(data);
      } catch {
        // An unknown label, or bytes that are not that encoding either.
      }
    }
    throw ImportFileInvalidError('encoding');
  }
}

// ---------------------------------------------------------------------------------------
// Sauce's own export
// ---------------------------------------------------------------------------------------

/**
 * The entries of Sauce's export document: every space's sources, with their folders (by
 * name: one level, 15 characters already), tags, dates, link previews; image sources with
 * their images (paths inside the ZIP; without the ZIP, or with a file missing, they are
 * listed as not imported) and comments (with their authors' nicknames and dates).
 */
/** A Sauce export's folders, space by space in their order, as one-level paths (each name once). */
function sauceFolders(doc: SauceExport): string[][] {
  const names = new Set<string>();
  for (const space of doc.workspaces) for (const f of [...space.folders].sort((a, b) => a.order - b.order)) names.add(f.name);
  return [...names].map((n) => [n]);
}

function sauceEntries(doc: SauceExport, files: Set<string> | null): ImportEntry[] {
  const out: ImportEntry[] = [];
  for (const space of doc.workspaces) {
    assertEntryCount(out.length + space.sauces.length);
    const folderName = new Map(space.folders.map((f) => [f.id, f.name]));
    for (const s of space.sauces) {
      const folders = s.folders.flatMap((id) => (folderName.has(id) ? [[folderName.get(id)!]] : []));
      if (s.type === 'TEXT') {
        out.push(
          makeEntry({
            title: s.title,
            url: s.link,
            text: s.text ?? '',
            tags: s.tags,
            date: { value: s.createdAt, kind: 'iso' },
            linkTitle: s.linkTitle,
            description: s.linkDescription,
            folders,
          }),
        );
        const updated = dateOf(s.updatedAt, 'iso').date;
        if (updated) out.at(-1)!.updatedAt = updated;
        continue;
      }
      const title = clip(clean(s.title).replace(/[\r\n]+/g, ' '), LIMITS.imageTitleLength);
      const { tags, changes } = cleanTags(s.tags);
      const date = dateOf(s.createdAt, 'iso');
      const images = s.images.slice(0, LIMITS.imagesPerSauce).map((i) => ({
        file: i.file,
        comments: i.comments.slice(0, LIMITS.commentsPerImage).map((c) => ({
          id: c.id,
          parent: c.parent,
          message: clip(clean(c.message), LIMITS.commentLength) || '…',
          x: c.x,
          y: c.y,
          author: clean(c.author).slice(0, 100),
          createdAt: c.createdAt,
        })),
        // Issue #33: the words read in it are kept (not read again).
        ...(i.text !== undefined ? { text: clean(i.text).slice(0, MAX_TEXT_CHARS) } : {}),
      }));
      const usable = images.length > 0 && !!files && images.every((i) => files.has(i.file));
      out.push({
        title,
        link: null,
        text: '',
        tags,
        createdAt: date.date,
        ...(dateOf(s.updatedAt, 'iso').date ? { updatedAt: dateOf(s.updatedAt, 'iso').date! } : {}),
        ...(folders.length ? { folders } : {}),
        ...(changes.length || date.change ? { changes: [...changes, ...(date.change ? [date.change] : [])] } : {}),
        key: imageKey(title, s.createdAt),
        images,
        ...(usable ? {} : { skip: 'invalidImage' as const }),
      });
    }
  }
  return out;
}

/**
 * Sauce's export document: `{ format: 'sauce-export', version, workspaces }`.
 * @throws IMPORT_FILE_INVALID 'damaged' when it says it is one but does not fit.
 */
function parseSauceExport(json: unknown, files: Set<string> | null): { entries: ImportEntry[]; folders: string[][] } {
  const parsed = zSauceExport.safeParse(json);
  if (!parsed.success) throw ImportFileInvalidError('damaged');
  return { entries: sauceEntries(parsed.data, files), folders: sauceFolders(parsed.data) };
}

/** Whether `json` is shaped as Sauce's export document. */
const isSauceDocument = (json: unknown) =>
  typeof json === 'object' && json !== null && (json as { format?: unknown }).format === 'sauce-export' && Array.isArray((json as { workspaces?: unknown }).workspaces);

// ---------------------------------------------------------------------------------------
// ZIP archives
// ---------------------------------------------------------------------------------------

/**
 * What an export ZIP may hold: entries (Sauce's document, its bookmarks file and every
 * image; Omnivore's metadata, content and highlights files) and uncompressed bytes in all
 * (Sauce's images are re-processed one at a time; Omnivore's articles are not read).
 */
export const ZIP_LIMITS = { maxEntries: LIMITS.importEntries * LIMITS.imagesPerSauce + 10, maxTotalBytes: 4 * LIMITS.importBytes };
/** Bytes of the ZIP's text files that are read (Sauce's document, Omnivore's metadata and highlights). */
const ZIP_TEXT_BYTES = 2 * LIMITS.importBytes;

/** Omnivore's metadata files in its export ZIP. */
const OMNIVORE_METADATA = /^metadata_\d+_to_\d+\.json$/;

/** JSON of a file, or IMPORT_FILE_INVALID ('damaged'). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw ImportFileInvalidError('damaged');
  }
}

/** A text file of a ZIP, read within ZIP_TEXT_BYTES in all. */
async function zipText(zip: ZipArchive, name: string, budget: { bytes: number }): Promise<string> {
  const entry = zip.entries.get(name)!;
  budget.bytes -= entry.uncompressedSize;
  if (budget.bytes < 0) throw ImportFileInvalidError('tooLarge');
  return decodeText(await zip.read(entry));
}

/**
 * A ZIP export, by the files it holds: Sauce's (`sauce-export.json` and images) or
 * Omnivore's (`metadata_<n>_to_<m>.json`, `content/`, `highlights/`).
 * @throws IMPORT_FILE_INVALID: 'unsupported' for any other archive; 'ambiguous' for one
 *   holding both; 'damaged', 'tooLarge' (ZIP_LIMITS) and what its files' readers throw.
 */
async function readZip(data: Buffer, check: (f: ImportFormat) => ImportFormat): Promise<ParsedImport> {
  try {
    const zip = await openZip(data, ZIP_LIMITS);
    const names = [...zip.entries.keys()];
    const metadata = names.filter((n) => OMNIVORE_METADATA.test(n)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    const isSauce = zip.entries.has(SAUCE_EXPORT_FILE);
    if (isSauce && metadata.length) throw ambiguous(['sauce-export', 'omnivore-zip']);
    const budget = { bytes: ZIP_TEXT_BYTES };
    if (isSauce) {
      const format = check('sauce-export');
      const doc = parseSauceExport(parseJson(await zipText(zip, SAUCE_EXPORT_FILE, budget)), new Set(names));
      return { format, entries: mergeRepeats(doc.entries), keepFile: doc.entries.some((e) => e.images && !e.skip), folders: doc.folders };
    }
    if (metadata.length) {
      const format = check('omnivore-zip');
      const items: Record<string, unknown>[] = [];
      for (const name of metadata) {
        const json = parseJson(await zipText(zip, name, budget));
        if (!omnivore.shape(json) && !(Array.isArray(json) && json.length === 0)) throw ImportFileInvalidError('damaged');
        items.push(...(json as Record<string, unknown>[]));
        assertEntryCount(items.length);
      }
      const entries: ImportEntry[] = [];
      for (const item of items) {
        const slug = typeof item.slug === 'string' ? item.slug : null;
        const notes = slug && zip.entries.has(`highlights/${slug}.md`) ? await zipText(zip, `highlights/${slug}.md`, budget) : undefined;
        entries.push(makeEntry(omnivoreEntry(item, notes)));
      }
      if (!entries.length) throw ImportFileInvalidError('noEntries');
      return { format, entries: mergeRepeats(entries), keepFile: false };
    }
    throw unsupported('zip');
  } catch (e) {
    if (e instanceof ZipFormatError) throw ImportFileInvalidError(e.reason === 'notZip' ? 'unsupported' : e.reason === 'tooLarge' ? 'tooLarge' : 'damaged');
    throw e;
  }
}

// ---------------------------------------------------------------------------------------
// Recognition
// ---------------------------------------------------------------------------------------

/**
 * The entries of a JSON document of `format`'s shape. A format's shape is told from its
 * first items (json.ts everyItem); an item after them of another shape (a `null`, a string
 * where a list was) that its reader cannot read makes the document refused as
 * damaged (IMPORT_FILE_INVALID 400), never the reader's crash (which the server could only
 * answer 503, as if trying again might help).
 * @throws IMPORT_FILE_INVALID ('damaged', and what the format's reader throws); LIMIT_REACHED.
 */
function jsonEntries(format: JsonFormat, json: unknown): ImportEntry[] {
  try {
    return format.entries(json, assertEntryCount);
  } catch (e) {
    if (e instanceof TypeError) throw ImportFileInvalidError('damaged');
    throw e;
  }
}

/** The first line of a text. */
const firstLine = (text: string) => {
  const end = text.search(/\r?\n/);
  return end === -1 ? text : text.slice(0, end);
};

/**
 * Reads an import file (issue #8 "Your data", issue #22), deciding its format from its
 * content, never its name, by its shape (see each reader): a ZIP is Sauce's export or
 * Omnivore's; JSON is Sauce's export document or one of json.ts's formats (Chrome, Firefox,
 * Pinboard, Delicious's feed and export, Omnivore, wallabag, Karakeep, Readability,
 * Linkwarden); HTML is a bookmarks page (html.ts: Netscape's — Shaarli's early list-less
 * export included —, Pocket's, Instapaper's); a CSV is Pocket's,
 * Instapaper's or Raindrop's by its header. A file fitting two shapes is refused
 * ('ambiguous'), and so is anything else ('unsupported', its message listing the formats).
 * When `claimed` is given, a file whose content says otherwise is refused. Nothing is
 * written: the file is read whole first, and a damaged file is refused whole. A link found
 * twice is one entry (its folders and tags merged, the repeat listed as 'merged').
 * Synchronous work of up to seconds on a large file: the API runs it in the import reader's
 * process (./worker.ts, issue #18), never on the event loop.
 * @throws IMPORT_FILE_INVALID (400, `details.reason`: 'unsupported' (`details.supported`),
 *   'ambiguous' (`details.formats`), 'encoding' (not UTF-8, UTF-16 with its mark, or a
 *   declared charset), 'damaged' (cut short, malformed, a ZIP with encrypted entries or a
 *   lying size), 'tooLarge' (a ZIP over ZIP_LIMITS), 'tooDeep' (lists nested over
 *   MAX_LIST_DEPTH), 'noEntries', 'mismatch' with `detected`); LIMIT_REACHED (422,
 *   `importEntries`) over 10,000 entries.
 */
export async function parseImport(data: Buffer, claimed?: ImportFormat): Promise<ParsedImport> {
  const check = (format: ImportFormat) => {
    if (claimed && claimed !== format && !(claimed === 'omnivore-json' && format === 'omnivore-zip')) {
      throw ImportFileInvalidError('mismatch', { claimed, detected: format });
    }
    return format;
  };
  if (looksLikeZip(data)) return readZip(data, check);
  const text = decodeText(data);
  const head = text.trimStart();
  if (head.startsWith('{') || head.startsWith('[')) {
    const json = parseJson(text);
    if (isSauceDocument(json)) {
      const format = check('sauce-export');
      const doc = parseSauceExport(json, null);
      return { format, entries: mergeRepeats(doc.entries), keepFile: false, folders: doc.folders };
    }
    const fits = JSON_FORMATS.filter((f) => f.shape(json));
    if (fits.length > 1) throw ambiguous(fits.map((f) => f.format));
    if (fits.length === 0) throw Array.isArray(json) && json.length === 0 ? ImportFileInvalidError('noEntries') : unsupported('json');
    const format = check(fits[0]!.format);
    const entries = jsonEntries(fits[0]!, json);
    if (entries.length === 0) throw ImportFileInvalidError('noEntries');
    return { format, entries: mergeRepeats(entries), keepFile: false };
  }
  if (head.startsWith('<')) {
    const found = recognisePage(text);
    if (!found) throw unsupported('html');
    const format = check(found.format);
    return { format, entries: mergeRepeats(pageEntries(text, found.format, found.page, assertEntryCount)), keepFile: false };
  }
  const formats = csvFormatsOf(firstLine(head));
  if (formats.length > 1) throw ambiguous(formats.map((f) => f.format));
  if (formats.length === 0) throw unsupported(firstLine(head).includes(',') ? 'csv' : 'other');
  const format = check(formats[0]!.format);
  return { format, entries: mergeRepeats(csvEntries(head, formats[0]!, assertEntryCount)), keepFile: false };
}
