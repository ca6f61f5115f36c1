import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { memoryState, redisState, type SharedState } from './shared-state.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null })
  .connect()
  .then(
    () => true,
    () => false,
  );

async function behaves(state: SharedState) {
  expect(await state.get('a')).toBeNull();
  await state.set('a', 'one', 200);
  expect(await state.get('a')).toBe('one');
  await new Promise((r) => setTimeout(r, 300));
  expect(await state.get('a')).toBeNull();
  const hits = [];
  const over = [];
  for (let i = 0; i < 5; i++) {
    hits.push(await state.hit('k', 3, 60_000));
    over.push(await state.isOver('k', 3, 60_000));
  }
  expect(hits).toEqual([true, true, true, false, false]);
  expect(over).toEqual([false, false, false, true, true]);
  expect(await state.isOver('never', 3, 60_000)).toBe(false);
  expect(await state.hit('other', 3, 60_000)).toBe(true);
}

describe('shared state (issue #9)', () => {
  it('in memory: values expire, windows count', async () => {
    await behaves(memoryState());
  });

  it('in memory: bounded in size, the least recently used values going first', async () => {
    const state = memoryState();
    const big = 'x'.repeat(1024 * 1024); // 1 Mi characters each; the bound is 32 Mi
    await state.set('first', big, 60_000);
    await state.set('kept', big, 60_000);
    for (let i = 0; i < 40; i++) {
      await state.set(`v${i}`, big, 60_000);
      await state.get('kept'); // used all along
    }
    expect(await state.get('first')).toBeNull();
    expect(await state.get('v0')).toBeNull();
    expect(await state.get('kept')).toBe(big);
    expect(await state.get('v39')).toBe(big);
  });

  it.skipIf(!redisUp)('in Redis: the same, and two clients see one another', async () => {
    const prefix = `sauce-test-${randomBytes(4).toString('hex')}:`;
    const [one, two] = [redisState(REDIS_URL, prefix), redisState(REDIS_URL, prefix)];
    try {
      await behaves(one);
      await one.set('shared', 'yes', 5_000);
      expect(await two.get('shared')).toBe('yes');
      expect(await two.hit('k', 3, 60_000)).toBe(false); // 'k' was spent through the first client
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('with Redis unreachable: misses, skipped writes and calls let through, quickly', async () => {
    const down = redisState('redis://127.0.0.1:1', 'x:');
    try {
      const started = Date.now();
      expect(await down.get('a')).toBeNull();
      await down.set('a', 'b', 1000);
      expect(await down.hit('k', 0, 1000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await down.close();
    }
  });
});
