import { createRequire } from 'node:module';
import type { ImportFormat } from '@sauce/contract/account';
import { LIMITS } from '@sauce/contract/limits';
import { ImportFileInvalidError } from '../../errors.ts';
import { clean, makeEntry, type ImportEntry } from './entry.ts';

// csv-parse is loaded with the first CSV import rather than at start (issue #11 item 7: an
// idle server's memory), with require since this parsing is synchronous.
const csvParse = () => (createRequire(import.meta.url)('csv-parse/sync') as typeof import('csv-parse/sync')).parse;

/**
 * A CSV export, recognised by its header row: the exact columns its product writes (case
 * included), never just a `url` column.
 */
export interface CsvFormat {
  format: ImportFormat;
  /** Columns that must all be in the header. */
  columns: string[];
  /** Whether the header's columns are this product's (past `columns`). */
  shape(header: Set<string>): boolean;
  entry(row: Record<string, string>): ImportEntry;
}

/** Reading states and the catch-all folder: not folders of the person's. */
const NOT_FOLDERS = new Set(['unread', 'archive', 'read archive', 'unsorted', '']);

/**
 * Pocket's CSV export (2024–2025): `title,url,time_added,tags,status` — `time_added` in
 * seconds, tags separated by `|`, status 'unread' or 'archive' (a reading state, not a folder).
 */
const pocket: CsvFormat = {
  format: 'pocket-csv',
  columns: ['title', 'url', 'time_added', 'tags', 'status'],
  shape: () => true,
  entry: (r) =>
    makeEntry({ title: r.title, url: r.url, tags: (r.tags ?? '').split('|'), date: { value: clean(r.time_added), kind: 'epoch' } }),
};

/**
 * Instapaper's CSV export: `URL,Title,Selection,Folder` (older), with `Timestamp` (seconds)
 * and `Tags` (a JSON list) since 2023. `Selection` is the person's highlighted text (the
 * note); `Folder` 'Unread' and 'Archive' are reading states, anything else a folder
 * ('Starred' included).
 */
const instapaper: CsvFormat = {
  format: 'instapaper-csv',
  columns: ['URL', 'Title', 'Selection', 'Folder'],
  shape: (h) => [...h].every((c) => ['URL', 'Title', 'Selection', 'Folder', 'Timestamp', 'Tags'].includes(c)),
  entry(r) {
    let tags: unknown[] = [];
    try {
      const parsed: unknown = JSON.parse(r.Tags || '[]');
      if (Array.isArray(parsed)) tags = parsed;
    } catch {
      tags = (r.Tags ?? '').split(',');
    }
    const folder = clean(r.Folder);
    return makeEntry({
      title: r.Title,
      url: r.URL,
      text: r.Selection,
      tags,
      date: { value: clean(r.Timestamp), kind: 'epoch' },
      folders: NOT_FOLDERS.has(folder.toLowerCase()) ? [] : [[folder]],
    });
  },
};

/**
 * Raindrop.io's CSV export: `id,title,note,excerpt,url,folder,tags,created,cover,highlights,
 * favorite` — tags separated by commas, `created` ISO 8601 (or seconds), `folder` the
 * collection ('Parent/Child' nested; 'Unsorted' is none), `cover` the preview image,
 * `excerpt` the page's description.
 */
const raindrop: CsvFormat = {
  format: 'raindrop-csv',
  columns: ['url', 'title', 'folder', 'created'],
  shape: (h) => h.has('excerpt') || h.has('note') || h.has('cover'),
  entry(r) {
    const folder = clean(r.folder);
    return makeEntry({
      title: r.title,
      url: r.url,
      text: r.note,
      description: r.excerpt,
      tags: (r.tags ?? '').split(','),
      date: { value: clean(r.created), kind: 'iso' },
      image: clean(r.cover),
      folders: NOT_FOLDERS.has(folder.toLowerCase()) ? [] : [folder.split('/')],
    });
  },
};

const CSV_FORMATS = [pocket, instapaper, raindrop];

/**
 * The CSV formats whose header `line` (the file's first line) fits; more than one means the
 * file is two formats at once.
 */
export function csvFormatsOf(line: string): CsvFormat[] {
  let header: string[];
  try {
    header = (csvParse()(line, { to: 1, relax_column_count: true }) as string[][])[0] ?? [];
  } catch {
    return [];
  }
  const names = new Set(header.map((h) => h.trim()));
  return CSV_FORMATS.filter((f) => f.columns.every((c) => names.has(c)) && f.shape(names));
}

/**
 * The entries of a CSV file of `format`. A malformed file (an unclosed quote, a row of the
 * wrong length) is refused whole.
 * @throws IMPORT_FILE_INVALID ('damaged', 'noEntries'); LIMIT_REACHED over 10,000 rows.
 */
export function csvEntries(text: string, format: CsvFormat, assertCount: (n: number) => void): ImportEntry[] {
  let rows: Record<string, string>[];
  try {
    rows = csvParse()(text, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      bom: true,
      skip_empty_lines: true,
      to: LIMITS.importEntries + 1,
    });
  } catch {
    throw ImportFileInvalidError('damaged');
  }
  assertCount(rows.length);
  if (rows.length === 0) throw ImportFileInvalidError('noEntries');
  return rows.map((r) => format.entry(r));
}
