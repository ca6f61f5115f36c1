import { describe, expect, it } from 'vitest';
import { InFlight, Turns } from './turns.ts';

/** The order pg-boss would run jobs in: higher priority first, then the order sent. */
const order = (jobs: { name: string; priority: number }[]) =>
  jobs.map((j, i) => ({ ...j, i })).sort((a, b) => b.priority - a.priority || a.i - b.i).map((j) => j.name);

describe('Turns (issue #29)', () => {
  it('one person’s 90 jobs do not hold up another’s one: it goes next', () => {
    const turns = new Turns();
    const jobs = Array.from({ length: 90 }, (_, i) => ({ name: `a${i}`, priority: turns.next(1) }));
    // A worker starts a's first three; then b saves.
    for (const j of order(jobs).slice(0, 3)) turns.started(jobs.find((x) => x.name === j)!.priority);
    const waiting = jobs.filter((j) => !['a0', 'a1', 'a2'].includes(j.name));
    waiting.push({ name: 'b0', priority: turns.next(2) });
    expect(order(waiting).indexOf('b0')).toBeLessThanOrEqual(1);
  });

  it('two people saving bursts take turns, and a job sent again goes to the back of its person’s line', () => {
    const turns = new Turns();
    const jobs = [
      ...Array.from({ length: 3 }, (_, i) => ({ name: `a${i}`, priority: turns.next(1) })),
      ...Array.from({ length: 3 }, (_, i) => ({ name: `b${i}`, priority: turns.next(2) })),
    ];
    expect(order(jobs)).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2']);
    turns.started(jobs[0]!.priority);
    jobs.push({ name: 'a0 again', priority: turns.next(1) });
    expect(order(jobs.slice(1)).at(-1)).toBe('a0 again');
  });

  it('nobody banks turns while away: a person back after others ran starts at the line’s now', () => {
    const turns = new Turns();
    for (let i = 0; i < 50; i++) turns.started(turns.next(1));
    const late = turns.next(2);
    const next = turns.next(1);
    expect(late).toBeGreaterThan(next); // b goes before a's next, not 50 places ahead of it
    expect(late - next).toBeLessThanOrEqual(3); // priorities are twice the places: 1.5 places
  });

  it('a newcomer goes before busy people’s jobs waiting at the line’s now, not after all of them', () => {
    const turns = new Turns();
    // Five busy people, each with a line of ten; the workers started each one's first job, and
    // the first person's second: the line's now is the place where the others' heads wait.
    const jobs = [1, 2, 3, 4, 5].flatMap((p) => Array.from({ length: 10 }, (_, i) => ({ name: `p${p}-${i}`, priority: turns.next(p) })));
    const started = ['p1-0', 'p1-1', 'p2-0', 'p3-0', 'p4-0', 'p5-0'];
    for (const name of started) turns.started(jobs.find((j) => j.name === name)!.priority);
    const waiting = jobs.filter((j) => !started.includes(j.name));
    waiting.push({ name: 'newcomer', priority: turns.next(9) });
    expect(order(waiting)[0]).toBe('newcomer');
  });
});

describe('InFlight (issue #29)', () => {
  it('lets one person, and one host, hold at most their share, and gives places back', () => {
    const f = new InFlight(2);
    expect(f.tryStart(['person:1', 'host:a'])).toBe(true);
    expect(f.tryStart(['person:1', 'host:b'])).toBe(true);
    expect(f.tryStart(['person:1', 'host:c'])).toBe(false); // the person's share
    expect(f.tryStart(['person:2', 'host:a'])).toBe(true);
    expect(f.tryStart(['person:3', 'host:a'])).toBe(false); // the host's share
    expect(f.tryStart(['person:3', 'host:c'])).toBe(true); // nothing was taken by the refusal
    f.done(['person:1', 'host:a']);
    expect(f.tryStart(['person:1', 'host:a'])).toBe(true);
  });
});
