import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  SAUCE_EXPORT_FILE,
  zSauceExport,
  type ImportFormat,
  type ImportSkipReason,
  type SauceExport,
} from '@sauce/contract/account';
import { countedLength, LIMITS, TAG_PATTERN } from '@sauce/contract/limits';
import { z } from 'zod';
import { ImportFileInvalidError, LimitReachedError } from '../../errors.ts';
import { looksLikeZip, openZip, ZipFormatError } from '../../lib/zip.ts';
import { cheerio } from '../metadata.ts';

// csv-parse is loaded with the first CSV import rather than at start (issue #11 item 7: an
// idle server's memory), with require since this parsing is synchronous.
const csvParse = () => (createRequire(import.meta.url)('csv-parse/sync') as typeof import('csv-parse/sync')).parse;

/**
 * One entry of an import file, normalised to what a Sauce source can hold (SPEC §5): a
 * title of at most 100 characters, a note of at most 20,000, an http(s) link of at most
 * 2,048 characters or none, at most 5 valid tags. Kept as JSON in the job's row until the
 * job has worked it.
 */
export interface ImportEntry {
  /** Shown in the list of what was not imported. */
  title: string;
  /** A checked http(s) link, or null. */
  link: string | null;
  /** The link as written in the file when it was refused (for the skipped list). */
  rawLink?: string;
  text: string;
  tags: string[];
  /** When it was saved (ISO 8601), if the file says; kept as the source's date. */
  createdAt: string | null;
  /** A preview image URL from the file (Raindrop's cover), http(s) only. */
  image?: string;
  /** What makes it the same entry on a re-run (`sauces.import_key`). */
  key: string;
  /** Refused already while reading the file. */
  skip?: ImportSkipReason;
  /** An image source of a Sauce export: its images inside the uploaded ZIP. */
  images?: { file: string; comments: { id: number; parent: number | null; message: string; x: number; y: number }[] }[];
}

/** A parsed import file. */
export interface ParsedImport {
  format: ImportFormat;
  entries: ImportEntry[];
  /** The upload must be kept for the job (a Sauce export with images). */
  keepFile: boolean;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Cuts `s` to `max` characters as SPEC §5 counts them (line breaks kept, not counted). */
function clip(s: string, max: number): string {
  if (countedLength(s) <= max) return s;
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

const clean = (s: unknown) => (typeof s === 'string' ? s.replaceAll('\u0000', '').trim() : '');

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

/** Tags as Sauce keeps them (SPEC §5): letters and digits, 1–15, lowercase, at most 5. */
export function cleanTags(raw: string[]): string[] {
  const out: string[] = [];
  for (const t of raw) {
    const name = t.trim().replace(/[\s#]+/g, '').toLowerCase();
    if (TAG_PATTERN.test(name) && !out.includes(name)) out.push(name);
    if (out.length === LIMITS.tagsPerSauce) break;
  }
  return out;
}

/** A date from the file as ISO 8601, or null when missing, invalid or in the future. */
function dateOf(value: number | string | null | undefined, unit: 's' | 'ms' | 'iso'): string | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = unit === 'iso' ? Date.parse(String(value)) : Number(value) * (unit === 's' ? 1000 : 1);
  if (!Number.isFinite(ms) || ms <= 0 || ms > Date.now() + 60_000) return null;
  return new Date(ms).toISOString();
}

/** The import key of a link source: its normalised URL. */
export const linkKey = (link: string) => `link:${link}`;
/** The import key of a note without a link: its title and text. */
export const noteKey = (title: string, text: string) => `note:${sha256(`${title}\n${text}`)}`;
/** The import key of an image source of a Sauce export: its title and date. */
export const imageKey = (title: string, createdAt: string) => `image:${sha256(`${title}\n${createdAt}`)}`;

/**
 * One bookmark-like entry: checks the link (a `javascript:` or other non-http(s) link is
 * kept as a skipped entry, listed with its reason), clips title and note to SPEC's limits
 * and keeps valid tags.
 */
function entry(input: { title: string; url: string | null; text: string; tags: string[]; createdAt: string | null; image?: string }): ImportEntry {
  // PostgreSQL text cannot hold NUL (a JSON file may spell one as \u0000): dropped.
  const rawUrl = clean(input.url ?? '');
  const link = rawUrl ? checkLink(rawUrl) : null;
  const text = clip(clean(input.text), LIMITS.textLength);
  const title = clip(clean(input.title).replace(/[\r\n]+/g, ' '), LIMITS.textTitleLength);
  const base = { title, link, text, tags: cleanTags(input.tags), createdAt: input.createdAt };
  const image = input.image ? (checkLink(input.image) ?? undefined) : undefined;
  if (rawUrl && !link) return { ...base, rawLink: rawUrl.slice(0, LIMITS.linkLength), key: `invalid:${sha256(rawUrl)}`, skip: 'invalidLink' };
  if (!link && !text && !title) return { ...base, key: `empty:${sha256(JSON.stringify(input))}`, skip: 'empty' };
  return { ...base, ...(image ? { image } : {}), key: link ? linkKey(link) : noteKey(title, text) };
}

/** @throws LIMIT_REACHED (422, `importEntries`) over LIMITS.importEntries entries. */
function assertEntryCount(n: number) {
  if (n > LIMITS.importEntries) throw LimitReachedError('importEntries', LIMITS.importEntries);
}

// ---------------------------------------------------------------------------------------
// Netscape bookmarks HTML (every browser's export, Raindrop's, Pocket's)
// ---------------------------------------------------------------------------------------

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/**
 * A bookmarks HTML file: the Netscape format browsers export (`<DL>`/`<DT><A HREF ADD_DATE
 * TAGS>`/`<DD>`), or Pocket's (`<ul><li><a href time_added tags>`). A page that is neither
 * (a saved web page) is refused, and so is one whose lists do not close (cut short), so
 * nothing of a damaged file is imported.
 */
function parseBookmarksHtml(text: string): ImportEntry[] {
  const netscape = /<!DOCTYPE\s+NETSCAPE-Bookmark-file-1>/i.test(text.slice(0, 2048));
  const bookmarkish = /<a\s[^>]*\b(add_date|time_added)\s*=/i.test(text);
  if (!netscape && !bookmarkish) throw ImportFileInvalidError('notBookmarks');
  const lists = netscape ? ['dl'] : ['dl', 'ul', 'ol'];
  for (const tag of lists) {
    if (count(text, new RegExp(`<${tag}[\\s>]`, 'gi')) !== count(text, new RegExp(`</${tag}\\s*>`, 'gi'))) {
      throw ImportFileInvalidError('damaged');
    }
  }
  // Counted before the document is built: a file of 20,000 links costs a regular expression.
  assertEntryCount(count(text, /<a\s/gi));
  const $ = cheerio().load(text, { xml: { xmlMode: false, lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true } });
  const out: ImportEntry[] = [];
  $('a').each((_, el) => {
    const a = $(el);
    const href = a.attr('href');
    if (href === undefined) return;
    // Netscape: a <DD> after the <DT> holds the note.
    const dd = a.parent().is('dt') ? a.parent().next('dd') : a.next('dd');
    const added = a.attr('add_date') ?? a.attr('time_added');
    out.push(
      entry({
        title: a.text(),
        url: href,
        text: dd.length ? dd.first().contents().filter((_i, n) => n.type === 'text').text().trim() : '',
        tags: (a.attr('tags') ?? '').split(','),
        createdAt: dateOf(added, Number(added) > 1e11 ? 'ms' : 's'),
      }),
    );
  });
  if (out.length === 0) throw ImportFileInvalidError('noEntries');
  return out;
}

// ---------------------------------------------------------------------------------------
// Raindrop CSV
// ---------------------------------------------------------------------------------------

/**
 * Raindrop.io's CSV export: `id,title,note,excerpt,url,folder,tags,created,cover,…`
 * (tags separated by commas). A CSV without `url` and `title` columns is refused; a
 * malformed one (an unclosed quote, a row of the wrong length) too.
 */
function parseRaindropCsv(text: string): ImportEntry[] {
  let rows: Record<string, string>[];
  try {
    rows = csvParse()(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      to: LIMITS.importEntries + 1,
    });
  } catch {
    throw ImportFileInvalidError('damaged');
  }
  assertEntryCount(rows.length);
  const first = rows[0];
  if (!first || !('url' in first) || !('title' in first)) throw ImportFileInvalidError('notRaindrop');
  return rows.map((r) =>
    entry({
      title: clean(r.title),
      url: clean(r.url) || null,
      text: clean(r.note) || clean(r.excerpt),
      tags: clean(r.tags).split(','),
      createdAt: dateOf(clean(r.created), 'iso'),
      image: clean(r.cover) || undefined,
    }),
  );
}

// ---------------------------------------------------------------------------------------
// Karakeep JSON
// ---------------------------------------------------------------------------------------

const zKarakeep = z.object({
  bookmarks: z.array(
    z.object({
      createdAt: z.number().nullish(),
      title: z.string().nullish(),
      tags: z.array(z.string()).nullish(),
      content: z
        .object({ type: z.string(), url: z.string().nullish(), text: z.string().nullish() })
        .passthrough()
        .nullish(),
      note: z.string().nullish(),
    }),
  ),
});

/** Karakeep's export (`{ bookmarks: [{ createdAt, title, tags, content: { type, url | text }, note }] }`). */
function parseKarakeep(json: unknown): ImportEntry[] {
  const list = (json as { bookmarks?: unknown[] }).bookmarks;
  if (Array.isArray(list)) assertEntryCount(list.length);
  const parsed = zKarakeep.safeParse(json);
  if (!parsed.success) throw ImportFileInvalidError('notKarakeep');
  return parsed.data.bookmarks.map((b) => {
    const content = b.content;
    const isLink = content?.type === 'link';
    const isText = content?.type === 'text';
    if (content && !isLink && !isText) {
      // Karakeep's images and PDFs are files this export does not carry.
      return { ...entry({ title: clean(b.title), url: null, text: '', tags: [], createdAt: null }), key: `asset:${sha256(JSON.stringify(b))}`, skip: 'empty' as const };
    }
    const note = clean(b.note);
    const body = isText ? clean(content.text) : '';
    return entry({
      title: clean(b.title),
      url: isLink ? (content.url ?? null) : null,
      text: [body, note].filter(Boolean).join('\n\n'),
      tags: b.tags ?? [],
      createdAt: dateOf(b.createdAt, 's'),
    });
  });
}

// ---------------------------------------------------------------------------------------
// Sauce's own export
// ---------------------------------------------------------------------------------------

function sauceEntries(doc: SauceExport, files: Set<string> | null): ImportEntry[] {
  const out: ImportEntry[] = [];
  for (const space of doc.workspaces) {
    assertEntryCount(out.length + space.sauces.length);
    for (const s of space.sauces) {
      const createdAt = dateOf(s.createdAt, 'iso');
      if (s.type === 'TEXT') {
        out.push(entry({ title: s.title || s.linkTitle, url: s.link, text: s.text ?? '', tags: s.tags, createdAt }));
        continue;
      }
      const title = clip(clean(s.title).replace(/[\r\n]+/g, ' '), LIMITS.imageTitleLength);
      const images = s.images.slice(0, LIMITS.imagesPerSauce).map((i) => ({
        file: i.file,
        comments: i.comments.slice(0, LIMITS.commentsPerImage).map((c) => ({
          id: c.id,
          parent: c.parent,
          message: clip(clean(c.message), LIMITS.commentLength) || '…',
          x: c.x,
          y: c.y,
        })),
      }));
      const usable = images.length > 0 && !!files && images.every((i) => files.has(i.file));
      out.push({
        title,
        link: null,
        text: '',
        tags: cleanTags(s.tags),
        createdAt,
        key: imageKey(title, s.createdAt),
        images,
        ...(usable ? {} : { skip: 'invalidImage' as const }),
      });
    }
  }
  return out;
}

/** Sauce's export: the ZIP (document and images) or the document alone (images then missing). */
function parseSauceExport(json: unknown, files: Set<string> | null): ImportEntry[] {
  const parsed = zSauceExport.safeParse(json);
  if (!parsed.success) throw ImportFileInvalidError('notSauceExport');
  return sauceEntries(parsed.data, files);
}

// ---------------------------------------------------------------------------------------
// Detection
// ---------------------------------------------------------------------------------------

/**
 * What a Sauce export ZIP may hold: entries (the document, the bookmarks file and every
 * image) and uncompressed bytes in all (its images are re-processed one at a time).
 */
export const ZIP_LIMITS = { maxEntries: LIMITS.importEntries * LIMITS.imagesPerSauce + 10, maxTotalBytes: 4 * LIMITS.importBytes };

function decodeText(data: Buffer): string {
  if (data.includes(0)) throw ImportFileInvalidError('unsupported');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    throw ImportFileInvalidError('unsupported');
  }
}

/**
 * Reads an import file (issue #8 "Your data"), deciding its format from its content, never
 * its name: a ZIP is Sauce's export; JSON is Sauce's export document or Karakeep's export;
 * HTML is a bookmarks file; anything else with a `url` and a `title` column is Raindrop's
 * CSV. When `claimed` is given, a file whose content says otherwise is refused.
 * Nothing is written: the file is read whole first, and a damaged file is refused whole.
 * @throws IMPORT_FILE_INVALID (400, `details.reason`: 'unsupported', 'notBookmarks',
 *   'damaged' (also a ZIP with encrypted entries or a lying size), 'tooLarge' (a ZIP over
 *   ZIP_LIMITS), 'noEntries', 'notRaindrop', 'notKarakeep', 'notSauceExport', 'mismatch'
 *   with `detected`); LIMIT_REACHED (422, `importEntries`) over 10,000 entries.
 */
export async function parseImport(data: Buffer, claimed?: ImportFormat): Promise<ParsedImport> {
  const check = (format: ImportFormat) => {
    if (claimed && claimed !== format) throw ImportFileInvalidError('mismatch', { claimed, detected: format });
    return format;
  };
  if (looksLikeZip(data)) {
    const format = check('sauce-export');
    try {
      const zip = await openZip(data, ZIP_LIMITS);
      const doc = zip.entries.get(SAUCE_EXPORT_FILE);
      if (!doc) throw ImportFileInvalidError('notSauceExport');
      let json: unknown;
      try {
        json = JSON.parse(decodeText(await zip.read(doc)));
      } catch (e) {
        if (e instanceof ZipFormatError) throw e;
        throw ImportFileInvalidError('damaged');
      }
      const list = parseSauceExport(json, new Set(zip.entries.keys()));
      return { format, entries: list, keepFile: list.some((e) => e.images && !e.skip) };
    } catch (e) {
      if (e instanceof ZipFormatError) throw ImportFileInvalidError(e.reason === 'notZip' ? 'unsupported' : e.reason === 'tooLarge' ? 'tooLarge' : 'damaged');
      throw e;
    }
  }
  const text = decodeText(data);
  const head = text.trimStart();
  if (head.startsWith('{') || head.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw ImportFileInvalidError('damaged');
    }
    const isSauce = (json as { format?: unknown } | null)?.format === 'sauce-export';
    const format = check(isSauce ? 'sauce-export' : 'karakeep-json');
    return { format, entries: isSauce ? parseSauceExport(json, null) : parseKarakeep(json), keepFile: false };
  }
  if (/^<(!doctype|html|head|body|dl|meta|title|h1|ul|!--)/i.test(head)) {
    return { format: check('bookmarks-html'), entries: parseBookmarksHtml(text), keepFile: false };
  }
  const firstLine = head.slice(0, head.indexOf('\n') === -1 ? head.length : head.indexOf('\n')).toLowerCase();
  if (firstLine.includes(',') && /(^|,)"?url"?(,|$)/.test(firstLine)) {
    return { format: check('raindrop-csv'), entries: parseRaindropCsv(text), keepFile: false };
  }
  throw ImportFileInvalidError('unsupported');
}
