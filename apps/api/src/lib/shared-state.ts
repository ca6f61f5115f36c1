import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * Small state that several API processes must share (issue #9): cached values with a
 * lifetime, and counters of fixed windows for rate limits. Kept in Redis when `REDIS_URL`
 * is set, else in this process's memory (one process needs nothing more). Redis being down
 * never fails a request: a read is a miss, a write is skipped, a counter lets the call through.
 */
export interface SharedState {
  /** The value stored under `key`, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Stores `value` under `key` for `ttlMs`. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Counts one call of `key` in the current window of `windowMs`. @returns true while the
   * window's count is at most `limit`, false beyond it.
   */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** Whether the current window of `windowMs` has counted more than `limit` calls of `key` ({@link hit}), without counting one. */
  isOver(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** The Redis client, when Redis is used (for @fastify/rate-limit), else null. */
  readonly redis: Redis | null;
  close(): Promise<void>;
}

/** Entries the in-memory state keeps at most; the least recently used go first. */
const MEMORY_ENTRIES = 10_000;
/** Characters of cached values the in-memory state keeps at most (≈ 64 MB as UTF-16). */
const MEMORY_VALUE_CHARS = 32 * 1024 * 1024;

/**
 * The shared state of one process alone, in memory: least-recently-used caches
 * (`lru-cache`) bounded in entries and, for values, in size.
 */
export function memoryState(): SharedState {
  const values = new LRUCache<string, string>({
    max: MEMORY_ENTRIES,
    maxSize: MEMORY_VALUE_CHARS,
    sizeCalculation: (value, key) => value.length + key.length,
  });
  const windows = new LRUCache<string, { count: number; start: number }>({ max: MEMORY_ENTRIES });
  return {
    redis: null,
    async get(key) {
      return values.get(key) ?? null;
    },
    async set(key, value, ttlMs) {
      values.set(key, value, { ttl: ttlMs });
    },
    async hit(key, limit, windowMs) {
      const start = Math.floor(Date.now() / windowMs) * windowMs;
      const w = windows.get(key);
      const count = w && w.start === start ? w.count + 1 : 1;
      windows.set(key, { count, start }, { ttl: windowMs });
      return count <= limit;
    },
    async isOver(key, limit, windowMs) {
      const w = windows.get(key);
      return w !== undefined && w.start === Math.floor(Date.now() / windowMs) * windowMs && w.count > limit;
    },
    async close() {},
  };
}

/**
 * The shared state in Redis at `url`, every key under `prefix`. Commands give up after
 * 500 ms (also while waiting for a connection), so a Redis outage costs a request at most
 * that much (`log` hears of errors, once a minute at most).
 */
export function redisState(url: string, prefix: string, log?: { warn(obj: object, msg: string): void }): SharedState {
  // Loaded only with REDIS_URL (about 10 MB of an idle server's memory otherwise, issue #11
  // item 7), and at once: the state is made synchronously.
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const redis = new Redis(url, {
    keyPrefix: prefix,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    connectTimeout: 2_000,
  });
  let warned = 0;
  redis.on('error', (err) => {
    if (Date.now() - warned < 60_000) return;
    warned = Date.now();
    log?.warn({ err }, 'redis unavailable');
  });
  const quiet = async <T>(run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch {
      return fallback;
    }
  };
  return {
    redis,
    get: (key) => quiet(() => redis.get(key), null),
    set: (key, value, ttlMs) => quiet(async () => void (await redis.set(key, value, 'PX', ttlMs)), undefined),
    hit: (key, limit, windowMs) =>
      quiet(async () => {
        const window = `${key}:${Math.floor(Date.now() / windowMs)}`;
        const [[, count]] = (await redis.multi().incr(window).pexpire(window, windowMs).exec()) as [[Error | null, number]];
        return count <= limit;
      }, true),
    isOver: (key, limit, windowMs) =>
      quiet(async () => Number(await redis.get(`${key}:${Math.floor(Date.now() / windowMs)}`)) > limit, false),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis when `redisUrl` is set (config REDIS_URL), else memory. */
export function createSharedState(redisUrl: string | undefined, prefix: string, log?: { warn(obj: object, msg: string): void }): SharedState {
  return redisUrl ? redisState(redisUrl, prefix, log) : memoryState();
}
