/**
 * Issue #29: the requests this process is answering now, so that background work about links
 * (previews, copies: jobs/link-jobs.ts) gives the two cores to the people waiting on an answer
 * first. A link job that starts while {@link BUSY_AT} or more requests are in flight — or less
 * than {@link QUIET_MS} after they last were — waits until they have been fewer for that long,
 * at most {@link YIELD_MS}, so a steady stream of requests slows the background down and never
 * stops it. Long-lived answers (event streams) leave the count when they start streaming
 * ({@link Foreground.leave}): they wait on nothing here.
 */

/** Requests in flight from which background link work waits (30 saves at once are; a person clicking around is not). */
export const BUSY_AT = 8;
/** Longest a background job waits for the requests in flight to drop below {@link BUSY_AT}, ms. */
export const YIELD_MS = 2000;
/**
 * How long the requests in flight must have stayed below {@link BUSY_AT} before background
 * work goes on, ms. A burst's answers leave in clumps (the database answers several saves at
 * once) and its next requests arrive a moment later: waking on the first dip let every waiting
 * job through dozens of times a second (measured: 45 link jobs a second started during 30
 * saves at once, against the 4 a second of {@link YIELD_MS}).
 */
export const QUIET_MS = 50;

/** This process's requests in flight (one per app). */
export class Foreground {
  private inFlight = 0;
  /** When the requests in flight last dropped below {@link BUSY_AT} (performance.now(), ms). */
  private busyUntil = -Infinity;
  private readonly counted = new WeakSet<object>();
  private waiters: (() => void)[] = [];
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;

  /** Counts request `req` (any object standing for it, e.g. Fastify's request) until {@link leave}. */
  enter(req: object): void {
    if (this.counted.has(req)) return;
    this.counted.add(req);
    this.inFlight++;
  }

  /** Stops counting `req` (answered, aborted, or streaming from now on); idempotent. */
  leave(req: object): void {
    if (!this.counted.delete(req)) return;
    if (this.inFlight-- === BUSY_AT) this.busyUntil = performance.now();
    if (this.inFlight < BUSY_AT) this.wakeWhenQuiet();
  }

  /** Requests counted now. */
  get busy(): number {
    return this.inFlight;
  }

  /** Fewer than {@link BUSY_AT} requests in flight, for {@link QUIET_MS} at least. */
  private quiet(): boolean {
    return this.inFlight < BUSY_AT && performance.now() - this.busyUntil >= QUIET_MS;
  }

  /** Wakes the waiters once the requests in flight stayed below {@link BUSY_AT} for {@link QUIET_MS} (one timer at a time). */
  private wakeWhenQuiet(): void {
    if (!this.waiters.length || this.wakeTimer || this.inFlight >= BUSY_AT) return;
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        if (!this.quiet()) return this.wakeWhenQuiet();
        const waiting = this.waiters;
        this.waiters = [];
        for (const wake of waiting) wake();
      },
      Math.max(0, QUIET_MS - (performance.now() - this.busyUntil)),
    );
    this.wakeTimer.unref?.();
  }

  /**
   * Resolves at once while the requests in flight are quiet (fewer than {@link BUSY_AT}, for
   * {@link QUIET_MS}); else calls `onWait` and resolves once they are, or after `maxMs`
   * (default {@link YIELD_MS}), whichever comes first.
   */
  async calm(opts: { onWait?: () => void; maxMs?: number } = {}): Promise<void> {
    if (this.quiet()) return;
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
      this.wakeWhenQuiet();
    });
  }
}
