import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { getArticle } from '../services/articles/articles.ts';
import { fillArticleFromPage } from '../services/articles/seed.ts';
import type { JobQueue } from './queue.ts';

/**
 * The queue of the articles' thumbnails (issue #10): a new article (added by hand, by a feed,
 * or seeded) gets its thumbnail, favicon and date from its page, best effort
 * (services/articles/seed.ts fillArticleFromPage).
 */
export const THUMBNAIL_QUEUE = 'article-thumbnail';

/** The payload: the article (articles.id) whose page is read. Checked as each job starts. */
export const thumbnailPayload = z.object({ articleId: z.number().int() });

declare module './queue.ts' {
  interface JobPayloads {
    /** Fills an article's thumbnail, favicon and date from its page (best effort); schema: ./article-thumbnail.ts thumbnailPayload. */
    'article-thumbnail': z.infer<typeof thumbnailPayload>;
  }
}

/** Queues the best-effort thumbnail job of a new article (no retries: the page is tried once, for 60 s at most; one job per article at a time). */
export async function queueThumbnail(jobs: JobQueue, articleId: number) {
  await jobs.send(THUMBNAIL_QUEUE, { articleId }, { retryLimit: 0, expireInSeconds: 60, singletonKey: `thumb:${articleId}` });
}

/**
 * Starts this process's thumbnail worker: an article still without a thumbnail or a favicon
 * gets them from its page (config METADATA_ALLOW_PRIVATE says which addresses it may read); a
 * deleted article is skipped.
 */
export async function startThumbnailJobs(deps: { db: Db; jobs: JobQueue; config: Pick<Config, 'metadataAllowPrivate'> }) {
  await deps.jobs.work(THUMBNAIL_QUEUE, async (payload) => {
    const { articleId } = thumbnailPayload.parse(payload);
    const article = await getArticle(deps.db, articleId).catch(() => null);
    if (article && (!article.thumbnail || !article.favicon)) await fillArticleFromPage(deps.db, article, { allowPrivate: deps.config.metadataAllowPrivate });
  });
}
