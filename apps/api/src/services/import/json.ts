import type { ImportFormat } from '@sauce/contract/account';
import { ImportFileInvalidError } from '../../errors.ts';
import { clean, makeEntry, sha256, type ImportEntry, type RawEntry } from './entry.ts';

/*
 * JSON exports (issue #22). Each is recognised by its shape — the kind of document (object
 * or list), the keys its items all carry and their types — never by one key: a list is
 * Pinboard's only when its items have Pinboard's `href`, `description` and `time`; an
 * object with `bookmarks` is Karakeep's only when those bookmarks carry Karakeep's
 * `content` and numeric `createdAt`, and Readability's only when they carry `article__url`.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const strOrNull = (v: unknown) => v === null || v === undefined || isStr(v);

/** Items looked at to tell a list's shape (all of them must fit). */
const SAMPLE = 50;

/** Whether `list` is a non-empty array whose first SAMPLE items all pass `item`. */
function everyItem(list: unknown, item: (o: Obj) => boolean): list is Obj[] {
  if (!Array.isArray(list) || list.length === 0) return false;
  return list.slice(0, SAMPLE).every((o) => isObj(o) && item(o));
}

/** A JSON format: its shape, and how its entries are read. */
export interface JsonFormat {
  format: ImportFormat;
  shape(json: unknown): boolean;
  /** Entries as the file gives them; `count` says how many before they are read (the 10,000 limit). */
  entries(json: unknown, count: (n: number) => void): ImportEntry[];
}

// ---------------------------------------------------------------------------------------
// Browsers
// ---------------------------------------------------------------------------------------

/** The roots of Chrome's and Edge's profile `Bookmarks` file: the browser's own, not folders. */
const CHROME_ROOTS = ['bookmark_bar', 'other', 'synced'];

/**
 * Chrome's (and Edge's, and every Chromium browser's) profile `Bookmarks` file:
 * `{ checksum, roots: { bookmark_bar, other, synced: { type: 'folder', children } }, version }`;
 * nodes `{ type: 'url', name, url, date_added }` or `{ type: 'folder', name, children }`,
 * `date_added` in microseconds since 1601 as text.
 */
const chrome: JsonFormat = {
  format: 'chrome-json',
  shape: (json) =>
    isObj(json) &&
    isObj(json.roots) &&
    isNum(json.version) &&
    CHROME_ROOTS.some((r) => isObj((json.roots as Obj)[r])) &&
    CHROME_ROOTS.every((r) => {
      const root = (json.roots as Obj)[r];
      return root === undefined || (isObj(root) && root.type === 'folder' && Array.isArray(root.children));
    }),
  entries(json, count) {
    const out: RawEntry[] = [];
    const walk = (node: unknown, path: string[], depth: number) => {
      if (!isObj(node)) return;
      if (depth > 100) throw ImportFileInvalidError('tooDeep', { limit: 100 });
      if (node.type === 'url') {
        count(out.length + 1);
        out.push({ title: node.name, url: node.url, date: { value: node.date_added, kind: 'webkit' }, folders: [path] });
      } else if (Array.isArray(node.children)) {
        const inner = depth === 0 ? path : [...path, clean(node.name)];
        for (const c of node.children) walk(c, inner, depth + 1);
      }
    };
    const roots = (json as Obj).roots as Obj;
    for (const r of CHROME_ROOTS) walk(roots[r], [], 0);
    return out.map(makeEntry);
  },
};

/** Firefox's roots: the menu, the toolbar, other bookmarks, mobile bookmarks — not folders. */
const FIREFOX_ROOTS = new Set(['placesRoot', 'bookmarksMenuFolder', 'toolbarFolder', 'unfiledBookmarksFolder', 'mobileFolder', 'tagsFolder']);

/**
 * Firefox's bookmarks backup (Library → Backup…): a tree of places from
 * `{ type: 'text/x-moz-place-container', root: 'placesRoot', children }`; bookmarks
 * `{ type: 'text/x-moz-place', title, uri, dateAdded (µs), tags: 'a,b' }`, their
 * description in older backups as the annotation `bookmarkProperties/description`.
 * Separators are passed over; `place:` queries (smart bookmarks) are listed as not links.
 */
const firefox: JsonFormat = {
  format: 'firefox-json',
  shape: (json) => isObj(json) && json.type === 'text/x-moz-place-container' && json.root === 'placesRoot' && Array.isArray(json.children),
  entries(json, count) {
    const out: RawEntry[] = [];
    const walk = (node: unknown, path: string[], depth: number) => {
      if (!isObj(node)) return;
      if (depth > 100) throw ImportFileInvalidError('tooDeep', { limit: 100 });
      if (node.type === 'text/x-moz-place') {
        const annos = Array.isArray(node.annos) ? (node.annos as unknown[]) : [];
        const description = annos.find((a) => isObj(a) && a.name === 'bookmarkProperties/description') as Obj | undefined;
        count(out.length + 1);
        out.push({
          title: node.title,
          url: node.uri,
          text: description?.value,
          tags: isStr(node.tags) ? node.tags.split(',') : [],
          date: { value: node.dateAdded, kind: 'epoch' },
          folders: [path],
        });
      } else if (node.type === 'text/x-moz-place-container' && Array.isArray(node.children)) {
        if (node.root === 'tagsFolder') return; // tags are on each bookmark already
        const inner = isStr(node.root) && FIREFOX_ROOTS.has(node.root) ? path : [...path, clean(node.title)];
        for (const c of node.children) walk(c, inner, depth + 1);
      }
    };
    walk(json, [], 0);
    return out.map(makeEntry);
  },
};

// ---------------------------------------------------------------------------------------
// Services with a list of bookmarks
// ---------------------------------------------------------------------------------------

/**
 * Pinboard's JSON export (`/export/?format=json`): `[{ href, description (the title),
 * extended (the note), meta, hash, time (ISO), shared, toread, tags ('a b c') }]`.
 */
const pinboard: JsonFormat = {
  format: 'pinboard-json',
  shape: (json) =>
    everyItem(json, (o) => isStr(o.href) && isStr(o.description) && isStr(o.time) && strOrNull(o.extended) && (isStr(o.hash) || isStr(o.tags) || isStr(o.toread))),
  entries(json, count) {
    const list = json as Obj[];
    count(list.length);
    return list.map((o) =>
      makeEntry({ title: o.description, url: o.href, text: o.extended, tags: isStr(o.tags) ? o.tags.split(/\s+/) : [], date: { value: o.time, kind: 'iso' } }),
    );
  },
};

/** Whether `v` is a date in seconds since 1970 as Delicious's export writes it: a number, or digits in a string ('' when none). */
const isEpochSeconds = (v: unknown) => isNum(v) || (isStr(v) && /^\s*\d*\s*$/.test(v));

/**
 * Delicious's tags: a list of tags, or one string of them — comma-separated, or
 * space-separated when it has no comma (both were written by Delicious's exports over the
 * years); anything else is no tags.
 */
function deliciousTags(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (!isStr(v)) return [];
  return v.includes(',') ? v.split(',') : v.split(/\s+/);
}

/** An item of Delicious's feed JSON: `{ u, d, n, dt, t: string[], a }`. */
const deliciousFeedItem = (o: Obj) => isStr(o.u) && isStr(o.d) && isStr(o.dt) && strOrNull(o.n) && (o.t === undefined || Array.isArray(o.t));

/**
 * An item of Delicious's bookmarks export: `{ title, url, description, tags, created,
 * others, owner }` — the same keys and types for each item, one of Delicious's own `others`
 * (how many others saved the link) or `owner`; `url` may be missing from a broken item
 * (listed as not imported), never of another type. Only the first items are looked at
 * (everyItem); the reader takes any item after them as it comes.
 */
const deliciousExportItem = (o: Obj) =>
  strOrNull(o.url) &&
  strOrNull(o.title) &&
  strOrNull(o.description) &&
  'created' in o &&
  isEpochSeconds(o.created) &&
  (o.tags === undefined || o.tags === null || isStr(o.tags) || Array.isArray(o.tags)) &&
  (isNum(o.others) || isStr(o.owner));

/**
 * Delicious's JSON, in either of its shapes:
 * - its feeds' (and the v2 API's) `[{ u (link), d (title), n (note), dt (ISO date),
 *   t (tags), a (author) }]`;
 * - its bookmarks export, `[{ title, url, description (the note), tags ('design,ux', 'design
 *   ux' or a list: {@link deliciousTags}), created (seconds since 1970, as a number or in a
 *   string), others (a count), owner (the account's name) }]`. An item of it without a link
 *   (no `url`, or an empty one) is listed as not imported ('invalidLink'), not made a note:
 *   Delicious saved links only; an item that is not an object at all, as 'empty'.
 */
const delicious: JsonFormat = {
  format: 'delicious-json',
  shape: (json) => everyItem(json, deliciousFeedItem) || (everyItem(json, deliciousExportItem) && json.some((o) => isObj(o) && clean(o.url) !== '')),
  entries(json, count) {
    const list = json as unknown[];
    count(list.length);
    if (everyItem(json, deliciousFeedItem)) {
      return list.map((o) =>
        isObj(o)
          ? makeEntry({ title: o.d, url: o.u, text: o.n, tags: Array.isArray(o.t) ? (o.t as unknown[]) : [], date: { value: o.dt, kind: 'iso' } })
          : makeEntry({ title: null }),
      );
    }
    return list.map((o) => {
      if (!isObj(o)) return makeEntry({ title: null });
      const entry: RawEntry = {
        title: o.title,
        url: o.url,
        text: o.description,
        tags: deliciousTags(o.tags),
        date: { value: o.created, kind: 'epoch' },
      };
      return makeEntry(clean(o.url) ? entry : { ...entry, skip: 'invalidLink' });
    });
  },
};

/**
 * Omnivore's export (one `metadata_<from>_to_<to>.json` per 20 items in its ZIP, or such a
 * file alone): `[{ id, slug, title, description, author, url, state, readingProgress,
 * thumbnail, labels: string[], savedAt, updatedAt, publishedAt }]`. The description is the
 * article's excerpt (the preview's); highlights (`highlights/<slug>.md` in the ZIP) are the
 * person's notes.
 */
export const omnivore: JsonFormat = {
  format: 'omnivore-json',
  shape: (json) =>
    everyItem(json, (o) => isStr(o.url) && isStr(o.savedAt) && Array.isArray(o.labels) && (isStr(o.slug) || isStr(o.state) || isNum(o.readingProgress))),
  entries(json, count) {
    const list = json as Obj[];
    count(list.length);
    return list.map((o) => makeEntry(omnivoreEntry(o)));
  },
};

/** One Omnivore item, its highlights as its note. */
export const omnivoreEntry = (o: Obj, highlights?: string): RawEntry => ({
  title: o.title,
  url: o.url,
  text: highlights,
  tags: (o.labels as unknown[]).map((l) => (isObj(l) ? l.name : l)),
  date: { value: o.savedAt, kind: 'iso' },
  image: o.thumbnail,
  description: o.description,
});

/**
 * wallabag's JSON export: `[{ is_archived, is_starred, tags: string[], is_public, id,
 * title, url, content (the article's HTML: not imported), created_at, updated_at,
 * annotations, mimetype, language, reading_time, domain_name, preview_picture, … }]`.
 * Annotations (the person's notes on the article) become the note.
 */
const wallabag: JsonFormat = {
  format: 'wallabag-json',
  shape: (json) => everyItem(json, (o) => isStr(o.url) && isStr(o.created_at) && 'is_archived' in o && 'is_starred' in o),
  entries(json, count) {
    const list = json as Obj[];
    count(list.length);
    return list.map((o) => {
      const notes = Array.isArray(o.annotations)
        ? (o.annotations as unknown[]).flatMap((a) => (isObj(a) ? [[clean(a.quote) && `> ${clean(a.quote)}`, clean(a.text)].filter(Boolean).join('\n')] : []))
        : [];
      return makeEntry({
        title: o.title,
        url: o.url,
        text: notes.filter(Boolean).join('\n\n'),
        tags: Array.isArray(o.tags) ? (o.tags as unknown[]).map((t) => (isObj(t) ? t.label : t)) : [],
        date: { value: o.created_at, kind: 'iso' },
        image: o.preview_picture,
      });
    });
  },
};

// ---------------------------------------------------------------------------------------
// Services with an object
// ---------------------------------------------------------------------------------------

const KARAKEEP_CONTENT = new Set(['link', 'text', 'asset']);

/**
 * Karakeep's (Hoarder's) export: `{ bookmarks: [{ createdAt (s), title, tags: string[],
 * lists?: ids, content: { type: 'link', url } | { type: 'text', text } | { type: 'asset' } |
 * null, note, archived }], lists?: [{ id, name, parentId }] }`. Lists are its folders
 * (paths through `parentId`); its images and PDFs are files the export does not carry.
 */
const karakeep: JsonFormat = {
  format: 'karakeep-json',
  shape: (json) =>
    isObj(json) &&
    everyItem(json.bookmarks, (b) => isNum(b.createdAt) && Array.isArray(b.tags) && (b.content === null || (isObj(b.content) && KARAKEEP_CONTENT.has(b.content.type as string)))),
  entries(json, count) {
    const doc = json as Obj;
    const list = doc.bookmarks as Obj[];
    count(list.length);
    const lists = new Map<string, { name: string; parent: string | null }>();
    if (Array.isArray(doc.lists)) {
      for (const l of doc.lists as unknown[]) if (isObj(l) && isStr(l.id)) lists.set(l.id, { name: clean(l.name), parent: isStr(l.parentId) ? l.parentId : null });
    }
    const pathOf = (id: string) => {
      const path: string[] = [];
      for (let at: string | null = id, n = 0; at !== null && n < 100; n++) {
        const l = lists.get(at);
        if (!l) break;
        path.unshift(l.name);
        at = l.parent;
      }
      return path;
    };
    return list.map((b) => {
      const content = isObj(b.content) ? b.content : null;
      const folders = Array.isArray(b.lists) ? (b.lists as unknown[]).filter(isStr).map(pathOf) : [];
      if (content?.type === 'asset') return { ...makeEntry({ title: b.title, text: b.note, skip: 'fileMissing' }), key: `asset:${sha256(JSON.stringify(b))}` };
      return makeEntry({
        title: b.title,
        url: content?.type === 'link' ? content.url : null,
        text: [content?.type === 'text' ? clean(content.text) : '', clean(b.note)].filter(Boolean).join('\n\n'),
        tags: b.tags as unknown[],
        date: { value: b.createdAt, kind: 'epoch' },
        description: content?.description,
        image: content?.imageUrl,
        folders,
      });
    });
  },
};

/**
 * Readability's export: `{ bookmarks: [{ article__url, article__title, article__excerpt,
 * date_added ('2014-01-01T10:00:00', UTC), date_archived, date_favorited, favorite,
 * archive }], recommendations: [] }`.
 */
const readability: JsonFormat = {
  format: 'readability-json',
  shape: (json) => isObj(json) && everyItem(json.bookmarks, (b) => isStr(b.article__url) && strOrNull(b.article__title) && 'date_added' in b),
  entries(json, count) {
    const list = (json as Obj).bookmarks as Obj[];
    count(list.length);
    return list.map((b) =>
      makeEntry({ title: b.article__title, url: b.article__url, date: { value: b.date_added, kind: 'iso' }, description: b.article__excerpt }),
    );
  },
};

/**
 * Linkwarden's backup (Settings → Migrate data → Export): the account with its
 * `collections: [{ name, description, color, parentId?, id?, links: [{ name, url,
 * description, tags: [{ name }], importDate, createdAt, … }] }]`. Collections are its
 * folders (nested through `parentId` where the backup keeps ids; recent backups leave ids
 * out, and their collections come in side by side).
 */
const linkwarden: JsonFormat = {
  format: 'linkwarden-json',
  shape: (json) =>
    isObj(json) &&
    everyItem(json.collections, (c) => isStr(c.name) && Array.isArray(c.links) && (c.links as unknown[]).slice(0, SAMPLE).every((l) => isObj(l) && strOrNull(l.url) && Array.isArray(l.tags))),
  entries(json, count) {
    const collections = (json as Obj).collections as Obj[];
    count(collections.reduce((n, c) => n + (c.links as unknown[]).length, 0));
    const byId = new Map(collections.filter((c) => isNum(c.id)).map((c) => [c.id as number, c]));
    const pathOf = (c: Obj) => {
      const path: string[] = [];
      for (let at: Obj | undefined = c, n = 0; at && n < 100; n++) {
        path.unshift(clean(at.name));
        at = isNum(at.parentId) ? byId.get(at.parentId) : undefined;
      }
      return path;
    };
    return collections.flatMap((c) => {
      const path = pathOf(c);
      return (c.links as Obj[]).map((l) =>
        makeEntry({
          title: l.name,
          url: l.url,
          text: l.description,
          tags: Array.isArray(l.tags) ? (l.tags as unknown[]).map((t) => (isObj(t) ? t.name : t)) : [],
          date: l.importDate ? { value: l.importDate, kind: 'iso' } : { value: l.createdAt, kind: 'iso' },
          folders: [path],
        }),
      );
    });
  },
};

/** The JSON formats other than Sauce's own (parse.ts reads that one), in no order: a document fitting two is refused. */
export const JSON_FORMATS: JsonFormat[] = [chrome, firefox, pinboard, delicious, omnivore, wallabag, karakeep, readability, linkwarden];
