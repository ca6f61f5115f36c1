import type { Metadata } from '@sauce/contract/meta';
import { createRequire } from 'node:module';
import type Piscina from 'piscina';
import { ownThread } from '../api-dir.ts';
import type { PageMetadata } from '../services/articles/page-metadata.ts';
import { FairQueue, QueueFullError } from './fair-queue.ts';
import type { PageAnswer, PageSource, PageTask } from './page-reader-thread.ts';
import type { ReadableArticle } from './readable.ts';
import { SafeFetchError } from './safe-fetch.ts';

/**
 * Issue #29: fetched pages are parsed off the server's event loop. A real article page (tens
 * to hundreds of KB) took the event loop 20–60 ms to read for its preview (cheerio) and its
 * copy (linkedom and Readability) — every request arriving meanwhile waited that long, and a
 * burst of links (a team saving, an import's previews) made every save's tail. Pages are now
 * parsed in a pool of worker threads (Piscina; ./page-reader-thread.ts) at a lower CPU
 * priority than the server, so the people waiting on an answer go first; pages wait in a
 * line where the people they are read for take turns (lib/fair-queue.ts); each page has a
 * deadline and a heap bound, past which its thread is stopped (and a new one started) and
 * the page counts as one that could not be read.
 */

/** Bounds of the page reader. Times ms, sizes MB. */
export const PAGE_READER = {
  /** Threads parsing at once (the machines have 2 cores: the server and PostgreSQL keep one). */
  threads: 1,
  /** Pages waiting for a thread beyond those running; more are refused ('busy', retried later). Each holds its bytes (a fetch's limit: 3 MB a link, 5 MB a summary's page). */
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
 * The line in front of the threads: the people pages are read for take turns, one page each
 * (Piscina's own queue keeps no order for tasks with a deadline), and at most
 * {@link PAGE_READER}.queue wait.
 */
const line = new FairQueue({
  concurrency: PAGE_READER.threads,
  maxAdmitted: PAGE_READER.threads + PAGE_READER.queue,
  maxPerKey: PAGE_READER.threads + PAGE_READER.queue,
});

/** Pages admitted to the line and not answered yet (being parsed or waiting): the metrics' gauge. */
export const pagesInLine = () => line.size;

/** Whom a page is read for: a person's id, or a name for work of no one person (e.g. 'articles'). */
export type PageReader = number | string;

/**
 * Reads `task` for `who` in the page reader's thread (./page-reader-thread.ts), in its turn
 * ({@link line}), within `deadlineMs` (the wait for its turn included: a page whose deadline
 * passes while it waits is never started).
 * @throws SafeFetchError 'busy' when {@link PAGE_READER}.queue pages already wait, 'timeout'
 *   past its deadline, 'too-large' when its thread ran out of heap — a page that could not be
 *   read, as a fetch that failed (callers retry 'busy' and 'timeout' as they retry fetches).
 */
async function inThread<T extends PageTask>(who: PageReader, task: T, deadlineMs: number = PAGE_READER.deadlineMs): Promise<PageAnswer<T['op']>> {
  let ticket;
  try {
    ticket = line.admit(who);
  } catch (e) {
    if (e instanceof QueueFullError) throw new SafeFetchError('busy', 'Too many pages being read at once');
    throw e;
  }
  const signal = AbortSignal.timeout(deadlineMs);
  let onExpiry = () => {};
  const expired = new Promise<never>((_, reject) => {
    onExpiry = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onExpiry, { once: true });
  });
  try {
    // A signal that aborted before the page's turn makes Piscina refuse it at once.
    const read = ticket.run(() => threads().run(task, { signal }) as Promise<PageAnswer<T['op']>>);
    read.catch(() => undefined); // settled by the race below, or later
    return await Promise.race([read, expired]);
  } catch (e) {
    const err = e as { name?: string; code?: string; message?: string };
    if (err.name === 'AbortError' || err.name === 'TimeoutError') throw new SafeFetchError('timeout', `The page took over ${deadlineMs} ms to read`, undefined, { cause: e });
    if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new SafeFetchError('too-large', 'The page needs too much memory to read', undefined, { cause: e });
    throw e;
  } finally {
    signal.removeEventListener('abort', onExpiry);
    ticket.release();
  }
}

export type { PageSource };

/**
 * The link metadata of a page (services/html-metadata.ts parseMetadata), read for `who` in
 * the page reader's thread. @param url the page's final URL (relative image URLs resolve
 * against it). @throws SafeFetchError as {@link inThread} says.
 */
export const readPageMetadata = (who: PageReader, page: PageSource, url: string): Promise<Metadata> => inThread(who, { op: 'metadata', ...page, url });

/**
 * A page's readable text (lib/readable.ts extractReadable; null: none of `minChars`
 * characters, its MIN_READABLE_CHARS by default), read for `who` in the page reader's thread
 * within `deadlineMs` ({@link PAGE_READER}'s by default). @throws SafeFetchError as {@link inThread} says.
 */
export const readPageText = (who: PageReader, page: PageSource, opts: { minChars?: number; deadlineMs?: number } = {}): Promise<ReadableArticle | null> =>
  inThread(who, { op: 'readable', ...page, ...(opts.minChars === undefined ? {} : { minChars: opts.minChars }) }, opts.deadlineMs);

/**
 * An article page's metadata (services/articles/page-metadata.ts parseArticlePage), read in
 * the page reader's thread (for 'articles': the feeds and the seed, no one person).
 * @throws SafeFetchError as {@link inThread} says.
 */
export const readArticlePageMetadata = (page: PageSource, url: string): Promise<PageMetadata> => inThread('articles', { op: 'articlePage', ...page, url });

/** Stops the page reader's threads (the server's close); a later read starts them again. */
export async function closePageReader(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.close();
}
