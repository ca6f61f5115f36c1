import { LIMITS } from '@sauce/contract/limits';
import type { Metadata } from '@sauce/contract/meta';
import { createRequire } from 'node:module';
import type { CheerioAPI } from 'cheerio';
import { contentImages, decodeHTML, isPixelOrFavicon, looksLikeIcon, microdataImages } from './page-image.ts';

/**
 * The link metadata an HTML page holds (title, description, card image), read without the
 * network: services/metadata.ts fetches pages and the page reader's thread
 * (lib/page-reader.ts, issue #29) parses them with {@link parseMetadata}.
 */

// cheerio is loaded on first use rather than at start (issue #11 item 7: an idle server's
// memory), with require since this parsing is synchronous.
const load = createRequire(import.meta.url);
export const cheerio = () => load('cheerio') as typeof import('cheerio');

/** Limits of link metadata. Lengths in characters (code points), times in ms. */
export const METADATA_LIMITS = {
  titleLength: 300,
  descriptionLength: 1_000,
  /** Longer image URLs are dropped rather than cut (a cut URL is broken). */
  imageUrlLength: LIMITS.linkLength,
} as const;

/** SPEC §9: how long a read link's metadata is cached, ms (3,600,000). */
export const LINK_CACHE_MS = LIMITS.metadataCacheMs;

/** Collapses whitespace (NBSP and control characters included), trims, caps at `max` code points. */
function clean(value: string | undefined, max = Number.POSITIVE_INFINITY): string {
  if (!value) return '';
  // eslint-disable-next-line no-control-regex
  const s = value.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  if (s.length <= max) return s;
  const chars = Array.from(s);
  return chars.length <= max ? s : chars.slice(0, max).join('').trimEnd();
}

/** The first of `values` that is non-empty once cleaned. */
const first = (...values: (string | undefined)[]) => values.map((v) => clean(v)).find(Boolean) ?? '';

/** `content` of every <meta>, keyed by its lower-cased property, name and itemprop. */
function metaTags($: CheerioAPI): Map<string, string> {
  const map = new Map<string, string>();
  $('meta[content]').each((_, el) => {
    const content = el.attribs.content;
    if (!clean(content)) return;
    for (const attr of ['property', 'name', 'itemprop']) {
      const key = el.attribs[attr]?.trim().toLowerCase();
      if (key && !map.has(key)) map.set(key, content!);
    }
  });
  return map;
}

type LdNode = Record<string, unknown>;

/** The `@type`s of a JSON-LD object (a string or an array of them). */
const ldTypes = (node: LdNode) => ([] as unknown[]).concat(node['@type'] ?? []).filter((t): t is string => typeof t === 'string');

// JSON-LD types that describe the site, not the page: read last.
const SITE_TYPES = /^(WebSite|Organization|Corporation|NewsMediaOrganization|Person|BreadcrumbList|ListItem|ImageObject|SiteNavigationElement|SearchAction|WPHeader|WPFooter|WPSideBar)$/i;
const PAGE_TYPES = /^(WebPage|ItemPage|CollectionPage|ProfilePage|SearchResultsPage|AboutPage|ContactPage)$/i;

function ldRank(node: LdNode): number {
  const types = ldTypes(node);
  if (types.some((t) => SITE_TYPES.test(t))) return 2;
  if (types.some((t) => PAGE_TYPES.test(t))) return 1;
  return 0;
}

/** Every JSON-LD object of the page (arrays and @graph flattened), page content first. */
function jsonLdNodes($: CheerioAPI): LdNode[] {
  const nodes: LdNode[] = [];
  const collect = (v: unknown, depth: number) => {
    if (depth > 4 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => collect(x, depth + 1));
    nodes.push(v as LdNode);
    collect((v as LdNode)['@graph'], depth + 1);
  };
  $('script').each((_, el) => {
    const type = (el.attribs.type ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/ld+json') return;
    const text = $(el)
      .text()
      .trim()
      .replace(/^<!--|-->$/g, '')
      .replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, '');
    try {
      collect(JSON.parse(text), 0);
    } catch {
      // Broken JSON-LD is common; the other sources still apply.
    }
  });
  return nodes.map((node, i) => ({ node, i })).sort((a, b) => ldRank(a.node) - ldRank(b.node) || a.i - b.i).map((x) => x.node);
}

/** A JSON-LD text value: a string, `{ "@value" }`, or the first of an array. Entities decoded. */
function ldText(v: unknown): string | undefined {
  if (Array.isArray(v)) return v.map(ldText).find(Boolean);
  if (typeof v === 'string') return clean(decodeHTML(v)) || undefined;
  if (v && typeof v === 'object' && '@value' in v) return ldText((v as LdNode)['@value']);
  return undefined;
}

/** JSON-LD types whose `image`/`logo` is a logo, a face or the site's chrome: never the page's picture. */
const LD_LOGO_OWNERS = /^(WebSite|Organization|Corporation|NewsMediaOrganization|Brand|Person|WPHeader|WPFooter|WPSideBar|SiteNavigationElement)$/i;

/**
 * JSON-LD image URLs of the page, best first (issue #31): each content or page object's
 * `image`, `primaryImageOfPage`, `thumbnailUrl`, `thumbnail` and `video.thumbnailUrl` (its
 * `mainEntity`'s too) — a URL string, an ImageObject (`url`, `contentUrl`, `thumbnailUrl`),
 * an array, or an `{ "@id" }` reference to an ImageObject of the page (how Yoast and Rank
 * Math write `#primaryimage`); then the page's own ImageObjects. What WebSite, Organization,
 * Brand or Person objects name as their `image` or `logo` is never taken: a logo, an avatar.
 * Entities are decoded; references are followed at most 3 deep.
 */
function ldImageUrls(nodes: LdNode[]): string[] {
  const byId = new Map<string, LdNode>();
  for (const n of nodes) if (typeof n['@id'] === 'string' && !byId.has(n['@id'])) byId.set(n['@id'], n);
  const isOwner = (n: LdNode) => ldTypes(n).some((t) => LD_LOGO_OWNERS.test(t));
  const isImageObject = (n: LdNode) => ldTypes(n).some((t) => /^ImageObject$/i.test(t));
  const logos = new Set<string>();
  for (const n of nodes) {
    if (!isOwner(n)) continue;
    for (const v of [n.logo, n.image].flat()) {
      const id = v && typeof v === 'object' ? (v as LdNode)['@id'] : undefined;
      if (typeof id === 'string') logos.add(id);
    }
  }
  const urls = (v: unknown, depth = 0): string[] => {
    if (depth > 3 || !v) return [];
    if (Array.isArray(v)) return v.slice(0, 20).flatMap((x) => urls(x, depth + 1));
    if (typeof v === 'string') return [decodeHTML(v)];
    if (typeof v !== 'object') return [];
    const o = v as LdNode;
    const id = typeof o['@id'] === 'string' ? o['@id'] : undefined;
    if (id && logos.has(id)) return [];
    if (ldTypes(o).some((t) => LD_LOGO_OWNERS.test(t))) return [];
    const own = [o.url, o.contentUrl, o.thumbnailUrl].flatMap((x) => (typeof x === 'string' || Array.isArray(x) ? urls(x, depth + 1) : []));
    if (own.length > 0 || !id) return own;
    const target = byId.get(id);
    const imageLike = target && (ldTypes(target).length === 0 || isImageObject(target));
    return target && target !== o && imageLike ? urls(target, depth + 1) : [];
  };
  const pictures = (n: LdNode): string[] => [
    ...urls(n.image),
    ...urls(n.primaryImageOfPage),
    ...urls(n.thumbnailUrl),
    ...urls(n.thumbnail),
    ...[n.video].flat().flatMap((v) => (v && typeof v === 'object' ? urls((v as LdNode).thumbnailUrl) : [])),
  ];
  const out: string[] = [];
  for (const n of nodes) {
    if (isOwner(n) || isImageObject(n)) continue;
    out.push(...pictures(n));
    for (const e of [n.mainEntity].flat()) if (e && typeof e === 'object' && !isOwner(e as LdNode)) out.push(...pictures(e as LdNode));
  }
  for (const n of nodes) if (isImageObject(n)) out.push(...urls(n));
  return out;
}

/**
 * Reads `{ title, description, image }` from an HTML page as people write them:
 * - title: og:title, twitter:title, JSON-LD headline/name, <title>;
 * - description: og:description, twitter:description, JSON-LD description, meta description;
 * - image (issue #31), the first usable of: og:image, og:image:url, og:image:secure_url;
 *   twitter:image, twitter:image:src; <link rel=image_src>; JSON-LD ({@link ldImageUrls}:
 *   image, ImageObject url/contentUrl, @graph and @id references, thumbnailUrl — never an
 *   Organization's logo or a Person's face); microdata itemprop=image ({@link
 *   microdataImages}); <meta name=thumbnail>, parsely-image-url, sailthru.image.full; the
 *   first plausibly large picture of the article, then of the body ({@link contentImages}:
 *   lazy data-src/srcset read, pixels, icons, logos and avatars skipped). Favicons and
 *   apple-touch-icons are never used: an icon is a poor card image, and a card without one
 *   shows none. Whatever names it, a favicon, pixel or spacer URL is skipped
 *   ({@link isPixelOrFavicon}); what the page does not name for cards is also skipped when
 *   it looks like an icon, a logo, an avatar or an SVG ({@link looksLikeIcon}).
 * JSON-LD objects describing the page come before WebSite/Organization ones. Image URLs
 * (relative, root-relative and protocol-relative) resolve against <base href> and `pageUrl`
 * (the final URL after redirects); only http(s) URLs up to 2,048 characters are kept. Text
 * is entity-decoded, whitespace-collapsed, trimmed and capped (title 300, description 1,000
 * characters). The work is linear in the page's size (2 MB at most): a bounded number of
 * elements is read for images.
 * @param html a string, or bytes decoded by BOM, then `charset` (from Content-Type), then
 *   <meta charset>/http-equiv, else UTF-8 (euc-kr and the other WHATWG encodings work).
 * @param pageUrl the page's absolute URL, against which relative URLs resolve.
 * @returns title and description (plain text) and image (an absolute http(s) URL), each ''
 *   where the page has none.
 */
export function parseMetadata(html: Buffer | string, pageUrl: string, charset?: string): Metadata {
  const $ =
    typeof html === 'string'
      ? cheerio().load(html)
      : cheerio().loadBuffer(html, { encoding: { transportLayerEncodingLabel: charset, defaultEncoding: 'utf-8' } });
  const meta = metaTags($);
  const m = (...keys: string[]) => first(...keys.map((k) => meta.get(k)));
  const ld = jsonLdNodes($);
  const ldFirst = (pick: (n: LdNode) => string | undefined) => ld.map(pick).find(Boolean);

  const docTitle = $('title')
    .filter((_, el) => $(el).closest('svg').length === 0)
    .first()
    .text();
  const title = first(
    m('og:title', 'twitter:title'),
    ldFirst((n) => ldText(n.headline) ?? ldText(n.name)),
    docTitle,
  );
  const description = first(
    m('og:description', 'twitter:description'),
    ldFirst((n) => ldText(n.description)),
    m('description'),
  );

  let base: URL | undefined;
  try {
    base = new URL(pageUrl);
    const baseHref = $('base[href]').first().attr('href');
    if (baseHref) {
      const b = new URL(baseHref.trim(), base);
      if (b.protocol === 'http:' || b.protocol === 'https:') base = b;
    }
  } catch {
    // no usable base: relative image URLs are dropped
  }
  const resolve = (raw: string | undefined): URL | undefined => {
    if (!raw?.trim()) return undefined;
    try {
      const u = new URL(raw.trim(), base);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
      return u.href.length <= METADATA_LIMITS.imageUrlLength ? u : undefined;
    } catch {
      return undefined;
    }
  };

  // Each source lazily, best first; `named` sources are the page's own choice for cards.
  const imageSources: { named: boolean; urls: () => (string | undefined)[] }[] = [
    { named: true, urls: () => ['og:image', 'og:image:url', 'og:image:secure_url'].map((k) => meta.get(k)) },
    { named: true, urls: () => ['twitter:image', 'twitter:image:src', 'twitter:image0'].map((k) => meta.get(k)) },
    {
      named: true,
      urls: () =>
        $('link[href]')
          .filter((_, el) => (el.attribs.rel ?? '').toLowerCase().split(/\s+/).includes('image_src'))
          .map((_, el) => el.attribs.href)
          .get(),
    },
    { named: false, urls: () => ldImageUrls(ld) },
    { named: false, urls: () => microdataImages($) },
    { named: false, urls: () => ['thumbnail', 'parsely-image-url', 'sailthru.image.full'].map((k) => meta.get(k)) },
    { named: false, urls: () => contentImages($) },
  ];
  let image = '';
  for (const source of imageSources) {
    for (const raw of source.urls()) {
      const u = resolve(raw);
      if (u && !(source.named ? isPixelOrFavicon(u) : looksLikeIcon(u))) {
        image = u.href;
        break;
      }
    }
    if (image) break;
  }

  return {
    title: clean(title, METADATA_LIMITS.titleLength),
    description: clean(description, METADATA_LIMITS.descriptionLength),
    image,
  };
}
