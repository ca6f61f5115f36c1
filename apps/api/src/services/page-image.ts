import type { CheerioAPI } from 'cheerio';
import { createRequire } from 'node:module';

/*
 * Which picture of a page stands for it when the page names none in its meta tags (issue #31:
 * link previews find an image for at least 95% of real pages): the pictures of its content —
 * lazy-loaded or not — and its microdata, with pixels, favicons, logos, avatars, badges and the
 * page's chrome (navigation, asides, comments) left out. services/html-metadata.ts parseMetadata
 * asks for them after Open Graph, Twitter, image_src and JSON-LD.
 */

const load = createRequire(import.meta.url);

/** HTML entities decoded (`&amp;` → `&`), the decoder's tables loaded on first use. */
export const decodeHTML = (text: string) =>
  (load('entities/lib/decode.js') as typeof import('entities/lib/decode.js')).decodeHTML(text);

/**
 * A content <img> whose width or height attribute is below this is a pixel, an icon or a
 * thumbnail, never the card's image; one whose attributes are both at least this is a
 * "large image", preferred (issue #31), px.
 */
export const LARGE_IMAGE_PX = 200;

/** A width/height attribute in px ("640", "640px"); percentages and junk → undefined. */
function px(value: string | undefined): number | undefined {
  const m = value?.trim().match(/^(\d+(?:\.\d+)?)(?:px)?$/i);
  return m ? Number(m[1]) : undefined;
}

/** One candidate of a `srcset`: its URL and its width (`640w`) or density (`2x`) descriptor. */
interface SrcsetCandidate {
  url: string;
  w?: number;
  x?: number;
}

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/**
 * The candidates of a `srcset` (WHATWG "parse a srcset attribute", simplified): URLs are
 * runs without whitespace (so commas inside them, as in Cloudinary's `w_400,h_300`, stay),
 * descriptors run to the next comma outside parentheses. One pass; at most 50 candidates.
 */
function parseSrcset(srcset: string): SrcsetCandidate[] {
  const out: SrcsetCandidate[] = [];
  const n = srcset.length;
  let i = 0;
  while (i < n && out.length < 50) {
    while (i < n && (isSpace(srcset[i]!) || srcset[i] === ',')) i++;
    if (i >= n) break;
    let j = i;
    while (j < n && !isSpace(srcset[j]!)) j++;
    let url = srcset.slice(i, j);
    let descriptors = '';
    i = j;
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      let depth = 0;
      while (j < n && (srcset[j] !== ',' || depth > 0)) {
        if (srcset[j] === '(') depth++;
        else if (srcset[j] === ')') depth = Math.max(0, depth - 1);
        j++;
      }
      descriptors = srcset.slice(i, j);
      i = j + 1;
    }
    if (!url) continue;
    const c: SrcsetCandidate = { url };
    for (const d of descriptors.trim().split(/\s+/)) {
      if (/^\d+w$/i.test(d)) c.w = Number(d.slice(0, -1));
      else if (/^(\d+(\.\d*)?|\.\d+)x$/i.test(d)) c.x = Number(d.slice(0, -1));
    }
    out.push(c);
  }
  return out;
}

/**
 * The largest candidate of `srcsets` together (an <img>'s `srcset`, its lazy `data-srcset`,
 * its <picture>'s <source>s): the widest by `w` descriptors when any has one, else the
 * densest by `x` (1 when none is given). data: URIs are skipped.
 * @returns the URL and the widest width in px (undefined without `w` descriptors).
 */
function largestSrcset(srcsets: string[]): { url?: string; width?: number } {
  const all = srcsets.flatMap(parseSrcset).filter((c) => !/^data:/i.test(c.url));
  const withW = all.filter((c) => c.w !== undefined);
  const pool = withW.length > 0 ? withW : all;
  let best: SrcsetCandidate | undefined;
  for (const c of pool) {
    if (!best || (withW.length > 0 ? c.w! > best.w! : (c.x ?? 1) > (best.x ?? 1))) best = c;
  }
  return { url: best?.url, width: best?.w };
}

/** Words of a name: camelCase and any non-letter split, lower-cased ("siteLogo_2x.png" → site, logo, x, png). */
const words = (text: string | undefined): string[] =>
  (text ?? '')
    .slice(0, 500)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/**
 * Words that, in an image's file name or folder, class or id, mark a logo, an icon, an
 * avatar, an emoji, a badge, a button, a pixel or a lazy-loading placeholder — not a
 * picture of the page (issue #31; the usual names in WordPress, Ghost, Medium, Reddit and
 * news themes).
 */
const ICON_WORDS = new Set([
  'logo', 'logos', 'icon', 'icons', 'favicon', 'sprite', 'sprites', 'avatar', 'avatars', 'gravatar', 'emoji', 'emojis',
  'emoticon', 'emoticons', 'smiley', 'smilies', 'badge', 'badges', 'shield', 'shields', 'button', 'buttons', 'btn',
  'spinner', 'loader', 'placeholder', 'spacer', 'blank', 'tracking', 'tracker', 'beacon', 'author',
  'authors', 'byline', 'profile', 'userpic', 'arrow', 'arrows', 'chevron', 'caret', 'qrcode', 'ads', 'advert',
]);
/** Of {@link ICON_WORDS}, those that mark an image in its alt text too (alt text is prose: "loading" may be a verb). */
const ICON_ALT_WORDS = new Set(['logo', 'logos', 'icon', 'avatar', 'gravatar', 'emoji', 'favicon']);
/** A word that is one of `set` or contains an unambiguous one ("sitelogo", "useravatar"). */
const iconWord = (w: string, set: Set<string>) =>
  set.has(w) || w.startsWith('logo') || w.endsWith('logo') || /avatar|favicon|sprite|emoji/.test(w);

/** Hosts that serve only tracking pixels and beacons. */
const PIXEL_HOSTS = /(^|\.)(doubleclick\.net|scorecardresearch\.com|quantserve\.com|google-analytics\.com|googletagmanager\.com|facebook\.com|bat\.bing\.com|pixel\.[^.]+\.[^.]+|beacon\.[^.]+\.[^.]+)$/i;
/** Hosts that serve only avatars, status badges and emoji. */
const ICON_HOSTS = /(^|\.)(gravatar\.com|shields\.io|badge\.fury\.io|badgen\.net|s\.w\.org|twemoji\.maxcdn\.com|codecov\.io|travis-ci\.(org|com))$/i;

/** A URL's path segments, percent-decoded where that works. */
function segments(u: URL): string[] {
  return u.pathname.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
}

/**
 * Whether an image URL, whatever names it (og:image too), is a favicon, a tracking pixel or
 * a spacer: an .ico/.cur file, a favicon/apple-touch-icon/mstile file, a file named
 * spacer/blank/pixel/1x1/clear/transparent…, a pixel host, or a site's bare root `/`.
 */
export function isPixelOrFavicon(u: URL): boolean {
  if (u.pathname === '/' && !u.search) return true;
  if (PIXEL_HOSTS.test(u.hostname)) return true;
  const file = (segments(u).pop() ?? '').toLowerCase();
  if (/\.(ico|cur)$/.test(file)) return true;
  const stem = file.replace(/\.[a-z0-9]{1,5}$/, '');
  return /^(favicon|apple-touch-icon|android-chrome-|mstile-)/.test(stem) || /^(spacer\d*|blank|pixel|transparent|clear|trans|empty|1x1|dot)$/.test(stem);
}

/**
 * Whether an image URL found in the page's body or structured data (not one the page names
 * for cards) looks like an icon, a logo, an avatar, a badge or an SVG (sprites and logos):
 * {@link ICON_WORDS} in its file name or its folder, or an avatar/badge/emoji host.
 * Includes {@link isPixelOrFavicon}.
 */
export function looksLikeIcon(u: URL): boolean {
  if (isPixelOrFavicon(u) || ICON_HOSTS.test(u.hostname)) return true;
  if (/\.svgz?$/i.test(u.pathname)) return true;
  return segments(u)
    .slice(-2)
    .flatMap(words)
    .some((w) => iconWord(w, ICON_WORDS));
}

/** The parts of a parsed node read here (domhandler's Element and Document, structurally). */
interface HtmlNode {
  name?: string;
  attribs?: Record<string, string | undefined>;
  parent: HtmlNode | null;
}

/** Where an image sits: in the page's content, in its chrome (header), or in neither. */
type Place = 'content' | 'header' | 'body' | 'out';

/** Class and id words of containers whose images are not the page's (sidebars, comments, related posts, ads, bylines…). */
const CHROME_WORDS = new Set([
  'sidebar', 'widget', 'widgets', 'comment', 'comments', 'related', 'recommended', 'promo', 'newsletter', 'nav', 'navbar',
  'navigation', 'footer', 'breadcrumb', 'breadcrumbs', 'share', 'sharing', 'social', 'ad', 'ads', 'advert',
  'advertisement', 'sponsor', 'sponsored', 'author', 'byline', 'avatar', 'logo', 'brand', 'emoji', 'modal', 'popup', 'cookie',
]);
/** Class and id words of a page's header: its images are the site's, unless the page has no other. */
const HEADER_WORDS = new Set(['header', 'masthead', 'topbar', 'banner']);
/** Classes of the content of common themes and CMSs. */
const CONTENT_CLASS = /(^|\s)(entry-content|post-content|article-content|article-body|articlebody|post-body|story-body|story-content|content-body)(\s|$)/i;
const CONTENT_TYPES = /(Article|BlogPosting|Posting|Report|Review|Recipe|HowTo)$/;
const FACE_TYPES = /(Person|Organization|Brand)$/;

/**
 * Where `el` sits, from its ancestors (at most 60, up to <body>): 'out' under <aside>, <nav>,
 * <footer>, <button>, the roles navigation/complementary/contentinfo/search, a
 * Person/Organization microdata scope, or (below the content) a container whose class or
 * id says sidebar, comments, related, ads, author…; else 'content' under <article>,
 * <main>, role=main, itemprop=articleBody, an Article microdata scope, #content or a
 * content class (entry-content…); else 'header' under <header> or role=banner; else 'body'.
 * A <header> inside the content is the content's (where its hero image sits).
 */
function placeOf(el: HtmlNode): Place {
  let inContent = false;
  let inHeader = false;
  let n = el.parent;
  for (let depth = 0; n && n.name && depth < 60; n = n.parent, depth++) {
    const tag = n.name;
    if (tag === 'body' || tag === 'html') break;
    const a = n.attribs ?? {};
    const role = (a.role ?? '').toLowerCase();
    if (/^(aside|nav|footer|button)$/.test(tag) || /^(navigation|complementary|contentinfo|search)$/.test(role)) return 'out';
    if (a.itemscope !== undefined && FACE_TYPES.test(a.itemtype ?? '')) return 'out';
    if (inContent) continue;
    if (
      tag === 'article' ||
      tag === 'main' ||
      role === 'main' ||
      (a.itemprop ?? '').split(/\s+/).includes('articleBody') ||
      (a.itemscope !== undefined && CONTENT_TYPES.test(a.itemtype ?? '')) ||
      /^(content|main-content|maincontent)$/i.test(a.id ?? '') ||
      CONTENT_CLASS.test(a.class ?? '')
    ) {
      inContent = true;
      continue;
    }
    const ws = [...words(a.class), ...words(a.id)];
    if (ws.some((w) => CHROME_WORDS.has(w))) return 'out';
    if (tag === 'header' || role === 'banner' || ws.some((w) => HEADER_WORDS.has(w))) inHeader = true;
  }
  return inContent ? 'content' : inHeader ? 'header' : 'body';
}

/** Lazy-loading attributes that hold an image's real URL (lazysizes, WP Rocket, a3, jQuery lazyload, Medium…), read before `src`. */
const LAZY_SRC = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src', 'data-full-src', 'data-orig-file'];
/** Lazy-loading srcset attributes, read with `srcset`. */
const LAZY_SRCSET = ['data-srcset', 'data-lazy-srcset', 'srcset'];

/** <img> and <noscript> elements read for the content image, at most: a bound on 2 MB pages. */
const MAX_IMAGE_ELEMENTS = 400;

/**
 * Attributes of the first 10 <img>/<amp-img> tags written in a <noscript> (the parser keeps
 * its content as text): what lazy-loading themes leave for readers without scripts. One
 * pass over at most 20,000 characters; a tag ends at its first `>`.
 */
function noscriptImages(text: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const s = text.slice(0, 20_000);
  const open = /<(?:img|amp-img)\b/gi;
  for (let hit = open.exec(s); hit && out.length < 10; hit = open.exec(s)) {
    const end = s.indexOf('>', open.lastIndex);
    if (end < 0) break;
    const attribs: Record<string, string> = {};
    for (const m of s.slice(open.lastIndex, end).matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      const name = m[1]!.toLowerCase();
      if (!(name in attribs)) attribs[name] = decodeHTML(m[2] ?? m[3] ?? m[4] ?? '');
    }
    out.push(attribs);
    open.lastIndex = end + 1;
  }
  return out;
}

/**
 * The URL an <img>/<amp-img> shows once loaded, and its width and height: the largest
 * candidate of its `srcset`, lazy `data-srcset` and <picture> <source>s, else its lazy
 * `data-src` (and kin, {@link LAZY_SRC}), else `src` — data: URIs never. Width and height
 * come from the attributes (`data-width`/`data-height` for lazy ones), the width else from
 * the widest `w` descriptor.
 */
function imgSource(a: Record<string, string | undefined>, sources: Record<string, string | undefined>[]): { url?: string; dims: number[] } {
  const sets = [...LAZY_SRCSET.map((k) => a[k]), ...sources.flatMap((s) => [s['data-srcset'], s.srcset])].filter((s): s is string => !!s?.trim());
  const largest = largestSrcset(sets);
  const notData = (s: string | undefined) => (s?.trim() && !/^\s*data:/i.test(s) ? s : undefined);
  const url = largest.url ?? LAZY_SRC.map((k) => notData(a[k])).find(Boolean) ?? notData(a.src);
  const width = px(a.width) ?? px(a['data-width']) ?? largest.width;
  const height = px(a.height) ?? px(a['data-height']);
  return { url, dims: [width, height].filter((d): d is number => d !== undefined) };
}

/**
 * URLs of the page's plausible content pictures, best first (issue #31): <img>, <amp-img>,
 * the <img>s of <noscript> fallbacks and <video poster>s, read by {@link imgSource}. Skipped:
 * hidden ones (hidden, aria-hidden, display:none), any with a width or height attribute
 * under {@link LARGE_IMAGE_PX} (pixels, icons, thumbnails), and any whose
 * class, id, alt or file name says logo, icon, avatar… ({@link ICON_WORDS}) or that sit in
 * a sidebar, a nav, comments… ({@link placeOf}). Order: large ones (both attributes ≥ 200,
 * or a featured/hero/wp-post-image class) in the content, other ones in the content, large
 * ones elsewhere in the body, other ones there, then large ones in the page's header.
 * Within each, document order. At most {@link MAX_IMAGE_ELEMENTS} elements are read.
 */
export function contentImages($: CheerioAPI): string[] {
  const tiers: string[][] = [[], [], [], [], []];
  const consider = (a: Record<string, string | undefined>, at: HtmlNode, url: string | undefined, dims: number[]) => {
    if (!url || a.hidden !== undefined || a['aria-hidden'] === 'true') return;
    if (/(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(a.style ?? '')) return;
    if (dims.some((d) => d < LARGE_IMAGE_PX)) return;
    const own = [...words(a.class), ...words(a.id)];
    if (own.some((w) => iconWord(w, ICON_WORDS)) || words(a.alt).some((w) => iconWord(w, ICON_ALT_WORDS))) return;
    const place = placeOf(at);
    if (place === 'out') return;
    const large = dims.length > 0 || /(^|\s)wp-post-image(\s|$)/.test(a.class ?? '') || own.some((w) => w === 'featured' || w === 'hero');
    const tier = { content: 0, body: 2, header: 4 }[place] + (large ? 0 : 1);
    if (place !== 'header' || large) tiers[tier]!.push(url);
  };
  $('img, amp-img, video[poster], noscript')
    .slice(0, MAX_IMAGE_ELEMENTS)
    .each((_, el) => {
      if (tiers[0]!.length > 0) return false;
      const a = el.attribs;
      if (el.name === 'noscript') {
        for (const attrs of noscriptImages($(el).text())) {
          const { url, dims } = imgSource(attrs, []);
          consider(attrs, el, url, dims);
        }
      } else if (el.name === 'video') {
        consider(a, el, a.poster, [px(a.width), px(a.height)].filter((d): d is number => d !== undefined));
      } else {
        const sources =
          el.parent && 'name' in el.parent && el.parent.name === 'picture'
            ? $(el)
                .siblings('source')
                .filter((_, s) => !/svg/i.test(s.attribs.type ?? ''))
                .get()
                .map((s) => s.attribs)
            : [];
        const { url, dims } = imgSource(a, sources);
        consider(a, el, url, dims);
      }
      return undefined;
    });
  return tiers.flat();
}

/** Whether the nearest microdata scope around `n` (at most 60 ancestors up) is a Person, Organization or Brand: its image a face or a logo. */
const isFaceScope = (n: HtmlNode | null): boolean => {
  for (let depth = 0; n && n.name && depth < 60; n = n.parent, depth++) {
    if (n.attribs?.itemscope !== undefined) return FACE_TYPES.test(n.attribs.itemtype ?? '');
  }
  return false;
};

/**
 * Microdata image URLs (schema.org `itemprop="image"` / `thumbnailUrl`), document order: a
 * <meta>'s content, an <img>'s source ({@link imgSource}), a <link>'s or <a>'s href, or the
 * `url`/`contentUrl` inside an ImageObject scope. Those of a Person, Organization or Brand
 * scope (avatars, logos) are skipped. At most 200 elements are read.
 */
export function microdataImages($: CheerioAPI): string[] {
  const value = (el: HtmlNode & { attribs: Record<string, string | undefined> }): string | undefined => {
    const a = el.attribs;
    if (el.name === 'meta') return a.content;
    if (el.name === 'img' || el.name === 'amp-img') return imgSource(a, []).url;
    if (el.name === 'link' || el.name === 'a') return a.href;
    return a.src;
  };
  const out: string[] = [];
  $('[itemprop~="image" i], [itemprop~="thumbnailUrl" i]')
    .slice(0, 200)
    .each((_, el) => {
      if (isFaceScope(el.parent as HtmlNode | null)) return;
      if (el.attribs.itemscope === undefined) {
        const v = value(el);
        if (v) out.push(v);
        return;
      }
      $(el)
        .find('[itemprop~="url" i], [itemprop~="contentUrl" i]')
        .slice(0, 5)
        .each((_, inner) => {
          const v = value(inner);
          if (v) out.push(v);
        });
    });
  return out;
}

