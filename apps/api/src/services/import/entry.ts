import { createHash } from 'node:crypto';
import type { ImportChange, ImportSkipReason } from '@sauce/contract/account';
import { countedLength, LIMITS } from '@sauce/contract/limits';
import { cleanText, hasBidiControls } from '@sauce/contract/names';

/**
 * One entry of an import file, normalised to what a Sauce source can hold (SPEC §5): a
 * title of at most 100 characters (60 for an image source), a note of at most 20,000, an
 * http(s) link of at most 2,048 characters or none, at most 5 tags of letters and digits.
 * What had to change on the way is in `changes` (the import's report lists it). Kept as
 * JSON in `import_entries` until the job has worked it.
 */
export interface ImportEntry {
  /** Shown in the preview, the report and the list of what was not imported. */
  title: string;
  /** A checked http(s) link, or null. */
  link: string | null;
  /** The link as written in the file when it was refused (for the report). */
  rawLink?: string;
  /** The note (a note-only source's text). */
  text: string;
  tags: string[];
  /** When it was saved (ISO 8601), if the file says and the date is believable; kept as the source's date. */
  createdAt: string | null;
  /** When it was last changed (ISO 8601), when the file says (Sauce's export). */
  updatedAt?: string;
  /** A preview image URL from the file (Raindrop's cover, wallabag's picture), http(s) only. */
  image?: string;
  /** The page's own title and description as the file gives them (an excerpt), kept as the link preview's. */
  linkTitle?: string;
  description?: string;
  /**
   * The folders the entry is in, each as its path in the file (`['Design', 'Type']`); the
   * browsers' own roots (bookmarks bar, other bookmarks, menu) are not folders. Absent: none.
   */
  folders?: string[][];
  /** What was changed to fit (tags cleaned, a title cut…), for the report. */
  changes?: ImportChange[];
  /** What makes it the same entry on a re-run (`sauces.import_key`). */
  key: string;
  /** Refused already while reading the file. */
  skip?: ImportSkipReason;
  /** An image source of a Sauce export: its images inside the uploaded ZIP. */
  images?: {
    file: string;
    comments: { id: number; parent: number | null; message: string; x: number; y: number; author?: string; createdAt?: string }[];
    /** Issue #33: the words read in it, as the export gives them; absent: read after the import. */
    text?: string;
  }[];
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Cuts `s` to `max` characters as SPEC §5 counts them (line breaks kept, not counted).
 * @returns the text, and whether it was cut.
 */
export function clip(s: string, max: number): string {
  if (s.length <= max || countedLength(s) <= max) return s;
  let out = '';
  let n = 0;
  for (const ch of s) {
    if (ch !== '\n' && ch !== '\r') {
      if (n === max) break;
      n++;
    }
    out += ch;
  }
  return out;
}

/** A string from the file with NUL characters removed (PostgreSQL text cannot hold them) and trimmed; '' for anything else. */
export const clean = (s: unknown) => (typeof s === 'string' ? s.replaceAll('\u0000', '').trim() : '');

/** An http(s) link as the API stores it (zLink's rule), or null. */
export function checkLink(raw: string): string | null {
  const s = raw.trim();
  if (!s || s.length > LIMITS.linkLength) return null;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * Tags placeholders that mean 'no tag' in some exports (Scuttle writes `system:unfiled` on
 * an untagged bookmark); left out without a word.
 */
const NOT_TAGS = new Set(['system:unfiled']);

/**
 * Tags as Sauce keeps them (SPEC §5: Korean and English letters and digits, 1–15 characters,
 * lower case, at most 5), cleaned rather than dropped (issue #22): accents are taken off
 * (`café` → `cafe`), everything that is not a letter or digit Sauce keeps is removed
 * (`design-systems` → `designsystems`, `to:fb` → `tofb`), a tag over 15 characters is cut
 * to 15; tags that are the same once cleaned are one. A tag with nothing left is dropped,
 * and so is every tag past the fifth — each change listed.
 * @returns the tags and the changes made.
 */
export function cleanTags(raw: readonly string[]): { tags: string[]; changes: ImportChange[] } {
  const tags: string[] = [];
  const changes: ImportChange[] = [];
  for (const input of raw) {
    const original = clean(input);
    if (!original || NOT_TAGS.has(original.toLowerCase())) continue;
    const kept = Array.from(
      original
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .normalize('NFC')
        .replace(/[^\p{Script=Hangul}A-Za-z0-9]|[\u115F\u1160\u3164\uFFA0]/gu, '')
        .toLowerCase(),
    )
      .slice(0, LIMITS.tagLength)
      .join('');
    if (!kept) {
      changes.push({ code: 'tagDropped', tag: original.slice(0, 100), why: 'noLetters' });
      continue;
    }
    if (tags.includes(kept)) continue;
    if (tags.length === LIMITS.tagsPerSauce) {
      changes.push({ code: 'tagDropped', tag: original.slice(0, 100), why: 'overFive' });
      continue;
    }
    // A change of case alone is how Sauce stores every tag: not worth a line of the report.
    if (kept !== original.toLowerCase()) changes.push({ code: 'tagCleaned', from: original.slice(0, 100), to: kept });
    tags.push(kept);
  }
  return { tags, changes };
}

/** Dates before this are not believed (no bookmark of ours is older): 1990-01-01. */
export const EARLIEST_DATE_MS = Date.UTC(1990, 0, 1);

/** Milliseconds between 1601-01-01 (Windows' and Chrome's epoch) and 1970-01-01. */
const WEBKIT_EPOCH_MS = 11_644_473_600_000;

/**
 * How a file writes its dates: 'epoch' — a number since 1970 whose unit is told by its size
 * (seconds below 10^11, milliseconds below 10^14, microseconds above: Google Bookmarks'
 * and Firefox's); 'webkit' — microseconds since 1601 (Chrome's `date_added`); 'iso' — ISO
 * 8601 text (a time without a zone read as UTC).
 */
export type DateKind = 'epoch' | 'webkit' | 'iso';

/**
 * A date from the file as ISO 8601. Missing (absent, '' or 0) is null without a change; a
 * date that cannot be read, before 1990 or more than a day in the future is null with a
 * `dateDropped` change (the source then dates from its import).
 */
export function dateOf(value: unknown, kind: DateKind): { date: string | null; change?: ImportChange } {
  if (value === null || value === undefined || value === '' || value === 0 || value === '0') return { date: null };
  let ms: number;
  if (kind === 'iso') {
    const s = String(value).trim();
    // '2014-01-01T10:00:00' (Readability) and '2014-01-01 10:00:00' are UTC; '+0100' is '+01:00'.
    const normal = s.replace(' ', 'T').replace(/([+-]\d\d)(\d\d)$/, '$1:$2');
    ms = Date.parse(/T\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(normal) ? `${normal}Z` : normal);
    if (Number.isNaN(ms) && /^\d+(\.\d+)?$/.test(s)) return dateOf(Number(s), 'epoch');
  } else {
    const n = typeof value === 'number' ? value : Number(String(value).trim());
    if (kind === 'webkit') ms = n / 1000 - WEBKIT_EPOCH_MS;
    else ms = Math.abs(n) < 1e11 ? n * 1000 : Math.abs(n) < 1e14 ? n : n / 1000;
  }
  if (!Number.isFinite(ms) || ms < EARLIEST_DATE_MS || ms > Date.now() + 86_400_000) {
    return { date: null, change: { code: 'dateDropped', value: String(value).slice(0, 40) } };
  }
  return { date: new Date(ms).toISOString() };
}

/** The import key of a link source: its normalised URL. */
export const linkKey = (link: string) => `link:${link}`;
/** The import key of a note without a link: its title and text. */
export const noteKey = (title: string, text: string) => `note:${sha256(`${title}\n${text}`)}`;
/** The import key of an image source of a Sauce export: its title and date. */
export const imageKey = (title: string, createdAt: string) => `image:${sha256(`${title}\n${createdAt}`)}`;

/**
 * A folder name from the file, cleaned as names are (zFolderName: NFC, zero-width and
 * direction-control characters removed, white space made single spaces, trimmed); '' when
 * nothing visible is left.
 */
export function cleanFolderName(raw: string): string {
  let s = cleanText(clean(raw)).replace(/\s+/g, ' ').trim();
  if (hasBidiControls(s)) s = s.replace(/[\u202A-\u202E\u2066-\u2069]/gu, '').trim();
  return s.slice(0, 500);
}

/** A path of folder names, cleaned; names with nothing visible left out. */
export const cleanPath = (names: readonly string[]) => names.map(cleanFolderName).filter(Boolean);

/** What a format reader gives for one bookmark, before it is fitted to Sauce's rules. */
export interface RawEntry {
  title: unknown;
  url?: unknown;
  text?: unknown;
  tags?: readonly unknown[];
  date?: { value: unknown; kind: DateKind };
  image?: unknown;
  linkTitle?: unknown;
  description?: unknown;
  /** Folder paths as the file gives them (names are cleaned here). */
  folders?: readonly (readonly string[])[];
  /** Why the reader already refuses it. */
  skip?: ImportSkipReason;
}

/**
 * One bookmark-like entry fitted to Sauce's rules: the link checked (a `javascript:`,
 * `place:` or other non-http(s) link is kept as a skipped entry, listed with its reason),
 * title and note cut to SPEC's limits, tags cleaned ({@link cleanTags}), the date read
 * ({@link dateOf}), folder names cleaned — every change recorded.
 */
export function makeEntry(raw: RawEntry): ImportEntry {
  const changes: ImportChange[] = [];
  const rawUrl = clean(raw.url);
  const link = rawUrl ? checkLink(rawUrl) : null;
  const fullText = clean(raw.text);
  const text = clip(fullText, LIMITS.textLength);
  if (text.length < fullText.length) changes.push({ code: 'textCut', length: LIMITS.textLength });
  const fullTitle = clean(raw.title).replace(/[\r\n]+/g, ' ');
  const title = clip(fullTitle, LIMITS.textTitleLength);
  if (title.length < fullTitle.length) changes.push({ code: 'titleCut', length: LIMITS.textTitleLength });
  const tags = cleanTags((raw.tags ?? []).filter((t): t is string => typeof t === 'string'));
  changes.push(...tags.changes);
  const date = raw.date ? dateOf(raw.date.value, raw.date.kind) : { date: null };
  if (date.change) changes.push(date.change);
  const image = typeof raw.image === 'string' && raw.image ? checkLink(raw.image) : null;
  const folders = (raw.folders ?? []).map(cleanPath).filter((p) => p.length > 0);
  const linkTitle = clip(clean(raw.linkTitle).replace(/[\r\n]+/g, ' '), 300);
  const description = clip(clean(raw.description), 1000);
  const base: ImportEntry = {
    title,
    link,
    text,
    tags: tags.tags,
    createdAt: date.date,
    ...(image ? { image } : {}),
    ...(linkTitle ? { linkTitle } : {}),
    ...(description ? { description } : {}),
    ...(folders.length ? { folders: uniquePaths(folders) } : {}),
    ...(changes.length ? { changes } : {}),
    key: '',
  };
  if (raw.skip) return { ...base, key: `${raw.skip}:${sha256(JSON.stringify([title, rawUrl, text]))}`, skip: raw.skip };
  if (rawUrl && !link) return { ...base, rawLink: rawUrl.slice(0, LIMITS.linkLength), key: `invalid:${sha256(rawUrl)}`, skip: 'invalidLink' };
  if (!link && !text && !title) return { ...base, key: `empty:${sha256(JSON.stringify([raw.title, raw.url, raw.text]))}`, skip: 'empty' };
  return { ...base, key: link ? linkKey(link) : noteKey(title, text) };
}

/** Paths with repeats removed, in order. */
function uniquePaths(paths: string[][]): string[][] {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const k = pathKey(p);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** A folder path as one string (for maps): its names joined by U+001F. */
export const pathKey = (path: readonly string[]) => path.join('\u001f');

/**
 * Entries of one file made one per link (issue #22: a link bookmarked in two folders, or a
 * Google Bookmarks link under two labels, is one source in both folders): a later entry
 * with an earlier one's key gives it its folders and tags (up to 5) and is kept as a
 * skipped 'merged' entry, so the report still lists it. Entries refused already stay as
 * they are.
 */
export function mergeRepeats(entries: ImportEntry[]): ImportEntry[] {
  const first = new Map<string, ImportEntry>();
  return entries.map((e) => {
    if (e.skip || e.images) return e;
    const earlier = first.get(e.key);
    if (!earlier) {
      first.set(e.key, e);
      return e;
    }
    if (e.folders) earlier.folders = uniquePaths([...(earlier.folders ?? []), ...e.folders]);
    for (const t of e.tags) if (earlier.tags.length < LIMITS.tagsPerSauce && !earlier.tags.includes(t)) earlier.tags.push(t);
    return { ...e, key: `merged:${sha256(`${e.key}\n${e.title}`)}`, skip: 'merged' as const };
  });
}
