import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSY_AT, Foreground, QUIET_MS } from './foreground.ts';

/** `n` requests, each a fresh object as Fastify's are. */
const requests = (n: number) => Array.from({ length: n }, () => ({}));
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('Foreground (issue #29: background link work yields to requests in flight)', () => {
  it('lets background work start at once below BUSY_AT requests in flight', async () => {
    const fg = new Foreground();
    for (const r of requests(BUSY_AT - 1)) fg.enter(r);
    expect(await settled(fg.calm({ maxMs: 60_000 }))).toBe(true);
  });

  describe('on a clock of its own', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
    afterEach(() => vi.useRealTimers());

    it('holds it while BUSY_AT or more are in flight, and lets it go once fewer were for QUIET_MS', async () => {
      const fg = new Foreground();
      const reqs = requests(BUSY_AT);
      for (const r of reqs) fg.enter(r);
      const waiting = fg.calm({ maxMs: 60_000 });
      expect(await settled(waiting)).toBe(false);
      fg.leave(reqs[0]!);
      vi.advanceTimersByTime(QUIET_MS - 1);
      expect(await settled(waiting)).toBe(false);
      vi.advanceTimersByTime(1);
      expect(await settled(waiting)).toBe(true);
      // Quiet since: the next job starts at once.
      expect(await settled(fg.calm({ maxMs: 60_000 }))).toBe(true);
    });

    it('is not let go by a dip shorter than QUIET_MS (a burst answered in a clump, its next requests a moment later)', async () => {
      const fg = new Foreground();
      const reqs = requests(BUSY_AT);
      for (const r of reqs) fg.enter(r);
      const waiting = fg.calm({ maxMs: 60_000 });
      for (let i = 0; i < 5; i++) {
        fg.leave(reqs[0]!);
        vi.advanceTimersByTime(QUIET_MS / 2);
        reqs[0] = {};
        fg.enter(reqs[0]);
        vi.advanceTimersByTime(QUIET_MS);
        expect(await settled(waiting)).toBe(false);
      }
      // A job asking just after a dip waits for the rest of the quiet time too.
      fg.leave(reqs[0]!);
      vi.advanceTimersByTime(QUIET_MS / 2);
      const late = fg.calm({ maxMs: 60_000 });
      expect(await settled(late)).toBe(false);
      vi.advanceTimersByTime(QUIET_MS / 2);
      expect(await settled(waiting)).toBe(true);
      expect(await settled(late)).toBe(true);
    });
  });

  it('holds it no longer than its limit under a steady stream of requests', async () => {
    const fg = new Foreground();
    for (const r of requests(BUSY_AT * 2)) fg.enter(r);
    const started = performance.now();
    await fg.calm({ maxMs: 50 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(fg.busy).toBe(BUSY_AT * 2);
  });

  it('counts a request once however often it enters or leaves (an abort after the answer, a stream that left)', () => {
    const fg = new Foreground();
    const [a, b] = requests(2);
    fg.enter(a!);
    fg.enter(a!);
    fg.enter(b!);
    expect(fg.busy).toBe(2);
    fg.leave(a!);
    fg.leave(a!);
    expect(fg.busy).toBe(1);
  });
});
