/**
 * Issue #29: the requests this process is answering now, so that background work about links
 * (previews, copies: jobs/link-jobs.ts) gives the two cores to the people waiting on an answer
 * first. A link job that starts while {@link BUSY_AT} or more requests are in flight waits
 * until fewer are — at most {@link YIELD_MS}, so a steady stream of requests slows the
 * background down and never stops it. Long-lived answers (event streams) leave the count when
 * they start streaming ({@link Foreground.leave}): they wait on nothing here.
 */

/** Requests in flight from which background link work waits (30 saves at once are; a person clicking around is not). */
export const BUSY_AT = 8;
/** Longest a background job waits for the requests in flight to drop below {@link BUSY_AT}, ms. */
export const YIELD_MS = 2000;

/** This process's requests in flight (one per app). */
export class Foreground {
  private inFlight = 0;
  private readonly counted = new WeakSet<object>();
  private waiters: (() => void)[] = [];

  /** Counts request `req` (any object standing for it, e.g. Fastify's request) until {@link leave}. */
  enter(req: object): void {
    if (this.counted.has(req)) return;
    this.counted.add(req);
    this.inFlight++;
  }

  /** Stops counting `req` (answered, aborted, or streaming from now on); idempotent. */
  leave(req: object): void {
    if (!this.counted.delete(req)) return;
    this.inFlight--;
    if (this.inFlight < BUSY_AT && this.waiters.length) {
      const waiting = this.waiters;
      this.waiters = [];
      for (const wake of waiting) wake();
    }
  }

  /** Requests counted now. */
  get busy(): number {
    return this.inFlight;
  }

  /**
   * Resolves at once while fewer than {@link BUSY_AT} requests are in flight; else calls
   * `onWait` and resolves when they drop below it, or after `maxMs` (default
   * {@link YIELD_MS}), whichever comes first.
   */
  async calm(opts: { onWait?: () => void; maxMs?: number } = {}): Promise<void> {
    if (this.inFlight < BUSY_AT) return;
    opts.onWait?.();
    const maxMs = opts.maxMs ?? YIELD_MS;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve();
      }, maxMs);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push(wake);
    });
  }
}
