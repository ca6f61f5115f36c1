import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { getArticle } from '../services/articles/articles.ts';
import { enabledFeedIds, pollFeed } from '../services/articles/feeds.ts';
import { articlesNeverAdded, fillArticleFromPage, seedArticles } from '../services/articles/seed.ts';
import { RetryableSummaryError, summarizeSauce } from '../services/articles/summary/job.ts';
import type { JobQueue } from './queue.ts';

declare module './queue.ts' {
  interface JobPayloads {
    /** The AI summary of an article source (services/articles/summary/job.ts). */
    'article-summary': { sauceId: number };
    /** Fills an article's thumbnail, favicon and date from its page (best effort). */
    'article-thumbnail': { articleId: number };
    /** The schedule's tick: queues a fetch of every enabled feed. */
    'article-feeds-poll': Record<string, never>;
    /** Polls one feed. */
    'article-feed-fetch': { feedId: number };
  }
}

/** Queues the best-effort thumbnail job of a new article (no retries: the page is tried once). */
export async function queueThumbnail(jobs: JobQueue, articleId: number) {
  await jobs.send('article-thumbnail', { articleId }, { retryLimit: 0, expireInSeconds: 60, singletonKey: `thumb:${articleId}` });
}

/**
 * Starts the article workers in this process (issue #10): summaries, thumbnails and feed
 * polls, all on the app's job queue (pg-boss in PostgreSQL: kept across restarts, retried
 * with backoff, worked by whichever API process takes them first), and schedules the feed
 * poll (FEED_POLL_CRON, once across all processes). Workers never block a request.
 */
export async function startArticleJobs(deps: { db: Db; jobs: JobQueue; config: Config }, log: FastifyBaseLogger) {
  const { db, jobs, config } = deps;
  const allowPrivate = config.metadataAllowPrivate;

  await jobs.work('article-summary', async ({ sauceId }, job) => {
    try {
      const outcome = await summarizeSauce({ db, config, log }, sauceId, job);
      log.debug({ sauceId, outcome }, 'article summary done');
    } catch (err) {
      if (err instanceof RetryableSummaryError) log.info({ sauceId, reason: err.reason, retry: job.retryCount + 1 }, 'article summary will be retried');
      else log.error({ err, sauceId }, 'article summary job failed');
      throw err;
    }
  });

  await jobs.work('article-thumbnail', async ({ articleId }) => {
    const article = await getArticle(db, articleId).catch(() => null);
    if (article && (!article.thumbnail || !article.favicon)) await fillArticleFromPage(db, article, { allowPrivate });
  });

  await jobs.work('article-feed-fetch', async ({ feedId }) => {
    const result = await pollFeed(db, feedId, { allowPrivate, onAdded: (id) => queueThumbnail(jobs, id) }).catch((err: unknown) => {
      log.warn({ err, feedId }, 'feed poll failed');
      return null;
    });
    if (result) log.debug({ feedId, ...result }, 'feed polled');
  });

  await jobs.work('article-feeds-poll', async () => {
    for (const feedId of await enabledFeedIds(db)) {
      await jobs.send('article-feed-fetch', { feedId }, { retryLimit: 0, singletonKey: `feed:${feedId}`, expireInSeconds: 120 });
    }
  });
  await jobs.schedule('article-feeds-poll', config.articles.feedPollCron, {});
}

/**
 * Loads the shipped seed articles when the database has never held an article (issue #10:
 * a new install's Articles page is not empty), queueing each one's thumbnail job (which,
 * offline, leaves the generated cover). ARTICLES_SEED=false turns it off. Never fails the
 * start: an error is logged.
 */
export async function seedOnFirstStart(deps: { db: Db; jobs: JobQueue; config: Config }, log: FastifyBaseLogger) {
  if (!deps.config.articles.seed) return;
  try {
    if (!(await articlesNeverAdded(deps.db))) return;
    const { added } = await seedArticles(deps.db, { onAdded: (id) => queueThumbnail(deps.jobs, id) });
    log.info(`loaded ${added} seed articles`);
  } catch (err) {
    log.warn({ err }, 'loading the seed articles failed');
  }
}
