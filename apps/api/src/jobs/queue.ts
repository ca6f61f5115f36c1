import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Tx } from '../db/client.ts';

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
  /** Wakes this process's workers of `name` at once, instead of at their next poll (a busy one looks again as soon as its job ends). */
  notify(name: JobName): void;
  /** Jobs waiting to run (created, or to retry), by queue name: the metrics' gauge. */
  waiting(): Promise<Record<string, number>>;
  /** Stops working and waits up to `timeoutMs` for running jobs. */
  stop(timeoutMs?: number): Promise<void>;
}

/** What a job's handler learns of it besides its data. */
export interface JobInfo {
  id: string;
  retryCount: number;
  retryLimit: number;
  priority: number;
}

/** pg-boss's database adapter over a pg pool or client. */
const adapter = (client: Pick<pg.Pool, 'query'>): PgBoss.Db => ({
  executeSql: (text, values) => client.query(text, values),
});

/**
 * The node-postgres client that runs drizzle transaction `tx` (drizzle keeps it as
 * `session.client`), so a job can be inserted in the same transaction.
 */
function clientOf(tx: Tx): Pick<pg.Pool, 'query'> {
  const client = (tx as unknown as { session?: { client?: Pick<pg.Pool, 'query'> } }).session?.client;
  if (!client) throw new Error('Not a drizzle node-postgres transaction');
  return client;
}

/**
 * Starts the job queue on `pool`'s database (creating pg-boss's schema on first use) and
 * returns it. `pollingIntervalSeconds` is how often idle workers look for jobs.
 */
export async function startJobQueue(
  pool: pg.Pool,
  opts: { log?: FastifyBaseLogger; pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({ db: adapter(pool), schema: 'pgboss', supervise: true, schedule: true });
  boss.on('error', (err) => opts.log?.error({ err }, 'job queue error'));
  await boss.start();
  const queues = new Map<string, Promise<void>>();
  /** This process's worker ids, by queue. */
  const workers = new Map<string, string[]>();
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

  return {
    ensureQueue,
    async send(name, data, options = {}) {
      await ensureQueue(name);
      const { tx, ...rest } = options;
      return boss.send(name, data as object, { ...rest, ...(tx ? { db: adapter(clientOf(tx)) } : {}) });
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
        tx ? { db: adapter(clientOf(tx)) } : {},
      );
    },
    async work(name, handler, options = {}) {
      await ensureQueue(name);
      for (let i = 0; i < (options.workers ?? 1); i++) {
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
                const info = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, priority: job.priority };
                if ((await handler(job.data, info)) === 'put-back') putBack++;
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
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
