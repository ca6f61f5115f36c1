/**
 * Issue #29: background work about people's links takes turns between people. Two pieces,
 * used by the link queue (./link-read.ts, services/link-read.ts):
 *
 * - {@link Turns}: the order jobs wait in — start-time fair queuing. Each person has a clock
 *   that each of their jobs advances by {@link TURN_COST}; a job's place is its person's
 *   clock, or the place of the latest job started if that is later (so nobody banks turns
 *   while away), and the job waits with that place as its pg-boss priority (lower place
 *   first). A person who queued 90 jobs at once holds places p…p+89; someone else's one job
 *   gets the place of the job running now, and goes next, not after all ninety. Retries and
 *   jobs put back ({@link InFlight}) take a new place at the back of their person's line.
 * - {@link InFlight}: how many jobs of one person a process's workers run at once. A job
 *   over its person's share is put back (sent again a moment later) instead of holding a
 *   worker, so another person's job always finds one free.
 *
 * The clocks live in the process (no shared row for thirty saves to queue on). Processes
 * sharing a database each keep turns between their own senders, and each follows the places
 * its workers start.
 */

/** Places one job costs its person (any job: a fetch each). */
export const TURN_COST = 1;
/** People's clocks kept before the ones already behind are dropped. */
const CLOCKS_KEPT = 10_000;

/** Per-person places in a job queue's line (see the module comment). */
export class Turns {
  /** Where each person's next job goes. */
  private readonly clocks = new Map<number, number>();
  /** The latest place a worker started: the line's "now". */
  private now = 0;

  /**
   * The next place of `person`'s line. A person with nothing waiting ahead of the line's now
   * (their clock not past it) takes the place of now, half a place ahead of the jobs already
   * waiting there: those are the heads of busy people's lines (at their share, so put back
   * and not moving now on), and a newcomer that tied with them waited behind all of them,
   * a polling interval per worker (issue #29's bench: p50 2 s).
   * @returns pg-boss's `priority` for the job (higher runs first): twice the place, negated,
   *   plus one for a newcomer's half place.
   */
  next(person: number): number {
    const clock = this.clocks.get(person);
    const newcomer = clock === undefined || clock <= this.now;
    const place = newcomer ? this.now : clock;
    if (this.clocks.size >= CLOCKS_KEPT) for (const [p, c] of this.clocks) if (c <= this.now) this.clocks.delete(p);
    this.clocks.set(person, place + TURN_COST);
    return -2 * place + (newcomer ? 1 : 0);
  }

  /** Tells the line that a worker took the job of pg-boss `priority` (the line's "now" moves on to its place). */
  started(priority: number): void {
    this.now = Math.max(this.now, Math.ceil(-priority / 2));
  }
}

/**
 * Jobs running in this process's workers of one queue, by what they hold in common (a
 * person, a host; see the module comment): none may run more than its share at once.
 */
export class InFlight {
  private readonly running = new Map<string, number>();

  /** @param share most jobs running at once with one key. */
  constructor(readonly share: number) {}

  /**
   * Takes a place under every one of `keys` (e.g. `person:7`, `host:example.com`): false,
   * taking none, when any already runs `share` jobs (put the job back).
   */
  tryStart(keys: string[]): boolean {
    if (this.full(keys)) return false;
    for (const k of keys) this.running.set(k, (this.running.get(k) ?? 0) + 1);
    return true;
  }

  /** Whether {@link tryStart} would refuse `keys` now. */
  full(keys: string[]): boolean {
    return keys.some((k) => (this.running.get(k) ?? 0) >= this.share);
  }

  /** Gives back the places a {@link tryStart} took. */
  done(keys: string[]): void {
    for (const k of keys) {
      const n = (this.running.get(k) ?? 1) - 1;
      if (n > 0) this.running.set(k, n);
      else this.running.delete(k);
    }
  }
}
