import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // Two files at a time even on 2 cores (Vitest's default there is one): most of a file's
    // time is spent waiting on PostgreSQL and timers, so the suite takes 195 s, not 311 s.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
