import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { enabledFeedIds } from '../services/articles/feeds.ts';
import { queueFeedFetch } from './article-feed-fetch.ts';
import type { JobQueue } from './queue.ts';

/**
 * The feeds' schedule (issue #10): on config FEED_POLL_CRON (UTC), once across all processes,
 * a tick of this queue sends the poll of every enabled feed (./article-feed-fetch.ts).
 */
export const FEEDS_POLL_QUEUE = 'article-feeds-poll';

/** The payload: none. */
export const feedsPollPayload = z.record(z.string(), z.never());

declare module './queue.ts' {
  interface JobPayloads {
    /** The schedule's tick: queues a fetch of every enabled feed; schema: ./article-feeds-poll.ts feedsPollPayload. */
    'article-feeds-poll': z.infer<typeof feedsPollPayload>;
  }
}

/** Starts this process's worker of the ticks, and schedules them (FEED_POLL_CRON). */
export async function startFeedsPollJobs(deps: { db: Db; jobs: JobQueue; config: Pick<Config, 'articles'> }) {
  const { db, jobs } = deps;
  await jobs.work(FEEDS_POLL_QUEUE, async (payload) => {
    feedsPollPayload.parse(payload);
    for (const feedId of await enabledFeedIds(db)) await queueFeedFetch(jobs, feedId);
  });
  await jobs.schedule(FEEDS_POLL_QUEUE, deps.config.articles.feedPollCron, {});
}
