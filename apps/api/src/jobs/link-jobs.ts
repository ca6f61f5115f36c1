import { createHash } from 'node:crypto';
import type { Tx } from '../db/client.ts';
import type { JobInfo, JobName, JobPayloads, JobQueue } from './queue.ts';
import { InFlight, type Turns } from './turns.ts';

/**
 * Jobs about one link — a preview (services/link-preview.ts), a copy (services/link-copy.ts):
 * how they are sent, retried and worked so that people take turns (issue #29; the order and
 * the shares: ./turns.ts).
 */

/** A job about one link: whose turn it is (and whose fetch budget it spends), and its failed fetches so far. */
export interface LinkJob {
  link: string;
  person: number;
  attempt?: number;
}

/** The queues whose jobs are {@link LinkJob}s. */
type LinkQueue = { [K in JobName]: JobPayloads[K] extends LinkJob ? K : never }[JobName];

/** How long a job put back (its person, or its host, ran their share of the workers) waits, s. */
export const PUT_BACK_S = 1;

/** What the queue needs to send a link job: the queue, and the retries of config LINK_PREVIEW_*. */
type Sending = { jobs: JobQueue; retries: number; retryDelayS: number };

/** One job about a link to send: its queue and that queue's line (issue #29), its data, and a delay (s). */
export interface LinkJobToSend {
  queue: LinkQueue;
  line: Turns;
  job: LinkJob;
  startAfterS?: number;
}

/**
 * Sends jobs about links (previews, copies) in one statement: inside `tx` when given (the jobs
 * exist only if the save commits), one waiting per queue and link (its SHA-256 the singleton
 * key), each `startAfterS` seconds from now, at the back of its person's line in its queue's
 * `line` (issue #29). A failed fetch is sent again by the job itself (see {@link retryLater});
 * the queue's own `retries` (from `retryDelayS` seconds, doubling) cover a process that died or
 * a job that threw otherwise. 60 s to run.
 */
export async function sendLinkJobs(opts: Sending, tx: Tx | undefined, sends: readonly LinkJobToSend[]): Promise<void> {
  await opts.jobs.insert(
    sends.map(({ queue, line, job, startAfterS }) => ({
      name: queue,
      data: job,
      options: {
        singletonKey: createHash('sha256').update(job.link).digest('hex'),
        priority: line.next(job.person),
        ...(startAfterS ? { startAfter: startAfterS } : {}),
        retryLimit: opts.retries,
        retryDelay: opts.retryDelayS,
        retryBackoff: true,
        expireInSeconds: 60,
      },
    })),
    tx,
  );
}

/** Sends one job about a link, as {@link sendLinkJobs}. */
export async function sendLinkJob<Q extends LinkQueue>(
  opts: Sending,
  queue: Q,
  line: Turns,
  tx: Tx | undefined,
  job: LinkJob,
  at: { startAfterS?: number } = {},
) {
  await sendLinkJobs(opts, tx, [{ queue, line, job, ...at }]);
}

/**
 * Issue #29: a fetch that failed but may pass later is sent again for later — `retryDelayS`
 * doubling with each attempt — at the back of its person's line, instead of waiting in a
 * worker or coming back ahead of everyone. @returns false when its retries are spent.
 */
export async function retryLater<Q extends LinkQueue>(
  opts: Sending,
  queue: Q,
  line: Turns,
  data: LinkJob,
  job: Pick<JobInfo, 'retryCount'>,
): Promise<boolean> {
  const attempt = (data.attempt ?? 0) + job.retryCount;
  if (attempt >= opts.retries) return false;
  await sendLinkJob(opts, queue, line, undefined, { ...data, attempt: attempt + 1 }, { startAfterS: opts.retryDelayS * 2 ** attempt });
  return true;
}

/** What a link job holds while it runs (jobs/turns.ts InFlight): its person, and its link's host. */
function heldBy(job: LinkJob): string[] {
  let host = '';
  try {
    host = new URL(job.link).hostname;
  } catch {
    // Not a URL: the fetch refuses it at once.
  }
  return [`person:${job.person}`, `host:${host}`];
}

/**
 * Issue #29: works `queue` with `workers` workers, of which one person's jobs, and the jobs
 * about one host, hold at most `share`: a job over either share is put back
 * ({@link PUT_BACK_S} later, at the back of its person's line) and the worker is free for
 * someone else's, or another site's.
 */
/** What each link queue's workers of a job queue (this process's) run now (set by {@link workLinkJobs}). */
const running = new WeakMap<JobQueue, Map<LinkQueue, InFlight>>();

/**
 * Wakes this process's workers of the queues of jobs just sent (after their transaction
 * committed), except for jobs sent for later, or that their person or host could not start now
 * (their share of the workers is running: a woken worker would only put them back) — those
 * are fetched when one of theirs ends, or at the workers' next poll. So a burst of one
 * person's slow links does not make every worker fetch only to put the job back (issue #29).
 */
export function wakeFor(jobs: JobQueue, sent: readonly LinkJobToSend[]): void {
  const queues = new Set(sent.filter(({ queue, job, startAfterS }) => !startAfterS && !running.get(jobs)?.get(queue)?.full(heldBy(job))).map((s) => s.queue));
  for (const queue of queues) jobs.notify(queue);
}

export async function workLinkJobs<Q extends LinkQueue>(
  opts: Sending,
  queue: Q,
  line: Turns,
  counts: { workers: number; share: number },
  run: (data: LinkJob, job: JobInfo) => Promise<unknown>,
) {
  const inFlight = new InFlight(counts.share);
  running.set(opts.jobs, (running.get(opts.jobs) ?? new Map<LinkQueue, InFlight>()).set(queue, inFlight));
  await opts.jobs.ensureQueue(queue, { policy: 'short' });
  await opts.jobs.work(
    queue,
    async (data, job) => {
      line.started(job.priority);
      const held = heldBy(data);
      if (!inFlight.tryStart(held)) {
        await sendLinkJob(opts, queue, line, undefined, data, { startAfterS: PUT_BACK_S });
        return 'put-back';
      }
      try {
        await run(data, job);
      } finally {
        inFlight.done(held);
      }
    },
    { workers: counts.workers },
  );
}
