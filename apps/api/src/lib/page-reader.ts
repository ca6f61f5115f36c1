import type { Metadata } from '@sauce/contract/meta';
import { createRequire } from 'node:module';
import type Piscina from 'piscina';
import { ownThread } from '../api-dir.ts';
import type { PageMetadata } from '../services/articles/page-metadata.ts';
import type { PageAnswer, PageSource, PageTask } from './page-reader-thread.ts';
import type { ReadableArticle } from './readable.ts';
import { SafeFetchError } from './safe-fetch.ts';

/**
 * Issue #29: fetched pages are parsed off the server's event loop. A real article page (tens
 * to hundreds of KB) took the event loop 20–60 ms to read for its preview (cheerio) and its
 * copy (linkedom and Readability) — every request arriving meanwhile waited that long, and a
 * burst of links (a team saving, an import's previews) made every save's tail. Pages are now
 * parsed in a pool of worker threads (Piscina; ./page-reader-thread.ts) at a lower CPU
 * priority than the server, so the people waiting on an answer go first; each page has a
 * deadline and a heap bound, past which its thread is stopped (and a new one started) and
 * the page counts as one that could not be read.
 */

/** Bounds of the page reader. Times ms, sizes MB. */
export const PAGE_READER = {
  /** Threads parsing at once (the machines have 2 cores: the server and PostgreSQL keep one). */
  threads: 1,
  /** Pages waiting for a thread beyond those running; more are refused ('busy', retried later). Each holds its bytes (3 MB at most). */
  queue: 32,
  /** Longest a page may wait and be parsed, ms; then its thread is stopped. */
  deadlineMs: 30_000,
  /** A thread's heap, MB: a page that needs more stops its thread. */
  heapMb: 256,
  /** How much lower the threads' CPU priority is than the server's (nice). */
  niceIncrement: 10,
  /** A thread idle this long is stopped (its memory given back), ms. */
  idleMs: 60_000,
} as const;

/** The thread's module: ./page-reader-thread.ts, or dist/page-reader-thread.js from the build. */
const THREAD = ownThread(import.meta.url, './page-reader-thread.ts', './page-reader-thread.js');

/** Piscina is loaded by the first page read, not at start (issue #11 item 7: an idle server's memory). */
const requireHere = createRequire(import.meta.url);

let pool: Piscina | undefined;
/** Pages given to the pool and not answered yet (running or waiting). */
let reading = 0;
const threads = () =>
  (pool ??= new (requireHere('piscina') as typeof Piscina)({
    filename: THREAD.file,
    workerData: THREAD.workerData,
    minThreads: 0,
    maxThreads: PAGE_READER.threads,
    idleTimeout: PAGE_READER.idleMs,
    niceIncrement: PAGE_READER.niceIncrement,
    resourceLimits: { maxOldGenerationSizeMb: PAGE_READER.heapMb },
  }));


/**
 * Reads `task` in the page reader's thread (./page-reader-thread.ts) within `deadlineMs` (waiting
 * for a thread included).
 * @throws SafeFetchError 'busy' when {@link PAGE_READER}.queue pages already wait, 'timeout'
 *   past its deadline, 'too-large' when its thread ran out of heap — a page that could not be
 *   read, as a fetch that failed (callers retry 'busy' and 'timeout' as they retry fetches).
 */
async function inThread<T extends PageTask>(task: T, deadlineMs: number = PAGE_READER.deadlineMs): Promise<PageAnswer<T['op']>> {
  // Counted here rather than by Piscina's maxQueue, which hands tasks to a busy thread's own line uncounted.
  if (reading >= PAGE_READER.threads + PAGE_READER.queue) throw new SafeFetchError('busy', 'Too many pages being read at once');
  reading++;
  try {
    return (await threads().run(task, { signal: AbortSignal.timeout(deadlineMs) })) as PageAnswer<T['op']>;
  } catch (e) {
    const err = e as { name?: string; code?: string; message?: string };
    if (err.name === 'AbortError' || err.name === 'TimeoutError') throw new SafeFetchError('timeout', `The page took over ${deadlineMs} ms to read`, undefined, { cause: e });
    if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new SafeFetchError('too-large', 'The page needs too much memory to read', undefined, { cause: e });
    throw e;
  } finally {
    reading--;
  }
}

export type { PageSource };

/**
 * The link metadata of a page (services/html-metadata.ts parseMetadata), read in the page
 * reader's thread. @param url the page's final URL (relative image URLs resolve against it).
 * @throws SafeFetchError as {@link inThread} says.
 */
export const readPageMetadata = (page: PageSource, url: string): Promise<Metadata> => inThread({ op: 'metadata', ...page, url });

/**
 * A page's readable text (lib/readable.ts extractReadable; null: none of `minChars`
 * characters, its MIN_READABLE_CHARS by default), read in the page reader's thread within
 * `deadlineMs` ({@link PAGE_READER}'s by default). @throws SafeFetchError as {@link inThread} says.
 */
export const readPageText = (page: PageSource, opts: { minChars?: number; deadlineMs?: number } = {}): Promise<ReadableArticle | null> =>
  inThread({ op: 'readable', ...page, ...(opts.minChars === undefined ? {} : { minChars: opts.minChars }) }, opts.deadlineMs);

/**
 * An article page's metadata (services/articles/page-metadata.ts parseArticlePage), read in
 * the page reader's thread. @throws SafeFetchError as {@link inThread} says.
 */
export const readArticlePageMetadata = (page: PageSource, url: string): Promise<PageMetadata> => inThread({ op: 'articlePage', ...page, url });

/** Stops the page reader's threads (the server's close); a later read starts them again. */
export async function closePageReader(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.close();
}
