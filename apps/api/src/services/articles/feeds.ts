import { categoryById, type FeedErrorCode } from '@sauce/contract/articles';
import { TAG_PATTERN } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import type Parser from 'rss-parser';
import type { Db } from '../../db/client.ts';
import { isoUtc as iso } from '../../db/sql.ts';
import { AppError, FeedExistsError, FeedNotFoundError } from '../../errors.ts';
import { detectLanguage } from '../../lib/readable.ts';
import { type AddressPolicy, SafeFetchError, safeFetch } from '../../lib/safe-fetch.ts';
import { insertArticle } from './articles.ts';
import { canonicalUrl } from './canonical-url.ts';

/** A feed row as the presenter needs it. Times are ISO 8601 UTC strings. */
export interface FeedRecord {
  id: number;
  url: string;
  title: string;
  category: number;
  enabled: boolean;
  status: 'pending' | 'ok' | 'failing';
  lastErrorCode: FeedErrorCode | null;
  lastError: string | null;
  failureCount: number;
  lastCheckedAt: string | null;
  lastSuccessAt: string | null;
  articleCount: number;
  createdAt: string;
}

/** Limits of one feed poll. */
export const FEED_LIMITS = {
  /** Largest feed read, bytes (5 MB); a bigger one is refused ('too large'). */
  maxBytes: 5 * 1024 * 1024,
  /** Longest wait for the whole feed, ms. */
  timeoutMs: 15_000,
  /** Items read per poll, newest first. */
  maxItems: 50,
} as const;

/** Media types read as feeds; HTML and the rest are refused as 'not XML' unread. */
const FEED_TYPES = [
  'application/rss+xml',
  'application/atom+xml',
  'application/rdf+xml',
  'application/xml',
  'text/xml',
  'text/plain',
  'application/octet-stream',
  '',
] as const;

const COLUMNS = `f.id, f.url, f.title, f.category, f.enabled, f.status, f.last_error_code, f.last_error, f.failure_count,
  ${iso('f.last_checked_at')} AS last_checked_at, ${iso('f.last_success_at')} AS last_success_at,
  ${iso('f.created_at')} AS created_at,
  (SELECT count(*)::int FROM articles a WHERE a.feed_id = f.id) AS article_count`;

const toRecord = (r: Record<string, unknown>): FeedRecord => ({
  id: r.id as number,
  url: r.url as string,
  title: r.title as string,
  category: r.category as number,
  enabled: r.enabled as boolean,
  status: r.status as FeedRecord['status'],
  lastErrorCode: r.last_error_code as FeedErrorCode | null,
  lastError: r.last_error as string | null,
  failureCount: r.failure_count as number,
  lastCheckedAt: r.last_checked_at as string | null,
  lastSuccessAt: r.last_success_at as string | null,
  articleCount: r.article_count as number,
  createdAt: r.created_at as string,
});

/** Every subscribed feed, newest first. */
export async function listFeeds(db: Db): Promise<FeedRecord[]> {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`SELECT ${sql.raw(COLUMNS)} FROM article_feeds f ORDER BY f.created_at DESC, f.id DESC`,
  );
  return rows.map(toRecord);
}

/** One feed. @throws FEED_NOT_FOUND (404). */
export async function getFeed(db: Db, id: number): Promise<FeedRecord> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`SELECT ${sql.raw(COLUMNS)} FROM article_feeds f WHERE f.id = ${id}`);
  if (!rows[0]) throw FeedNotFoundError();
  return toRecord(rows[0]);
}

/**
 * Subscribes category `categoryId` to the feed at `url` (status 'pending' until polled).
 * @throws FEED_EXISTS (409, `details.id`) for a URL already subscribed.
 */
export async function createFeed(db: Db, url: string, categoryId: number, userId: number): Promise<FeedRecord> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO article_feeds (url, category, created_by) VALUES (${url}, ${categoryId}, ${userId})
    ON CONFLICT (url) DO NOTHING RETURNING id`);
  if (!rows[0]) {
    const { rows: found } = await db.execute<{ id: number }>(sql`SELECT id FROM article_feeds WHERE url = ${url}`);
    throw FeedExistsError(found[0]?.id ?? 0);
  }
  return getFeed(db, rows[0].id);
}

/** Changes a feed's category or pauses/resumes it. @throws FEED_NOT_FOUND (404). */
export async function updateFeed(db: Db, id: number, input: { categoryId?: number; enabled?: boolean }): Promise<FeedRecord> {
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE article_feeds SET category = COALESCE(${input.categoryId ?? null}::smallint, category),
      enabled = COALESCE(${input.enabled ?? null}::boolean, enabled)
    WHERE id = ${id} RETURNING id`);
  if (!rows[0]) throw FeedNotFoundError();
  return getFeed(db, id);
}

/** Unsubscribes a feed; its articles stay. @throws FEED_NOT_FOUND (404). */
export async function deleteFeed(db: Db, id: number): Promise<void> {
  const { rows } = await db.execute<{ id: number }>(sql`DELETE FROM article_feeds WHERE id = ${id} RETURNING id`);
  if (!rows[0]) throw FeedNotFoundError();
}

/** A poll that did not give a feed, with the code stored on it. */
export class FeedError extends Error {
  constructor(
    readonly code: FeedErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

/** The FeedError for what safe-fetch threw (or a refused address). */
function fetchFailure(e: unknown): FeedError {
  if (e instanceof AppError) return new FeedError('FEED_URL_NOT_ALLOWED', 'The feed address is not a public address.');
  if (!(e instanceof SafeFetchError)) return new FeedError('FEED_UNREACHABLE', 'The feed could not be reached.');
  switch (e.reason) {
    case 'timeout':
      return new FeedError('FEED_TIMEOUT', `The feed did not answer within ${FEED_LIMITS.timeoutMs / 1000} s.`);
    case 'too-large':
      return new FeedError('FEED_TOO_LARGE', `The feed is larger than ${FEED_LIMITS.maxBytes} bytes.`);
    case 'too-many-redirects':
    case 'bad-redirect':
      return new FeedError('FEED_TOO_MANY_REDIRECTS', 'The feed redirects too many times (a loop?).');
    case 'unsupported-type':
      return new FeedError('FEED_NOT_XML', `The address answers with ${e.message.replace('Content-Type ', '')}, not an RSS or Atom feed.`);
    case 'http-status':
      return new FeedError('FEED_HTTP_ERROR', `The feed answered HTTP ${e.status}.`);
    default:
      return new FeedError('FEED_UNREACHABLE', 'The feed could not be reached.');
  }
}

/** An item of a feed, as articles are made from it. */
export interface FeedItem {
  title: string;
  link: string;
  publishedAt: string | null;
  description: string;
  thumbnail: string | null;
  tags: string[];
  author: string;
}

type ParsedItem = Parser.Item & {
  'media:thumbnail'?: { $?: { url?: string } };
  'media:content'?: { $?: { url?: string; medium?: string } };
  /** Atom's <category term="…">, which rss-parser leaves out of `categories`. */
  atomCategories?: { $?: { term?: string } }[];
};
/** The feed parser, made (and rss-parser loaded) by the first poll, not at start (issue #11 item 7). */
let parser: Promise<Parser<Record<string, unknown>, ParsedItem>> | undefined;
const feedParser = () =>
  (parser ??= import('rss-parser').then(
    ({ default: RssParser }) =>
      new RssParser<Record<string, unknown>, ParsedItem>({
        timeout: FEED_LIMITS.timeoutMs,
        customFields: { item: ['media:thumbnail', 'media:content', ['category', 'atomCategories', { keepArray: true }]] },
      }),
  ));

/** A category as a tag: lower case, letters and digits only (SPEC §5 tag rule), else dropped. */
function toTag(category: unknown): string | null {
  const raw = typeof category === 'string' ? category : (category as { _?: string } | null)?._;
  if (typeof raw !== 'string') return null;
  const tag = raw.toLowerCase().replace(/[^\p{Script=Hangul}a-z0-9]/gu, '');
  return TAG_PATTERN.test(tag) ? tag : null;
}

const clean = (s: string | undefined, max: number) => (s ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

/**
 * Parses RSS 0.9x/1.0/2.0 or Atom (rss-parser) into at most 50 items, newest first; items
 * without a title or an http(s) link are left out.
 * @throws FeedError FEED_INVALID when it is not a feed.
 */
export async function parseFeed(xml: string): Promise<{ title: string; items: FeedItem[] }> {
  let feed: Parser.Output<ParsedItem>;
  try {
    feed = await (await feedParser()).parseString(xml);
  } catch (e) {
    throw new FeedError('FEED_INVALID', `Not an RSS or Atom feed: ${(e as Error).message.slice(0, 200)}`);
  }
  if (!Array.isArray(feed.items)) throw new FeedError('FEED_INVALID', 'Not an RSS or Atom feed.');
  const items: FeedItem[] = [];
  for (const item of feed.items) {
    const link = item.link?.trim();
    const title = clean(item.title, 300);
    if (!link || !title || !/^https?:\/\//i.test(link)) continue;
    const date = Date.parse(item.isoDate ?? item.pubDate ?? '');
    const thumbnail =
      item['media:thumbnail']?.$?.url ??
      (item['media:content']?.$?.medium === 'image' ? item['media:content']?.$?.url : undefined) ??
      (item.enclosure?.type?.startsWith('image/') ? item.enclosure.url : undefined);
    items.push({
      title,
      link,
      publishedAt: Number.isNaN(date) ? null : new Date(date).toISOString(),
      description: clean(item.contentSnippet ?? item.summary ?? item.content, 1_000),
      thumbnail: thumbnail && /^https?:\/\//i.test(thumbnail) ? thumbnail : null,
      tags: [...new Set([...(item.categories ?? []), ...(item.atomCategories ?? []).map((c) => c?.$?.term)].map(toTag).filter((t): t is string => t !== null))].slice(0, 5),
      author: clean(item.creator ?? (item as { author?: string }).author, 100),
    });
  }
  items.sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''));
  return { title: clean(feed.title, 200), items: items.slice(0, FEED_LIMITS.maxItems) };
}

/** Options of {@link pollFeed}. */
export interface PollOptions {
  allowPrivate: boolean;
  /** Replaces safe-fetch's address policy (tests). */
  allowAddress?: AddressPolicy;
  /** Called with each article added (the thumbnail job). */
  onAdded?: (articleId: number) => Promise<void>;
}

/**
 * Polls one feed (issue #10 Curation): fetched through the SSRF-guarded fetcher (public
 * addresses only unless `allowPrivate`, 5 redirects, 15 s, 5 MB), parsed as RSS or Atom,
 * its newest 50 items added as articles of the feed's category unless their canonical URL
 * is already there. Never throws for the feed's own faults: a private address, a timeout,
 * more than 5 MB, a redirect loop, something not XML, an HTTP error or XML that is not a
 * feed marks the feed 'failing' with the reason (code and message) and touches nothing
 * else; a good poll marks it 'ok'.
 * @returns items read and articles added. @throws FEED_NOT_FOUND (404).
 */
export async function pollFeed(db: Db, feedId: number, opts: PollOptions): Promise<{ items: number; added: number }> {
  const feed = await getFeed(db, feedId);
  const category = categoryById(feed.category)?.id ?? 1;
  let parsed: { title: string; items: FeedItem[] };
  try {
    let body: Buffer;
    try {
      const res = await safeFetch(feed.url, {
        allowPrivate: opts.allowPrivate,
        allowAddress: opts.allowAddress,
        timeoutMs: FEED_LIMITS.timeoutMs,
        maxBytes: FEED_LIMITS.maxBytes,
        accept: FEED_TYPES,
      });
      body = res.body;
    } catch (e) {
      throw fetchFailure(e);
    }
    parsed = await parseFeed(body.toString('utf8'));
  } catch (e) {
    const err = e instanceof FeedError ? e : new FeedError('FEED_UNREACHABLE', 'The feed could not be read.');
    await db.execute(sql`
      UPDATE article_feeds SET status = 'failing', last_error_code = ${err.code}, last_error = ${err.message},
        failure_count = failure_count + 1, last_checked_at = now()
      WHERE id = ${feedId}`);
    return { items: 0, added: 0 };
  }
  let added = 0;
  const publisher = parsed.title || new URL(feed.url).hostname.replace(/^www\./, '');
  for (const item of parsed.items) {
    let canonical: string;
    try {
      canonical = canonicalUrl(item.link);
    } catch {
      continue;
    }
    const id = await insertArticle(db, {
      title: item.title,
      url: item.link,
      canonicalUrl: canonical,
      description: item.description,
      publisher,
      publisherUrl: new URL(item.link).origin,
      thumbnail: item.thumbnail,
      language: detectLanguage(`${item.title} ${item.description}`),
      category,
      tags: item.tags,
      publishedAt: item.publishedAt,
      source: 'feed',
      feedId,
    });
    if (id !== null) {
      added++;
      await opts.onAdded?.(id);
    }
  }
  await db.execute(sql`
    UPDATE article_feeds SET status = 'ok', title = ${parsed.title}, last_error_code = NULL, last_error = NULL,
      failure_count = 0, last_checked_at = now(), last_success_at = now()
    WHERE id = ${feedId}`);
  return { items: parsed.items.length, added };
}

/** Ids of the feeds to poll on schedule: enabled ones. */
export async function enabledFeedIds(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM article_feeds WHERE enabled ORDER BY id`);
  return rows.map((r) => r.id);
}
