import { ARTICLE_LIMITS } from '@sauce/contract/articles';
import { AppError } from '../../errors.ts';
import { readArticlePageMetadata } from '../../lib/page-reader.ts';
import { detectLanguage } from '../../lib/readable.ts';
import { type AddressPolicy, SafeFetchError, safeFetch } from '../../lib/safe-fetch.ts';
import { cheerio, parseMetadata } from '../html-metadata.ts';
import { canonicalUrl } from './canonical-url.ts';

/** What an article page says about itself. */
export interface PageMetadata {
  /** The final URL after redirects. */
  url: string;
  canonicalUrl: string;
  title: string;
  description: string;
  thumbnail: string | null;
  favicon: string | null;
  /** og:site_name, else the host without `www.`. */
  publisher: string;
  /** The site's home page. */
  publisherUrl: string;
  /** ISO 8601, from article:published_time, JSON-LD datePublished or <time datetime>; null if none. */
  publishedAt: string | null;
  language: 'ko' | 'en' | null;
}

/** Options of {@link readArticlePage}. */
export interface PageOptions {
  allowPrivate: boolean;
  /** Replaces the address policy (tests). */
  allowAddress?: AddressPolicy;
  timeoutMs?: number;
}

const HTML_TYPES = ['text/html', 'application/xhtml+xml'] as const;

/** The first absolute http(s) URL of `candidates` resolved against `base`. */
function absolute(base: string, ...candidates: (string | undefined)[]): string | null {
  for (const c of candidates) {
    if (!c?.trim()) continue;
    try {
      const u = new URL(c.trim(), base);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.href.length <= 2048) return u.href;
    } catch {
      // next
    }
  }
  return null;
}

function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(value.trim());
  if (Number.isNaN(t) || t > Date.now() + 86_400_000 || t < Date.UTC(1990, 0, 1)) return null;
  return new Date(t).toISOString();
}

/**
 * Reads metadata of an article page from its HTML (no network): title, description and
 * image as link previews read them (services/html-metadata.ts parseMetadata), plus favicon,
 * publisher (og:site_name), published time, canonical link (same site only) and language.
 */
export function parseArticlePage(html: string, pageUrl: string): PageMetadata {
  const meta = parseMetadata(html, pageUrl);
  const $ = cheerio().load(html);
  const m = (key: string) =>
    $(`meta[property="${key}"], meta[name="${key}"], meta[itemprop="${key}"]`).first().attr('content')?.trim();
  let ldDate: string | undefined;
  $('script[type="application/ld+json"]').each((_, el) => {
    if (ldDate) return;
    ldDate = /"datePublished"\s*:\s*"([^"]+)"/.exec($(el).text())?.[1];
  });
  const page = new URL(pageUrl);
  const icon = $('link[rel]')
    .filter((_, el) => /(^|\s)(icon|apple-touch-icon)(\s|$)/i.test(el.attribs.rel ?? ''))
    .map((_, el) => el.attribs.href)
    .get();
  const canonicalHref = absolute(pageUrl, $('link[rel="canonical"]').first().attr('href'));
  const sameSite = canonicalHref && new URL(canonicalHref).hostname.replace(/^www\./, '') === page.hostname.replace(/^www\./, '');
  const lang = ($('html').attr('lang') ?? '').toLowerCase();
  const text = `${meta.title} ${meta.description} ${$('body').text().slice(0, 5_000)}`;
  return {
    url: pageUrl,
    canonicalUrl: canonicalUrl(sameSite ? canonicalHref : pageUrl),
    title: meta.title.slice(0, ARTICLE_LIMITS.titleLength),
    description: meta.description.slice(0, ARTICLE_LIMITS.descriptionLength),
    thumbnail: meta.image || null,
    favicon: absolute(pageUrl, ...icon, '/favicon.ico'),
    publisher: (m('og:site_name') ?? page.hostname.replace(/^www\./, '')).slice(0, ARTICLE_LIMITS.publisherLength),
    publisherUrl: page.origin,
    publishedAt: isoDate(m('article:published_time') ?? m('datePublished') ?? ldDate ?? $('time[datetime]').first().attr('datetime')),
    language: lang.startsWith('ko') ? 'ko' : lang.startsWith('en') ? 'en' : text.trim() ? detectLanguage(text) : null,
  };
}

/**
 * Fetches an article page through the SSRF-guarded fetcher (lib/safe-fetch.ts: public
 * addresses only unless `allowPrivate`, 5 redirects, 2 MB, `timeoutMs` default 5 s) and
 * reads its metadata ({@link parseArticlePage}, off the event loop: lib/page-reader.ts).
 * @throws AppError INVALID_FORMAT / URL_NOT_ALLOWED (400) for a malformed or refused
 *   address; SafeFetchError when the page cannot be read (timeout, HTTP error, not HTML…).
 */
export async function readArticlePage(url: string, opts: PageOptions): Promise<PageMetadata> {
  const res = await safeFetch(url, {
    allowPrivate: opts.allowPrivate,
    allowAddress: opts.allowAddress,
    timeoutMs: opts.timeoutMs,
    accept: HTML_TYPES,
  });
  return readArticlePageMetadata({ html: res.body, charset: res.charset }, res.url);
}

/** Why {@link readArticlePage} failed, for logs and the admin page: a SafeFetchError reason or an error code. */
export function failureReason(e: unknown): string {
  if (e instanceof SafeFetchError) return e.reason;
  if (e instanceof AppError) return e.code;
  return 'network';
}
