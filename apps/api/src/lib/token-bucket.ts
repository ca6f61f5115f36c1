/**
 * Per-key token buckets: each key may spend `capacity` tokens at once, refilled at
 * `capacity` per `windowMs` (issue #9: one outbound-fetch budget per person, 60 a minute).
 * Keys idle long enough to be full again are forgotten, so memory stays bounded by the
 * keys active in one window. `now` gives the time in ms (tests pass their own clock).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one token of `key`: true when there was one, false when the budget is spent. */
  take(key: string | number): boolean {
    const k = String(key);
    const now = this.now();
    const rate = this.capacity / this.windowMs;
    const b = this.buckets.get(k) ?? { tokens: this.capacity, at: now };
    const tokens = Math.min(this.capacity, b.tokens + (now - b.at) * rate);
    if (tokens < 1) {
      this.buckets.set(k, { tokens, at: now });
      return false;
    }
    this.buckets.set(k, { tokens: tokens - 1, at: now });
    if (this.buckets.size > 10_000) this.prune(now);
    return true;
  }

  /** Forgets buckets that have refilled completely. */
  private prune(now: number) {
    for (const [k, b] of this.buckets) if (b.tokens + (now - b.at) * (this.capacity / this.windowMs) >= this.capacity) this.buckets.delete(k);
  }
}
