/** Why a {@link FairQueue} turned work away. */
export class QueueFullError extends Error {
  constructor(readonly scope: 'total' | 'key') {
    super(scope === 'total' ? 'The queue is full' : 'Too much queued for one key');
  }
}

/** A place in a {@link FairQueue}: run work with it once, then give it back. */
export interface Ticket {
  /** Runs `task` when a slot is free; keys waiting take turns, one task each (round robin). */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the place back (after run settles, or when the work is abandoned). Idempotent. */
  release(): void;
}

/**
 * A bounded, fair line in front of a few slots (issue #9: one image decoded at a time per
 * process, shared fairly between people). Work is admitted with a ticket before its
 * expensive part starts (an upload's body is read only after admission), so both the
 * number of admitted tickets — in total and per key — and the work waiting are bounded.
 * When a slot frees up, the next key in turn goes, not the next task: one person's twenty
 * uploads wait behind one of everyone else's.
 */
export class FairQueue {
  private admitted = 0;
  private readonly admittedByKey = new Map<string, number>();
  /** Waiting tasks by key, keys in order of arrival. */
  private readonly waiting = new Map<string, (() => void)[]>();
  /** Tasks running, by key. */
  private readonly runningByKey = new Map<string, number>();
  /** When each key with work in the queue last started a task (a sequence number). */
  private readonly lastStart = new Map<string, number>();
  private sequence = 0;
  private running = 0;

  constructor(
    private readonly opts: {
      /** Tasks running at once. */
      concurrency: number;
      /** Tickets out at once, in all. */
      maxAdmitted: number;
      /** Tickets out at once for one key. */
      maxPerKey: number;
      /** Tasks of one key running at once (default: all of `concurrency`); a key at it waits while others go. */
      maxRunningPerKey?: number;
    },
  ) {}

  /** Tickets out now (admitted and not released), for metrics and tests. */
  get size(): number {
    return this.admitted;
  }

  /**
   * A place in the line for `key` (a person).
   * @throws QueueFullError when `maxAdmitted` tickets are out ('total') or `maxPerKey` for
   *   this key ('key').
   */
  admit(key: string | number): Ticket {
    const k = String(key);
    const mine = this.admittedByKey.get(k) ?? 0;
    if (this.admitted >= this.opts.maxAdmitted) throw new QueueFullError('total');
    if (mine >= this.opts.maxPerKey) throw new QueueFullError('key');
    this.admitted++;
    this.admittedByKey.set(k, mine + 1);
    let released = false;
    return {
      run: (task) => this.enqueue(k, task),
      release: () => {
        if (released) return;
        released = true;
        this.admitted--;
        const left = (this.admittedByKey.get(k) ?? 1) - 1;
        if (left > 0) this.admittedByKey.set(k, left);
        else this.admittedByKey.delete(k);
      },
    };
  }

  private enqueue<T>(key: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        this.runningByKey.set(key, (this.runningByKey.get(key) ?? 0) + 1);
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            const left = (this.runningByKey.get(key) ?? 1) - 1;
            if (left > 0) this.runningByKey.set(key, left);
            else this.runningByKey.delete(key);
            if (left === 0 && !this.waiting.has(key)) this.lastStart.delete(key);
            this.next();
          });
      };
      const line = this.waiting.get(key);
      if (line) line.push(start);
      else this.waiting.set(key, [start]);
      this.next();
    });
  }

  /**
   * Starts waiting tasks while slots are free. The next task is the oldest waiting one of
   * the key that started a task longest ago (a key new to the queue first), so keys take
   * turns however many tasks each has waiting. A key running `maxRunningPerKey` tasks waits.
   */
  private next() {
    const cap = this.opts.maxRunningPerKey ?? this.opts.concurrency;
    while (this.running < this.opts.concurrency && this.waiting.size > 0) {
      let chosen: string | undefined;
      let oldest = Infinity;
      for (const key of this.waiting.keys()) {
        const last = this.lastStart.get(key) ?? -1;
        if (last < oldest && (this.runningByKey.get(key) ?? 0) < cap) {
          oldest = last;
          chosen = key;
        }
      }
      if (chosen === undefined) break; // every waiting key runs its most
      const line = this.waiting.get(chosen)!;
      const start = line.shift()!;
      if (line.length === 0) this.waiting.delete(chosen);
      this.lastStart.set(chosen, this.sequence++);
      start();
    }
  }
}
