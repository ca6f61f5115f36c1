import type { FastifyBaseLogger } from 'fastify';
import type { JobToInsert } from './queue.ts';

/** Most jobs deferred ({@link DeferredJobs}) inserted by one statement. */
export const DEFER_BATCH = 1000;

/**
 * The jobs a job queue was asked to insert later (jobs/queue.ts JobQueue.defer, issue #29):
 * kept in this process until the first waiting one's `ready` resolves, then inserted with
 * every one deferred meanwhile, {@link DEFER_BATCH} a statement, each caller's `then` called
 * once they are in. A statement that fails is logged and the jobs it and the rest of that
 * insert held are dropped (their senders' sweeps queue them again from their own rows).
 */
export class DeferredJobs {
  private waiting: { jobs: readonly JobToInsert[]; then?: () => void }[] = [];
  /** The run inserting them, if any. */
  private inserting: Promise<void> | null = null;
  /** {@link flush} was called: stop waiting for `ready`. */
  private hurry = false;
  private hurried = () => {};

  /** @param insert inserts jobs in one statement (jobs/queue.ts JobQueue.insert). */
  constructor(
    private readonly insert: (jobs: readonly JobToInsert[]) => Promise<void>,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Keeps `jobs` for the next insert, which waits for `ready` (none: at once) unless one is under way. */
  add(jobs: readonly JobToInsert[], { ready, then }: { ready?: () => Promise<void>; then?: () => void } = {}): void {
    if (jobs.length === 0) return;
    this.waiting.push({ jobs, then });
    this.inserting ??= this.run(ready);
  }

  /** Inserts every job kept, now (not waiting for any `ready`), and resolves once they are in. */
  async flush(): Promise<void> {
    this.hurry = true;
    this.hurried();
    try {
      while (this.inserting || this.waiting.length) await (this.inserting ??= this.run());
    } finally {
      this.hurry = false;
    }
  }

  private async run(ready?: () => Promise<void>): Promise<void> {
    try {
      while (this.waiting.length) {
        if (ready && !this.hurry) await Promise.race([ready(), new Promise<void>((r) => (this.hurried = r))]);
        const batch = this.waiting.splice(0);
        const jobs = batch.flatMap((d) => d.jobs);
        try {
          for (let i = 0; i < jobs.length; i += DEFER_BATCH) await this.insert(jobs.slice(i, i + DEFER_BATCH));
          for (const d of batch) d.then?.();
        } catch (err) {
          this.log?.warn({ err, jobs: jobs.length }, 'deferred jobs were not queued; their sweep queues them again');
        }
      }
    } finally {
      this.inserting = null;
    }
  }
}
