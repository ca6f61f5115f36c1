import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { RetryableSummaryError, summarizeSauce } from '../services/articles/summary/job.ts';
import type { JobQueue } from './queue.ts';

/**
 * The queue of the articles' AI summaries (issue #10): a save that asks for a summary
 * (services/articles/fork.ts) sends a job of it, which reads the article's page and
 * summarises it (services/articles/summary/job.ts).
 */
export const SUMMARY_QUEUE = 'article-summary';

/** The payload: the source (sauces.id) whose summary is made. Checked as each job starts. */
export const summaryPayload = z.object({ sauceId: z.number().int() });

declare module './queue.ts' {
  interface JobPayloads {
    /** The AI summary of an article source (services/articles/summary/job.ts); schema: ./article-summary.ts summaryPayload. */
    'article-summary': z.infer<typeof summaryPayload>;
  }
}

/** How summary jobs are sent: retried `retries` times with backoff (config SUMMARY_RETRIES), 3 minutes per attempt at most. */
export interface SummaryJobOptions {
  retries: number;
}

/**
 * Queues the summary of source `sauceId` inside `tx` (the job exists only if the save
 * commits). One job per source at a time (singleton key); retried `opts.retries` times,
 * from 10 s and doubling.
 */
export async function queueSummary(jobs: JobQueue, tx: Tx, sauceId: number, opts: SummaryJobOptions) {
  await jobs.send(
    SUMMARY_QUEUE,
    { sauceId },
    {
      tx,
      singletonKey: `summary:${sauceId}`,
      retryLimit: opts.retries,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 180,
    },
  );
}

/**
 * Starts this process's summary worker: one summary at a time, worked by summarizeSauce; a
 * page that did not answer this time (RetryableSummaryError) is logged and retried, any other
 * failure logged as an error (and retried while the job's retries last). Never blocks a request.
 */
export async function startSummaryJobs(deps: { db: Db; jobs: JobQueue; config: Config }, log: FastifyBaseLogger) {
  await deps.jobs.work(SUMMARY_QUEUE, async (payload, job) => {
    const { sauceId } = summaryPayload.parse(payload);
    try {
      const outcome = await summarizeSauce({ db: deps.db, config: deps.config, log }, sauceId, job);
      log.debug({ sauceId, outcome }, 'article summary done');
    } catch (err) {
      if (err instanceof RetryableSummaryError) log.info({ sauceId, reason: err.reason, retry: job.retryCount + 1 }, 'article summary will be retried');
      else log.error({ err, sauceId }, 'article summary job failed');
      throw err;
    }
  });
}
