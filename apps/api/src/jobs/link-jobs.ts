import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Tx } from '../db/client.ts';
import type { Foreground } from '../lib/foreground.ts';
import type { JobInfo, JobName, JobPayloads, JobQueue, JobToInsert } from './queue.ts';
import { InFlight, type Turns } from './turns.ts';

/**
 * Jobs about one link — its read, for its preview and its copy (./link-read.ts): how they are
 * sent, retried and worked so that people take turns (issue #29; the order and the shares:
 * ./turns.ts).
 */

/**
 * The payload of a job about one link: the link; whose turn it is (and whose fetch budget it
 * spends), a user id; and its failed fetches so far. Checked as each job starts.
 */
export const linkJobSchema = z.object({
  link: z.string(),
  person: z.number().int(),
  attempt: z.number().int().nonnegative().optional(),
});
export type LinkJob = z.infer<typeof linkJobSchema>;

/** The queues whose jobs are {@link LinkJob}s. */
type LinkQueue = { [K in JobName]: JobPayloads[K] extends LinkJob ? K : never }[JobName];

/** How long a job put back (its person, or its host, ran their share of the workers) waits, s. */
export const PUT_BACK_S = 1;

/** What the queue needs to send a link job: the queue, and the retries of config LINK_PREVIEW_* (the first wait in seconds, doubling). */
export type LinkJobSending = { jobs: JobQueue; retries: number; retryDelayS: number; foreground?: Foreground };

/**
 * A queue of link jobs (./link-read.ts): its name, the line its jobs wait
 * in (issue #29), this process's workers of it, and how many of them one person's, or one
 * host's, jobs may hold.
 */
export interface LinkQueueSpec {
  name: LinkQueue;
  line: Turns;
  workers: number;
  share: number;
}

/** One job about a link to send: its queue, its data, and a delay (s). */
export interface LinkJobToSend {
  queue: LinkQueueSpec;
  job: LinkJob;
  startAfterS?: number;
}

/** The jobs of `sends` as the queue inserts them (see {@link sendLinkJobs}). */
const toInsert = (opts: LinkJobSending, sends: readonly LinkJobToSend[]): JobToInsert[] =>
  sends.map(({ queue, job, startAfterS }) => ({
    name: queue.name,
    data: job,
    options: {
      singletonKey: createHash('sha256').update(job.link).digest('hex'),
      priority: queue.line.next(job.person),
      ...(startAfterS ? { startAfter: startAfterS } : {}),
      retryLimit: opts.retries,
      retryDelay: opts.retryDelayS,
      retryBackoff: true,
      expireInSeconds: 60,
    },
  }));

/**
 * Sends jobs about links (previews, copies) in one statement: inside `tx` when given (the jobs
 * exist only if it commits), one waiting per queue and link (its SHA-256 the singleton
 * key), each `startAfterS` seconds from now, at the back of its person's line in its queue's
 * line (issue #29). A failed fetch is sent again by the job itself (see {@link retryLater});
 * the queue's own `retries` (from `retryDelayS` seconds, doubling) cover a process that died or
 * a job that threw otherwise. 60 s to run.
 */
export async function sendLinkJobs(opts: LinkJobSending, tx: Tx | undefined, sends: readonly LinkJobToSend[]): Promise<void> {
  await opts.jobs.insert(toInsert(opts, sends), tx);
}

/**
 * Issue #29: sends the link jobs of writes that committed (as {@link sendLinkJobs}) without
 * the writer waiting — once the requests in flight eased (`opts.foreground` calm, at most
 * lib/foreground.ts YIELD_MS later), with every other deferred meanwhile, in one statement
 * (jobs/queue.ts defer) — then wakes this process's workers ({@link wakeFor}). A burst of
 * saves writes no job row while it lasts: a save's transaction holds its space's counter slot
 * for its own rows only, and the database's time goes to the people waiting (the workers
 * would wait for the same calm before starting them). The sources themselves say what is
 * waiting ('pending'): jobs a process died before sending are sent again by the sweeps
 * (services/link-sweep.ts queueWaitingLinks).
 */
export function sendAfterCommit(opts: LinkJobSending, sends: readonly LinkJobToSend[]): void {
  opts.jobs.defer(toInsert(opts, sends), { ready: () => opts.foreground?.calm() ?? Promise.resolve(), then: () => wakeFor(opts.jobs, sends) });
}

/** Sends one job about a link, as {@link sendLinkJobs}. */
export async function sendLinkJob(opts: LinkJobSending, queue: LinkQueueSpec, tx: Tx | undefined, job: LinkJob, at: { startAfterS?: number } = {}) {
  await sendLinkJobs(opts, tx, [{ queue, job, ...at }]);
}

/**
 * Issue #29: a fetch that failed but may pass later is sent again for later — `retryDelayS`
 * doubling with each attempt — at the back of its person's line, instead of waiting in a
 * worker or coming back ahead of everyone. @returns false when its retries are spent.
 */
export async function retryLater(opts: LinkJobSending, queue: LinkQueueSpec, data: LinkJob, job: Pick<JobInfo, 'retryCount'>): Promise<boolean> {
  const attempt = (data.attempt ?? 0) + job.retryCount;
  if (attempt >= opts.retries) return false;
  await sendLinkJob(opts, queue, undefined, { ...data, attempt: attempt + 1 }, { startAfterS: opts.retryDelayS * 2 ** attempt });
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
  const queues = new Set(sent.filter(({ queue, job, startAfterS }) => !startAfterS && !running.get(jobs)?.get(queue.name)?.full(heldBy(job))).map((s) => s.queue.name));
  for (const queue of queues) jobs.notify(queue);
}

/** What works a link job: the service's run of it (services/link-read.ts runLinkRead). */
export type LinkJobRun = (data: LinkJob, job: JobInfo) => Promise<unknown>;

/**
 * Issue #29: works `queue` with its `workers` workers, of which one person's jobs, and the
 * jobs about one host, hold at most its `share`: a job over either share is put back
 * ({@link PUT_BACK_S} later, at the back of its person's line) and the worker is free for
 * someone else's, or another site's. Each job's data is checked against
 * {@link linkJobSchema} (a ZodError fails the job), then `run`.
 */
export async function workLinkJobs(opts: LinkJobSending, queue: LinkQueueSpec, run: LinkJobRun) {
  const inFlight = new InFlight(queue.share);
  running.set(opts.jobs, (running.get(opts.jobs) ?? new Map<LinkQueue, InFlight>()).set(queue.name, inFlight));
  await opts.jobs.ensureQueue(queue.name, { policy: 'short' });
  await opts.jobs.work(
    queue.name,
    async (payload, job) => {
      const data = linkJobSchema.parse(payload);
      // People waiting on an answer go first: a burst of saves is not slowed by their own
      // previews and copies, which start once it eases (at most YIELD_MS later each).
      await opts.foreground?.calm({ onWait: () => reached(opts.jobs, queue.name, 'yielding', data) });
      queue.line.started(job.priority);
      const held = heldBy(data);
      if (!inFlight.tryStart(held)) {
        reached(opts.jobs, queue.name, 'put-back', data);
        await sendLinkJob(opts, queue, undefined, data, { startAfterS: PUT_BACK_S });
        return 'put-back';
      }
      try {
        await run(data, job);
      } finally {
        inFlight.done(held);
      }
    },
    { workers: queue.workers },
  );
}

/**
 * Where a link job got to, that a test waits for before it acts (issue #30: no test waits a
 * fixed time for a job): 'yielding', waiting for the requests in flight to ease (issue #29,
 * lib/foreground.ts); 'put-back', over its share (above); 'reading', about to fetch its link;
 * 'waiting', waiting for the read of its link under way in this process
 * (services/link-read.ts runLinkRead).
 */
export type LinkJobStep = 'put-back' | 'reading' | 'waiting' | 'yielding';
type StepWatcher = (queue: LinkQueue, step: LinkJobStep, job: LinkJob) => void;
/** The watchers of each job queue's link jobs ({@link watchLinkJobs}). */
const watchers = new WeakMap<JobQueue, Set<StepWatcher>>();

/**
 * Calls `watcher` with each {@link LinkJobStep} a link job worked on `jobs` (the app's job
 * queue, as the services' options carry it) reaches in this process, until the returned
 * function is called. For tests; nothing is reported while none watches.
 */
export function watchLinkJobs(jobs: JobQueue, watcher: StepWatcher): () => void {
  const set = watchers.get(jobs) ?? new Set<StepWatcher>();
  watchers.set(jobs, set.add(watcher));
  return () => void set.delete(watcher);
}

/** Tells the watchers of `jobs` ({@link watchLinkJobs}) that `job`, of `queue`, reached `step`. */
export function reached(jobs: JobQueue, queue: LinkQueue, step: LinkJobStep, job: LinkJob): void {
  for (const watcher of watchers.get(jobs) ?? []) watcher(queue, step, job);
}
