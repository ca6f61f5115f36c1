import { describe, expect, it } from 'vitest';
import { FairQueue, QueueFullError } from './fair-queue.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('FairQueue', () => {
  it('serves people in turn, not tasks in arrival order', async () => {
    const q = new FairQueue({ concurrency: 1, maxAdmitted: 20, maxPerKey: 10 });
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(name);
      await tick();
    };
    const runs = [
      ...['a1', 'a2', 'a3', 'a4'].map((n) => q.admit('a').run(task(n))),
      q.admit('b').run(task('b1')),
      q.admit('c').run(task('c1')),
      q.admit('b').run(task('b2')),
    ];
    await Promise.all(runs);
    // a1 started at once; then b, c, a, b, a, a in turn.
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('runs at most `concurrency` tasks at once', async () => {
    const q = new FairQueue({ concurrency: 2, maxAdmitted: 10, maxPerKey: 10 });
    let now = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        q.admit(i % 3).run(async () => {
          peak = Math.max(peak, ++now);
          await tick();
          now--;
        }),
      ),
    );
    expect(peak).toBe(2);
  });

  it('bounds tickets in total and per key; releasing makes room', () => {
    const q = new FairQueue({ concurrency: 1, maxAdmitted: 3, maxPerKey: 2 });
    const a1 = q.admit('a');
    q.admit('a');
    expect(() => q.admit('a')).toThrow(new QueueFullError('key'));
    q.admit('b');
    expect(() => q.admit('c')).toThrow(new QueueFullError('total'));
    a1.release();
    a1.release(); // idempotent
    expect(q.size).toBe(2);
    expect(() => q.admit('c')).not.toThrow();
  });

  it('a failing task frees its slot', async () => {
    const q = new FairQueue({ concurrency: 1, maxAdmitted: 5, maxPerKey: 5 });
    await expect(q.admit('a').run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(q.admit('a').run(async () => 'ok')).resolves.toBe('ok');
  });

  it('a key at its running cap waits while another key takes the free slot (issue #29)', async () => {
    const q = new FairQueue({ concurrency: 4, maxAdmitted: 20, maxPerKey: 20, maxRunningPerKey: 2 });
    const hang: (() => void)[] = [];
    const started: string[] = [];
    const slow = (name: string) => () => {
      started.push(name);
      return new Promise<void>((r) => {
        hang.push(() => {
          started.push(`${name} done`);
          r();
        });
      });
    };
    const runs = ['a1', 'a2', 'a3', 'a4'].map((n) => q.admit('dead.example').run(slow(n)));
    await tick();
    expect(started).toEqual(['a1', 'a2']); // two slots stay free
    const quick = q.admit('live.example').run(async () => 'b');
    await expect(quick).resolves.toBe('b');
    hang.shift()!();
    await tick();
    expect(started).toContain('a3');
    while (hang.length > 0) {
      hang.shift()!();
      await tick();
    }
    await Promise.all(runs);
    expect(started.filter((s) => s.endsWith('done'))).toHaveLength(4);
  });
});
