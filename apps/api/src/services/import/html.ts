import type { ImportFormat } from '@sauce/contract/account';
import { LIMITS } from '@sauce/contract/limits';
import { Tokenizer } from 'htmlparser2';
import { ImportFileInvalidError } from '../../errors.ts';
import { makeEntry, type ImportEntry } from './entry.ts';

/**
 * Lists (`<DL>`, `<UL>`, `<OL>`) nested deeper than this make a bookmarks file refused
 * (issue #18: 100,000 nested `<DL><p>` once held the server for 27 s). A browser nests a
 * list per folder; nobody's folders go 100 deep.
 */
export const MAX_LIST_DEPTH = 100;

const LISTS = new Set(['dl', 'ul', 'ol']);
/** The parts of a list's item: a new one closes the open one (and an open link) in the same list. */
const ITEM_PARTS = new Set(['dt', 'dd', 'li']);
/** Headings: a folder's name (`<H3>`), or a section of Pocket's and Instapaper's pages (`<h1>`). */
const HEADINGS = new Set(['h1', 'h3']);
/** Attributes kept of a link or heading (an `ICON` can be a 100 KB data: URL: not kept). */
const KEPT_ATTRIBUTES = new Set([
  'href',
  'add_date',
  'time_added',
  'tags',
  'description',
  'data-cover',
  'personal_toolbar_folder',
  'unfiled_bookmarks_folder',
]);

/** A link of a bookmarks file being read: its attributes, the pieces of its title and note, its folder path. */
interface Link {
  attrs: Map<string, string>;
  title: string[];
  note: string[];
  path: string[];
}

/** A folder's name as its `<H3>` gave it; `root`: a browser's own root (bookmarks bar, other bookmarks). */
interface Folder {
  name: string;
  root: boolean;
}

/** An element that gives a bookmarks file its structure, on the reader's stack. */
interface Open {
  name: string;
  /** An `<A HREF>`: the link its text is the title of. */
  link?: Link;
  /** A `<DD>` right after a link: the link its text is the note of. */
  noteOf?: Link;
  /** A list that is a folder's contents. */
  folder?: Folder;
  /** A heading: its text, and its attributes. */
  heading?: { text: string[]; attrs: Map<string, string> };
}

/** What a bookmarks page holds: its links (the first `max`; more only counted), and what its shape says. */
export interface ReadPage {
  links: Link[];
  count: number;
  /** Some link has a date attribute (`ADD_DATE`, or Pocket's `time_added`). */
  dated: boolean;
  /** Links sit in `<DT>` items of `<DL>` lists (Netscape's shape). */
  dtLinks: number;
  /** Links sit in `<LI>` items of `<UL>`/`<OL>` lists. */
  liLinks: number;
  /** Links with Pocket's `time_added`. */
  pocketLinks: number;
  /** The sections (`<h1>`) links were found under. */
  sections: Set<string>;
  /** The page ends inside a link (`<A HREF>` without its `</A>`): a file cut short. */
  endsInLink: boolean;
}

/**
 * Reads the links of a bookmarks page in one pass over its tokens (htmlparser2's
 * tokenizer), keeping a stack of only the elements that give the file its structure —
 * lists, their items (`<DT>`, `<DD>`, `<LI>`), links and headings — with HTML's implied
 * closes (a new item closes the open item, a new link the open link, a closing tag
 * everything opened inside its element). Every other tag is passed over, so unclosed `<b>`
 * or `<p>` deepen nothing; lists nested deeper than MAX_LIST_DEPTH are refused. Time and
 * memory are linear in the file (issue #18).
 * - A link's title is the text inside it; its note, the text of a `<DD>` right after it
 *   (Netscape: right after its `<DT>`), outside any list or item inside that `<DD>`. An
 *   `<A>` written in a note (Shaarli's extended export adds each bookmark's permalink and
 *   thumbnail there; its notes are the person's own HTML) is part of the note, its text
 *   kept, not a bookmark.
 * - Folders: a list opened after an `<H3>` (with only a `<DD>` description between) is that
 *   folder's contents, so a link's path is the names of the folders around it. An `<H3>`
 *   marked `PERSONAL_TOOLBAR_FOLDER` or `UNFILED_BOOKMARKS_FOLDER` (the bookmarks bar, other
 *   bookmarks) is the browser's root, not a folder.
 * - With `sections`, an `<h1>` names the links after it (Pocket's 'Unread', Instapaper's
 *   folders); Netscape's `<H1>` is the file's title.
 * @throws IMPORT_FILE_INVALID (400, 'tooDeep', `details.limit`).
 */
export function readPage(text: string, max: number, sections: boolean): ReadPage {
  const page: ReadPage = { links: [], count: 0, dated: false, dtLinks: 0, liLinks: 0, pocketLinks: 0, sections: new Set(), endsInLink: false };
  const stack: Open[] = [];
  let lists = 0;
  /** The link just closed, and the depth at which the `<DD>` of its note would open. */
  let last: { link: Link; depth: number } | null = null;
  /** A folder whose `<H3>` just closed: the next list opened is its contents. */
  let pending: Folder | null = null;
  /** The current `<h1>` section. */
  let section: string | null = null;

  const pathHere = (): string[] => {
    const path: string[] = [];
    if (section !== null) path.push(section);
    for (const el of stack) if (el.folder && !el.folder.root) path.push(el.folder.name);
    return path;
  };
  const pop = () => {
    const el = stack.pop()!;
    if (LISTS.has(el.name)) {
      lists--;
      pending = null;
    }
    if (last && stack.length < last.depth) last = null;
    if (el.link) last = { link: el.link, depth: stack.at(-1)?.name === 'dt' ? stack.length - 1 : stack.length };
    if (el.heading) {
      const name = el.heading.text.join('').replace(/\s+/g, ' ').trim();
      if (el.name === 'h3') {
        pending = { name, root: el.heading.attrs.has('personal_toolbar_folder') || el.heading.attrs.has('unfiled_bookmarks_folder') };
      } else if (sections) section = name || null;
    }
  };
  /** Closes the topmost open `name` and everything opened inside it; nothing when none is open. */
  const closeTo = (name: string) => {
    const at = stack.findLastIndex((el) => el.name === name);
    if (at !== -1) while (stack.length > at) pop();
  };
  /** The innermost list or item open: where a link opened now would sit. */
  const itemHere = () => stack.findLast((e) => ITEM_PARTS.has(e.name) || LISTS.has(e.name))?.name;
  const open = (name: string, attrs: Map<string, string> | null) => {
    if (name === 'a' && itemHere() === 'dd') return; // a link inside a note is the note's
    if (name === 'a') closeTo('a');
    else if (ITEM_PARTS.has(name)) {
      while (stack.length && (stack.at(-1)!.name === 'a' || HEADINGS.has(stack.at(-1)!.name) || ITEM_PARTS.has(stack.at(-1)!.name))) pop();
    } else if (LISTS.has(name)) {
      if (++lists > MAX_LIST_DEPTH) throw ImportFileInvalidError('tooDeep', { limit: MAX_LIST_DEPTH });
    } else if (HEADINGS.has(name)) {
      closeTo('a');
      if (name === 'h1' && !sections) return;
    } else return;
    const el: Open = { name };
    if (last?.depth === stack.length && name === 'dd') el.noteOf = last.link;
    last = null;
    if (LISTS.has(name) && pending) {
      el.folder = pending;
      pending = null;
    } else if (name === 'a' || name === 'h3') pending = null;
    if (HEADINGS.has(name)) el.heading = { text: [], attrs: attrs ?? new Map() };
    if (name === 'a' && attrs?.has('href')) {
      if (attrs.has('add_date') || attrs.has('time_added')) page.dated = true;
      if (attrs.has('time_added')) page.pocketLinks++;
      const item = itemHere();
      if (item === 'dt') page.dtLinks++;
      else if (item === 'li') page.liLinks++;
      if (section !== null) page.sections.add(section);
      if (++page.count <= max) {
        el.link = { attrs, title: [], note: [], path: pathHere() };
        page.links.push(el.link);
      }
    }
    stack.push(el);
  };
  const onText = (piece: string) => {
    const top = stack.at(-1);
    if (top?.link) top.link.title.push(piece);
    else if (top?.heading) top.heading.text.push(piece);
    else if (top?.noteOf) top.noteOf.note.push(piece);
  };

  /** A tag's name in lower case; '' for names longer than any the reader looks at. */
  const tagName = (start: number, end: number) => (end - start > 2 ? '' : text.slice(start, end).toLowerCase());
  let tag = '';
  let attrs: Map<string, string> | null = null;
  let attr = '';
  let value: string[] = [];
  let keep = false;
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tag = tagName(start, end);
        attrs = tag === 'a' || tag === 'h3' ? new Map() : null;
      },
      onattribname(start, end) {
        attr = text.slice(start, end).toLowerCase();
        keep = !!attrs && KEPT_ATTRIBUTES.has(attr);
        value = [];
      },
      onattribdata(start, end) {
        if (keep) value.push(text.slice(start, end));
      },
      onattribentity(codepoint) {
        if (keep) value.push(String.fromCodePoint(codepoint));
      },
      onattribend() {
        if (keep && !attrs!.has(attr)) attrs!.set(attr, value.join(''));
      },
      onopentagend: () => open(tag, attrs),
      onselfclosingtag: () => open(tag, attrs),
      onclosetag(start, end) {
        const name = tagName(start, end);
        if (name === 'a' || ITEM_PARTS.has(name) || LISTS.has(name) || HEADINGS.has(name)) closeTo(name);
      },
      ontext: (start, end) => onText(text.slice(start, end)),
      ontextentity: (codepoint) => onText(String.fromCodePoint(codepoint)),
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  tokenizer.write(text);
  tokenizer.end();
  page.endsInLink = stack.some((el) => el.link);
  return page;
}

/** Matches of `re` (global) in `text`, counted without keeping them. */
function count(text: string, re: RegExp): number {
  let n = 0;
  for (const _ of text.matchAll(re)) n++;
  return n;
}

/** Pocket's and Instapaper's sections that are a reading state, not a folder. */
const STATE_SECTIONS = new Set(['unread', 'read archive', 'archive']);

/** The first `n` characters of a page, lower case, for its shape's marks. */
const headOf = (text: string, n = 4096) => text.slice(0, n).toLowerCase();

/** Whether a page starts like Netscape's bookmarks file. */
export const isNetscape = (text: string) => /<!doctype\s+netscape-bookmark-file-1>/.test(headOf(text, 2048));

/**
 * Shaarli's marks on its Netscape export, at its top or (its first versions) its end: the
 * comment `<!-- Shaarli all bookmarks export on 2013/05/01 10:00:00 -->`, or, in its later
 * versions' template, the heading `<H1>Shaarli export of all bookmarks on Tue, 01 Dec 26 10:00:00 +0100</H1>`
 * (`all`, `public` or `private`; Shaarli's export.bookmarks.html template and index.php).
 */
const SHAARLI_MARK = /<!--\s*shaarli (all|public|private) bookmarks export on [^>]*-->|<h1>\s*shaarli export of (all|public|private) bookmarks on /;

/** Whether a page is Shaarli's export, by its marks ({@link SHAARLI_MARK}). */
const isShaarli = (text: string) => SHAARLI_MARK.test(headOf(text)) || SHAARLI_MARK.test(text.slice(-300).toLowerCase());

/**
 * The link Shaarli's export gives a note (a bookmark without a link of its own): its
 * permalink, relative — `?Zx9Qmw` (early versions) or `/shaare/Zx9Qmw` (later ones), six
 * characters of a CRC32 in URL-safe base64 — unless the person asked for the instance's
 * address before it (then it is a link like any other).
 */
const SHAARLI_NOTE = /^\/?(\?|shaare\/)[\w-]{6}$/;

/**
 * Whether a Netscape page is a whole Shaarli export of the early shape (sebsauvage's Shaarli
 * and the community's first versions, before the export template): `<DT>` items written one per line with no list around
 * them, and nothing after the last one but its line break (or, in the first versions, the
 * export's closing comment) — so no closing tag tells it is whole. It is taken as whole
 * when it bears Shaarli's marks ({@link isShaarli}), has no list at all, holds its links in
 * `<DT>` items only, and ends at the end of a line, outside any tag or link; a file cut
 * inside a link, a tag or a line is still refused. (A cut exactly at the end of a line
 * cannot be told from the file's end: the export gives nothing else to tell it by.)
 */
function wholeListlessShaarli(text: string, page: ReadPage): boolean {
  if (!isShaarli(text) || page.endsInLink || page.dtLinks !== page.count) return false;
  const tail = text.slice(-200);
  if (!/\n\s*$/.test(tail) || /<[a-z!/][^>]*$/i.test(tail)) return false;
  return count(text, /<(dl|ul|ol)[\s>]/gi) === 0;
}

/**
 * Which bookmarks page `text` is, by its shape, and its links:
 * - 'bookmarks-html' — Netscape's file: its DOCTYPE, or links in `<DT>` items of `<DL>`
 *   lists with `ADD_DATE`s (Shaarli's exports among them);
 * - 'pocket-html' — links in `<li>` items of `<ul>` lists carrying Pocket's `time_added`
 *   under `<h1>` sections ('Unread', 'Read Archive');
 * - 'instapaper-html' — a page titled 'Instapaper: Export' whose links sit in `<li>` items
 *   of lists under `<h1>` sections (its folders);
 * - anything else (a saved web page) is not a bookmarks file: null.
 */
export function recognisePage(text: string): { format: ImportFormat; page: ReadPage } | null {
  const netscape = isNetscape(text);
  const page = readPage(text, LIMITS.importEntries, !netscape);
  if (netscape || (page.dtLinks > 0 && page.dtLinks >= page.liLinks && page.dated)) return { format: 'bookmarks-html', page };
  if (page.pocketLinks > 0 && page.liLinks >= page.pocketLinks && page.sections.size > 0) return { format: 'pocket-html', page };
  if (/<title>\s*instapaper: export\s*<\/title>/.test(headOf(text)) && page.liLinks > 0 && page.sections.size > 0) {
    return { format: 'instapaper-html', page };
  }
  return null;
}

/**
 * The entries of a recognised bookmarks page. A page whose lists do not close, or that does
 * not end with a list's or the page's closing tag (cut short), is refused whole, so nothing
 * of a damaged file is imported — but for Shaarli's early export, which has neither list nor
 * closing tag ({@link wholeListlessShaarli}).
 * - Netscape: `ADD_DATE` in seconds, milliseconds or microseconds (Google Bookmarks);
 *   `TAGS` split at commas; the note from the `<DD>` after the link, or Scuttle's
 *   `description` attribute; Raindrop's `DATA-COVER` as the preview image; folders from
 *   the `<H3>`s around it. In Shaarli's export, a note's relative permalink
 *   ({@link SHAARLI_NOTE}) is no link: the note comes in as a note, its title and text.
 * - Pocket: `time_added` in seconds, `tags` at commas; its sections are reading states, not folders.
 * - Instapaper: its sections are its folders ('Unread' and 'Archive' are states).
 * @throws IMPORT_FILE_INVALID ('damaged', 'noEntries'); LIMIT_REACHED over 10,000 links.
 */
export function pageEntries(text: string, format: ImportFormat, page: ReadPage, assertCount: (n: number) => void): ImportEntry[] {
  // Every exporter ends its page with its list's or the page's closing tag; a file that ends
  // elsewhere was cut short (even between two folders, where the lists still balance).
  const closed = /<\/(dl|ul|ol|body|html)\s*>\s*(<\/?p>\s*)*$/i.test(text.slice(-200));
  if (!closed && !(format === 'bookmarks-html' && wholeListlessShaarli(text, page))) throw ImportFileInvalidError('damaged');
  for (const tag of format === 'bookmarks-html' ? ['dl'] : ['dl', 'ul', 'ol']) {
    if (count(text, new RegExp(`<${tag}[\\s>]`, 'gi')) !== count(text, new RegExp(`</${tag}\\s*>`, 'gi'))) {
      throw ImportFileInvalidError('damaged');
    }
  }
  assertCount(page.count);
  if (page.links.length === 0) throw ImportFileInvalidError('noEntries');
  const shaarli = format === 'bookmarks-html' && isShaarli(text);
  return page.links.map(({ attrs, title, note, path }) => {
    const folders = format === 'bookmarks-html' ? path : path.filter((p, i) => i > 0 || !STATE_SECTIONS.has(p.toLowerCase()));
    const href = attrs.get('href');
    return makeEntry({
      title: title.join(''),
      url: shaarli && href && SHAARLI_NOTE.test(href.trim()) ? null : href,
      text: note.join('').trim() || attrs.get('description'),
      tags: (attrs.get('tags') ?? '').split(','),
      date: { value: attrs.get('add_date') ?? attrs.get('time_added'), kind: 'epoch' },
      image: attrs.get('data-cover'),
      folders: folders.length ? [folders] : [],
    });
  });
}
