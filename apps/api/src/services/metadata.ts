import type { Metadata } from '@sauce/contract/meta';
import { RateLimitedError } from '../errors.ts';
import { type AddressPolicy, parseHttpUrl, SafeFetchError, safeFetch } from '../lib/safe-fetch.ts';
import { memoryState, type SharedState } from '../lib/shared-state.ts';
import { spendFetch } from './fetch-budget.ts';
import { readPageMetadata } from '../lib/page-reader.ts';
import { LINK_CACHE_MS } from './html-metadata.ts';

export const EMPTY_METADATA: Metadata = Object.freeze({ title: '', description: '', image: '' });

/** Media types whose bodies are parsed; everything else yields empty metadata. */
export const HTML_TYPES = ['text/html', 'application/xhtml+xml'] as const;

/** Where failures are logged ('failed to fetch metadata', SPEC §8); Fastify's req.log fits. */
export interface MetadataLogger {
  info(obj: object, msg: string): void;
}

/** Options of {@link fetchMetadata} and {@link getMetadata}. */
export interface MetadataOptions {
  /** Allow loopback and private addresses (config.metadataAllowPrivate). */
  allowPrivate: boolean;
  /**
   * Who asks: a fetch (not a cache hit) spends one of their fetch-budget.ts FETCHES_PER_MINUTE
   * (issue #9: link previews and saves share one budget per person).
   */
  person?: number;
  /** Where the cache and the budget live: Redis shared by every process, or this one's memory (the default). */
  shared?: SharedState;
  /** Replaces the address policy of safe-fetch (tests). Results are then not cached. */
  allowAddress?: AddressPolicy;
  log?: MetadataLogger;
}


/** The state of a process that was given none (one process, no Redis). */
const processState = memoryState();
/** Reads of one URL under way in this process: concurrent reads share one fetch. */
const inFlight = new Map<string, Promise<Metadata>>();

/** The cache key of `href`'s metadata (what private addresses allow changes what is read), or undefined when not cached. */
const cacheKey = (href: string, opts: MetadataOptions) => (opts.allowAddress ? undefined : `meta:${opts.allowPrivate ? 'any' : 'public'} ${href}`);

/**
 * The metadata of `url` if a read in the last hour left it in the cache, without fetching
 * and without spending anyone's budget (issue #23: a save takes what the editor's preview
 * already read). Undefined when not cached or not an http(s) URL.
 */
export async function cachedMetadata(url: string, opts: MetadataOptions): Promise<Metadata | undefined> {
  let href: string;
  try {
    href = parseHttpUrl(url).href;
  } catch {
    return undefined;
  }
  const key = cacheKey(href, opts);
  const hit = key ? await (opts.shared ?? processState).get(key) : undefined;
  return hit ? (JSON.parse(hit) as Metadata) : undefined;
}

/**
 * Keeps `meta`, read from `href` (an http(s) URL, lib/safe-fetch.ts parseHttpUrl), in the
 * one-hour cache that saves and the editor's preview read ({@link cachedMetadata}): a link
 * job's read (services/link-read.ts), as {@link readMetadata}'s own.
 */
export async function cacheMetadata(href: string, meta: Metadata, opts: MetadataOptions): Promise<void> {
  const key = cacheKey(href, opts);
  if (key) await (opts.shared ?? processState).set(key, JSON.stringify(meta), LINK_CACHE_MS);
}

/**
 * Reads the link metadata of `url`: `{ title, description, image }`, empty strings where
 * the page has none. Fetched through lib/safe-fetch.ts (5 s, 2 MB, 5 redirects, public
 * addresses only unless `allowPrivate`), parsed off the event loop (services/html-metadata.ts
 * parseMetadata in lib/page-reader.ts's thread); successful reads are cached 1 hour (SPEC
 * §9, 3,600,000 ms) and concurrent reads of one URL in this process share one fetch. A
 * fetch (not a cache hit) spends one of `person`'s fetch-budget.ts FETCHES_PER_MINUTE.
 * @throws SafeFetchError when the page could not be read (unreachable, slow, too large, not
 *   HTML, an HTTP error); AppError INVALID_FORMAT (400) for a malformed or non-http(s) URL;
 *   URL_NOT_ALLOWED (400) when the host, or a redirect's host, is a refused address;
 *   RATE_LIMITED (429) when `person` has spent their budget.
 */
export async function readMetadata(url: string, opts: MetadataOptions): Promise<Metadata> {
  const href = parseHttpUrl(url).href;
  const key = cacheKey(href, opts);
  const shared = opts.shared ?? processState;
  if (key) {
    const hit = await shared.get(key);
    if (hit) return JSON.parse(hit) as Metadata;
    const pending = inFlight.get(key);
    if (pending) return pending;
  }
  if (opts.person !== undefined && !(await spendFetch(opts.shared, opts.person))) {
    throw RateLimitedError('Too many link previews at once. Please wait a minute and try again.');
  }
  const work = (async () => {
    const res = await safeFetch(href, { allowPrivate: opts.allowPrivate, allowAddress: opts.allowAddress, accept: HTML_TYPES });
    const meta = await readPageMetadata(opts.person ?? 'previews', { html: res.body, charset: res.charset }, res.url);
    await cacheMetadata(href, meta, opts);
    return meta;
  })();
  if (!key) return work;
  inFlight.set(key, work);
  try {
    return await work;
  } finally {
    inFlight.delete(key);
  }
}

/**
 * Link metadata of `url` for the same-origin endpoint (SPEC §7 "Same-origin metadata"), as
 * {@link readMetadata} reads it — but a page that cannot be read is logged 'failed to fetch
 * metadata' and yields {@link EMPTY_METADATA} (SPEC §8).
 * @throws AppError INVALID_FORMAT (400), URL_NOT_ALLOWED (400), RATE_LIMITED (429).
 */
export async function fetchMetadata(url: string, opts: MetadataOptions): Promise<Metadata> {
  try {
    return await readMetadata(url, opts);
  } catch (e) {
    if (!(e instanceof SafeFetchError)) throw e;
    opts.log?.info({ url, reason: e.reason, err: e.message }, 'failed to fetch metadata');
    return EMPTY_METADATA;
  }
}
