import { sql } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { lockWorkspaces } from '../../../db/locks.ts';
import { AppError } from '../../../errors.ts';
import { readPageText } from '../../../lib/page-reader.ts';
import type { ReadableArticle } from '../../../lib/readable.ts';
import { type AddressPolicy, SafeFetchError, safeFetch } from '../../../lib/safe-fetch.ts';
import { notifyWorkspace } from '../../events.ts';
import { extractiveProvider, llmProvider, type SummaryLogger, type SummaryProvider } from './providers.ts';

/** Largest article page read for a summary, bytes (5 MB). */
export const SUMMARY_PAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A summary cached on the article is reused by later saves for this long, ms (30 days). */
export const SUMMARY_CACHE_MS = 30 * 24 * 60 * 60 * 1000;

const HTML_TYPES = ['text/html', 'application/xhtml+xml'] as const;

/** What a summary job ended in; 'skipped' when the source is gone or no longer waits. */
export type SummaryOutcome = 'ready' | 'unavailable' | 'failed' | 'skipped';

/** The page did not answer this time; the job is retried (pg-boss backoff) while retries remain. */
export class RetryableSummaryError extends Error {
  constructor(readonly reason: string) {
    super(`Article page not readable this time: ${reason}`);
    this.name = 'RetryableSummaryError';
  }
}

/** What {@link summarizeSauce} needs. */
export interface SummaryDeps {
  db: Db;
  config: Pick<Config, 'ai' | 'articles' | 'metadataAllowPrivate'>;
  log: SummaryLogger & { info(obj: object, msg: string): void };
  /** Replaces safe-fetch's address policy (tests). */
  allowAddress?: AddressPolicy;
  /** Replaces the configured provider (tests). */
  provider?: SummaryProvider;
}

/** The provider the configuration names: an OpenAI-compatible endpoint when AI_BASE_URL is set, else extractive. */
export function configuredProvider(config: Pick<Config, 'ai'>, log?: SummaryLogger): SummaryProvider {
  const { ai } = config;
  return ai.baseUrl ? llmProvider({ ...ai, baseUrl: ai.baseUrl }, log) : extractiveProvider;
}

/** Failures worth another try: no answer, a dropped connection, a server error or 429. */
function isTransient(e: SafeFetchError): boolean {
  return e.reason === 'timeout' || e.reason === 'network' || e.reason === 'busy' || (e.reason === 'http-status' && (e.status === 429 || (e.status ?? 0) >= 500));
}

/**
 * The background job of an article source's AI summary (issue #10). Reads the source's
 * link through the SSRF-guarded fetcher (SUMMARY_FETCH_TIMEOUT_MS, 5 MB, HTML only),
 * extracts the readable text (Readability on linkedom), summarises it with the configured
 * provider (3–5 sentences in the article's language; an LLM that fails falls back to the
 * extractive summary) and stores it on the source, and on the article as a cache that later
 * saves reuse for 30 days. The space's members are told (a 'sauce updated' event).
 * Outcomes: 'ready'; 'unavailable' when the page has no readable text, is not HTML, is too
 * large or refused ('summary not available for this site'); 'failed' when the page did not
 * answer on the last attempt (the source stays, its summary says so).
 * @throws RetryableSummaryError when the page did not answer and `attempt` has retries left.
 */
export async function summarizeSauce(
  deps: SummaryDeps,
  sauceId: number,
  attempt: { retryCount: number; retryLimit: number },
): Promise<SummaryOutcome> {
  const { db, config, log } = deps;
  const { rows } = await db.execute<{
    workspace_id: number;
    link: string | null;
    article_id: number | null;
    cached: string | null;
    cached_method: string | null;
  }>(sql`
    SELECT s.workspace_id, s.link, s.article_id,
      CASE WHEN a.summarized_at > now() - make_interval(secs => ${SUMMARY_CACHE_MS / 1000}) THEN a.summary END AS cached,
      a.summary_method AS cached_method
    FROM sauces s LEFT JOIN articles a ON a.id = s.article_id
    WHERE s.id = ${sauceId} AND s.summary_status = 'pending'`);
  const job = rows[0];
  if (!job) return 'skipped';
  if (job.cached) return store(db, sauceId, job.workspace_id, null, 'ready', job.cached, job.cached_method);
  if (!job.link) return store(db, sauceId, job.workspace_id, null, 'unavailable');

  // The page is read (parsed) with its fetch: the page reader's failures are a fetch's (lib/page-reader.ts).
  let article: ReadableArticle | null;
  try {
    const res = await safeFetch(job.link, {
      allowPrivate: config.metadataAllowPrivate,
      allowAddress: deps.allowAddress,
      timeoutMs: config.articles.summaryFetchTimeoutMs,
      maxBytes: SUMMARY_PAGE_MAX_BYTES,
      accept: HTML_TYPES,
    });
    article = await readPageText(`space:${job.workspace_id}`, { html: res.body, charset: res.charset });
  } catch (e) {
    const reason = e instanceof SafeFetchError ? e.reason : e instanceof AppError ? e.code : 'network';
    if (e instanceof SafeFetchError && isTransient(e)) {
      if (attempt.retryCount < attempt.retryLimit) throw new RetryableSummaryError(reason);
      log.info({ sauceId, url: job.link, reason }, 'article summary failed: the page did not answer');
      return store(db, sauceId, job.workspace_id, null, 'failed');
    }
    log.info({ sauceId, url: job.link, reason }, 'article summary not available for this site');
    return store(db, sauceId, job.workspace_id, null, 'unavailable');
  }

  const summary = article ? await (deps.provider ?? configuredProvider(config, log)).summarize(article) : null;
  if (!summary) {
    log.info({ sauceId, url: job.link }, 'article summary not available for this site: no readable text');
    return store(db, sauceId, job.workspace_id, null, 'unavailable');
  }
  return store(db, sauceId, job.workspace_id, job.article_id, 'ready', summary.sentences.join('\n'), summary.method);
}

/**
 * Writes the outcome on the source (only while it still waits), caches a ready summary on
 * the article, and tells the space — all in one transaction, so the event leaves only
 * with the write.
 */
async function store(
  db: Db,
  sauceId: number,
  workspaceId: number,
  articleId: number | null,
  status: 'ready' | 'unavailable' | 'failed',
  text: string | null = null,
  method: string | null = null,
): Promise<SummaryOutcome> {
  return db.transaction(async (tx) => {
    await lockWorkspaces(tx, [workspaceId]); // the lock order (db/locks.ts): the space before its source
    const { rows } = await tx.execute<{ id: number }>(sql`
      UPDATE sauces SET summary_status = ${status}, summary = ${text}, summary_method = ${method}
      WHERE id = ${sauceId} AND summary_status = 'pending' RETURNING id`);
    if (!rows[0]) return 'skipped';
    if (articleId !== null && status === 'ready') {
      await tx.execute(sql`UPDATE articles SET summary = ${text}, summary_method = ${method}, summarized_at = now() WHERE id = ${articleId}`);
    }
    // actorId 0: the system, so every member's view refetches (the saver's included).
    await notifyWorkspace(tx, workspaceId, { type: 'sauce', action: 'updated', id: sauceId, actorId: 0 });
    return status;
  });
}
