import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Tx } from '../db/client.ts';
import { adapter, addFetchOrderIndex, bookkeepingPool, clientOf } from './queue-db.ts';
import { DeferredJobs } from './queue-defer.ts';

/**
 * Payloads of the background jobs, by queue name. Each feature adds its own queues by
 * declaration merging, next to the code that sends and works them:
 *
 * ```ts
 * declare module '../jobs/queue.ts' {
 *   interface JobPayloads { 'article-summary': { sauceId: number } }
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}
export type JobName = keyof JobPayloads & string;

/** Retries of a failed job: 5, waiting 10 s, 20 s, 40 s… (pg-boss retryBackoff). */
const DEFAULT_RETRY = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const;
/** A job still running after this long is failed (and retried), seconds. */
const DEFAULT_EXPIRE_S = 5 * 60;

/** Options of one job: pg-boss's, and `tx` to send it inside the caller's transaction. */
export type SendOptions = Omit<PgBoss.SendOptions, 'db'> & {
  /** Sends as part of this transaction: the job exists only if the transaction commits. */
  tx?: Tx;
};

/** One job for {@link JobQueue.insert}: its queue, its data, and pg-boss's options of one job (startAfter in seconds). */
export type JobToInsert = {
  [N in JobName]: {
    name: N;
    data: JobPayloads[N];
    options: Pick<PgBoss.SendOptions, 'singletonKey' | 'priority' | 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds'> & {
      startAfter?: number;
    };
  };
}[JobName];

/**
 * Background jobs kept in PostgreSQL (pg-boss, schema `pgboss` of the app's own database:
 * no other server to run). Jobs survive restarts, are retried with backoff, and are worked
 * by whichever API process fetches them first.
 */
export interface JobQueue {
  /**
   * Queues a job. @returns its id, or null when a singleton key made it a duplicate.
   */
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<string | null>;
  /**
   * Queues several jobs, of any queues, in one statement (pg-boss insert: one round trip),
   * inside `tx` when given. A job whose singleton key is already waiting is dropped.
   */
  insert(jobs: readonly JobToInsert[], tx?: Tx): Promise<void>;
  /**
   * Queues jobs later, without making the caller wait (issue #29: a save's link jobs, after it
   * committed): once `ready` resolves (e.g. the requests in flight eased), they are inserted
   * with every job deferred meanwhile (./queue-defer.ts: 1,000 a statement), then `then` is
   * called (wake the workers). Jobs of a process that died first are lost, as are those of an
   * insert that failed (logged): whoever defers has a sweep that queues them again from its
   * own rows.
   */
  defer(jobs: readonly JobToInsert[], opts?: { ready?: () => Promise<void>; then?: () => void }): void;
  /** Inserts the jobs {@link defer}red now, without waiting for their `ready`; runDue, runUntilIdle and stop call it first. */
  flush(): Promise<void>;
  /**
   * Works queue `name` in this process: `handler` gets one job's data; a throw fails the job
   * (retried as its options say). `batchSize` jobs are fetched at a time, and the queue is
   * polled every `pollingIntervalSeconds` (default 2). A worker that found jobs looks again
   * at once, unless `handler` answered 'put-back' for every one (it sent them again for
   * later, issue #29): then it waits its polling interval, so putting back stays cheap.
   */
  work<N extends JobName>(
    name: N,
    /** `retryCount`: retries already made (0 on the first attempt); `retryLimit`: retries allowed; `priority`: the job's. */
    handler: (data: JobPayloads[N], job: JobInfo) => Promise<void | 'put-back'>,
    /** `workers`: how many jobs of the queue this process runs at once (default 1). */
    options?: { batchSize?: number; pollingIntervalSeconds?: number; workers?: number },
  ): Promise<void>;
  /** Sends `data` to `name` on a cron schedule (UTC), once across all processes, with `options` for each job. */
  schedule<N extends JobName>(name: N, cron: string, data: JobPayloads[N], options?: Omit<PgBoss.SendOptions, 'db'>): Promise<void>;
  /**
   * Creates queue `name` if missing (send and work do it themselves, with pg-boss's standard
   * policy). `policy` 'short' keeps one job of a `singletonKey` waiting at a time (a second
   * send while it waits is dropped, answered null); call this before the queue's first send.
   */
  ensureQueue(name: JobName, options?: { policy?: PgBoss.QueuePolicy }): Promise<void>;
  /**
   * Runs, in this process, the jobs of queue `name` that are due now, through the handler its
   * {@link work} registered, and completes or fails each as a worker would: a throw (or a run
   * past the job's expiry) fails it, retried as its options say; 'put-back' completes it (the
   * handler sent it again). Jobs that become due meanwhile (sent by a handler, a retry) wait
   * for the next call. Tests drive a queue that does not poll ({@link startJobQueue} `poll:
   * false`) with it, instead of waiting for a poll.
   * @throws Error when no handler works `name` in this process.
   */
  runDue(name: JobName, options?: RunDueOptions): Promise<RunReport>;
  /**
   * {@link runDue} on each of `names` (default: every queue worked in this process), again and
   * again, until a round finds no due job. @throws Error after `maxRounds` rounds (default 50)
   * that all found some: jobs that keep sending due jobs.
   */
  runUntilIdle(names?: readonly JobName[], options?: RunDueOptions & { maxRounds?: number }): Promise<RunReport>;
  /** Wakes this process's workers of `name` at once, instead of at their next poll (a busy one looks again as soon as its job ends). */
  notify(name: JobName): void;
  /** Jobs waiting to run (created, or to retry), by queue name: the metrics' gauge. */
  waiting(): Promise<Record<string, number>>;
  /** Stops working and waits up to `timeoutMs` for running jobs. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Options of {@link JobQueue.runDue}. */
export interface RunDueOptions {
  /**
   * Also runs the jobs due within this many seconds (their start brought to now): a retry's
   * or a put-back's wait, a delayed job, without sleeping through it. Default 0.
   */
  withinS?: number;
  /** Jobs run at once; default the queue's `workers` (as this process's workers would). */
  concurrency?: number;
  /** Most jobs taken; default 1,000. */
  limit?: number;
}

/** What {@link JobQueue.runDue} ran. */
export interface RunReport {
  /** The jobs run, in the order they were taken (pg-boss's: priority, then age). */
  ids: string[];
  /** Jobs whose handler returned. */
  completed: number;
  /** Of those, the ones it answered 'put-back' for (sent again for later). */
  putBack: number;
  /** Jobs whose handler threw or ran past the job's expiry (retried if their retries last), and why. */
  failed: number;
  errors: unknown[];
}

const emptyReport = (): RunReport => ({ ids: [], completed: 0, putBack: 0, failed: 0, errors: [] });
const addReport = (into: RunReport, r: RunReport) => {
  into.ids.push(...r.ids);
  into.completed += r.completed;
  into.putBack += r.putBack;
  into.failed += r.failed;
  into.errors.push(...r.errors);
};

/** Rejects after `seconds` (pg-boss fails a job whose handler runs past its expiry the same way). */
async function withinSeconds<T>(run: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    const ms = Math.max(1, seconds) * 1000;
    timer = setTimeout(() => reject(new Error(`handler execution exceeded ${ms}ms`)), ms);
  });
  try {
    return await Promise.race([run, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a job's handler learns of it besides its data. */
export interface JobInfo {
  id: string;
  retryCount: number;
  retryLimit: number;
  priority: number;
}

/** A handler as {@link JobQueue.work} takes it, for any queue. */
type AnyHandler = (data: never, job: JobInfo) => Promise<void | 'put-back'>;

/**
 * Starts the job queue on `pool`'s database (creating pg-boss's schema on first use) and
 * returns it. `pollingIntervalSeconds` is how often idle workers look for jobs. With `poll`
 * false (tests), `work` only registers its handler: no worker looks for jobs, and jobs run
 * when {@link JobQueue.runDue} is called.
 */
export async function startJobQueue(
  pool: pg.Pool,
  opts: { log?: FastifyBaseLogger; pollingIntervalSeconds?: number; poll?: boolean } = {},
): Promise<JobQueue> {
  const poll = opts.poll ?? true;
  const bookkeeping = bookkeepingPool(pool);
  const boss = new PgBoss({ db: adapter(bookkeeping), schema: 'pgboss', supervise: true, schedule: true });
  boss.on('error', (err) => opts.log?.error({ err }, 'job queue error'));
  try {
    await boss.start();
    await addFetchOrderIndex(pool);
  } catch (e) {
    await bookkeeping.end();
    throw e;
  }
  /** Where a send outside a transaction is written: `pool`, committed to disk before it answers. */
  const durable = adapter(pool);
  const queues = new Map<string, Promise<void>>();
  /** This process's worker ids, by queue. */
  const workers = new Map<string, string[]>();
  /** The handler of each queue worked in this process, and how many jobs of it run at once. */
  const handlers = new Map<string, { handler: AnyHandler; workers: number }>();
  /** Calls of {@link JobQueue.runDue} under way, and the jobs they took and have not ended (by id: their queue): stop() waits for them, then fails those left. */
  const calls = new Set<Promise<unknown>>();
  const taken = new Map<string, string>();
  /** stop() was called; and its wait for runDue's jobs is over (those left are failed). */
  let stopping = false;
  let stopped = false;
  const ensureQueue = (name: string, options: { policy?: PgBoss.QueuePolicy } = {}) => {
    let q = queues.get(name);
    if (!q) {
      q = boss.createQueue(name, { name, ...DEFAULT_RETRY, expireInSeconds: DEFAULT_EXPIRE_S, ...options }).catch((err: unknown) => {
        queues.delete(name);
        throw err;
      });
      queues.set(name, q);
    }
    return q;
  };
  const deferred = new DeferredJobs((jobs) => queue.insert(jobs), opts.log);
  const infoOf = (job: PgBoss.JobWithMetadata<unknown>): JobInfo => ({ id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, priority: job.priority });

  /** Runs one job taken by runDue as pg-boss's worker would (manager.js watch: complete, or fail on a throw or past its expiry). */
  async function runOne(name: string, handler: AnyHandler, job: PgBoss.JobWithMetadata<unknown>, report: RunReport) {
    report.ids.push(job.id);
    let outcome: void | 'put-back' | undefined;
    let failure: { err: unknown } | null = null;
    try {
      outcome = await withinSeconds(handler(job.data as never, infoOf(job)), Number(job.expireInSeconds));
    } catch (err) {
      failure = { err };
    }
    // A job still running when the queue stopped was failed by stop(), as pg-boss fails its workers' jobs.
    if (stopped) return;
    taken.delete(job.id);
    if (failure) {
      report.failed++;
      report.errors.push(failure.err);
      await boss.fail(name, job.id, failure.err as object);
    } else {
      report.completed++;
      if (outcome === 'put-back') report.putBack++;
      await boss.complete(name, job.id);
    }
  }

  const queue: JobQueue = {
    ensureQueue,
    async send(name, data, options = {}) {
      await ensureQueue(name);
      const { tx, ...rest } = options;
      return boss.send(name, data as object, { ...rest, db: tx ? adapter(clientOf(tx)) : durable });
    },
    async insert(jobs, tx) {
      if (jobs.length === 0) return;
      // pg-boss's insert drops a job of a queue that does not exist yet: make them first.
      await Promise.all([...new Set(jobs.map((j) => j.name))].map((name) => ensureQueue(name)));
      await boss.insert(
        jobs.map(({ name, data, options: { startAfter, ...rest } }) => ({
          name,
          data: data as object,
          ...rest,
          ...(startAfter ? { startAfter: String(startAfter) } : {}),
        })) as PgBoss.JobInsert[],
        { db: tx ? adapter(clientOf(tx)) : durable },
      );
    },
    defer: (jobs, options) => deferred.add(jobs, options),
    flush: () => deferred.flush(),
    async work(name, handler, options = {}) {
      await ensureQueue(name);
      const count = options.workers ?? 1;
      handlers.set(name, { handler: handler as AnyHandler, workers: count });
      if (!poll) return;
      for (let i = 0; i < count; i++) {
        let id = '';
        id = await boss.work<JobPayloads[typeof name]>(
          name,
          {
            batchSize: options.batchSize ?? 1,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? opts.pollingIntervalSeconds ?? 2,
            includeMetadata: true,
          },
          async (jobs) => {
            let putBack = 0;
            try {
              for (const job of jobs) {
                if ((await handler(job.data, infoOf(job))) === 'put-back') putBack++;
              }
            } finally {
              // pg-boss waits a polling interval after every fetch, even one that found work;
              // a worker that worked a job looks again at once, so a backlog drains at the
              // workers' pace rather than one batch per interval (issue #23).
              if (jobs.length > putBack) boss.notifyWorker(id);
            }
          },
        );
        workers.set(name, [...(workers.get(name) ?? []), id]);
      }
    },
    async runDue(name, options = {}) {
      if (stopping) throw new Error('The job queue is stopped');
      await queue.flush();
      const worked = handlers.get(name);
      if (!worked) throw new Error(`No handler works queue ${name} in this process`);
      const report = emptyReport();
      const call = (async () => {
        if (options.withinS) {
          await pool.query(
            `UPDATE pgboss.job SET start_after = now() - interval '1 millisecond'
             WHERE name = $1 AND state < 'active' AND start_after < now() + make_interval(secs => $2)`,
            [name, options.withinS],
          );
        }
        // One statement takes every due job, as the workers' fetches would one by one.
        const jobs = await boss.fetch<unknown>(name, { batchSize: options.limit ?? 1000, includeMetadata: true, priority: true });
        // The statement's RETURNING keeps no order: run them in the order single fetches take them.
        jobs.sort((a, b) => b.priority - a.priority || a.createdOn.getTime() - b.createdOn.getTime() || (a.id < b.id ? -1 : 1));
        for (const job of jobs) taken.set(job.id, name);
        let next = 0;
        const slot = async () => {
          // Once stopped, a job not started yet is left to stop(), which fails it.
          while (next < jobs.length && !stopped) await runOne(name, worked.handler, jobs[next++]!, report);
        };
        await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? worked.workers) }, slot));
      })();
      calls.add(call);
      try {
        await call;
      } finally {
        calls.delete(call);
      }
      return report;
    },
    async runUntilIdle(names, options = {}) {
      const { maxRounds = 50, ...each } = options;
      const total = emptyReport();
      for (let round = 0; round < maxRounds; round++) {
        let ran = 0;
        for (const name of names ?? ([...handlers.keys()] as JobName[])) {
          const r = await queue.runDue(name, each);
          ran += r.ids.length;
          addReport(total, r);
        }
        if (ran === 0) return total;
      }
      throw new Error(`Jobs still due after ${maxRounds} rounds of runUntilIdle`);
    },
    async waiting() {
      const { rows } = await pool.query<{ name: string; n: number }>(
        `SELECT name, count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`,
      );
      return Object.fromEntries(rows.map((r) => [r.name, r.n]));
    },
    notify(name) {
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    },
    async schedule(name, cron, data, options = {}) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data as object, { ...options, tz: 'UTC' });
    },
    async stop(timeoutMs = 10_000) {
      stopping = true;
      await queue.flush();
      // Jobs runDue took get the time pg-boss gives its workers' jobs, and are failed after it, as theirs are.
      const settle = async () => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((r) => (timer = setTimeout(r, Math.max(timeoutMs, 1000))));
        await Promise.race([Promise.allSettled([...calls]), timeout]);
        clearTimeout(timer);
        stopped = true;
        const left = [...taken];
        taken.clear();
        for (const [id, name] of left) await boss.fail(name, id, { message: 'pg-boss shut down while active' });
      };
      await Promise.all([settle(), boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false })]);
      if (!bookkeeping.ending) await bookkeeping.end(); // a second stop() finds it ended
    },
  };
  return queue;
}
