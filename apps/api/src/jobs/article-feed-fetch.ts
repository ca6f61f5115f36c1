import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pollFeed } from '../services/articles/feeds.ts';
import { queueThumbnail } from './article-thumbnail.ts';
import type { JobQueue } from './queue.ts';

/**
 * The queue of feed polls (issue #10): one job reads one RSS or Atom feed and adds its new
 * articles (services/articles/feeds.ts pollFeed), each queued for its thumbnail. Sent for
 * every enabled feed by the schedule's tick (./article-feeds-poll.ts).
 */
export const FEED_FETCH_QUEUE = 'article-feed-fetch';

/** The payload: the feed (article_feeds.id) to poll. Checked as each job starts. */
export const feedFetchPayload = z.object({ feedId: z.number().int() });

declare module './queue.ts' {
  interface JobPayloads {
    /** Polls one feed; schema: ./article-feed-fetch.ts feedFetchPayload. */
    'article-feed-fetch': z.infer<typeof feedFetchPayload>;
  }
}

/** Queues the poll of feed `feedId`: once (no retries: the next tick polls it again), 120 s at most, one waiting per feed. */
export async function queueFeedFetch(jobs: JobQueue, feedId: number) {
  await jobs.send(FEED_FETCH_QUEUE, { feedId }, { retryLimit: 0, singletonKey: `feed:${feedId}`, expireInSeconds: 120 });
}

/**
 * Starts this process's feed poll worker (config METADATA_ALLOW_PRIVATE says which addresses
 * it may read). A feed's own faults are recorded on it by pollFeed; a poll that throws (the
 * feed deleted, a database error) is logged as a warning and the job completes: the next
 * tick polls the feed again.
 */
export async function startFeedFetchJobs(deps: { db: Db; jobs: JobQueue; config: Pick<Config, 'metadataAllowPrivate'> }, log: FastifyBaseLogger) {
  const { db, jobs } = deps;
  await jobs.work(FEED_FETCH_QUEUE, async (payload) => {
    const { feedId } = feedFetchPayload.parse(payload);
    const allowPrivate = deps.config.metadataAllowPrivate;
    const result = await pollFeed(db, feedId, { allowPrivate, onAdded: (id) => queueThumbnail(jobs, id) }).catch((err: unknown) => {
      log.warn({ err, feedId }, 'feed poll failed');
      return null;
    });
    if (result) log.debug({ feedId, ...result }, 'feed polled');
  });
}
