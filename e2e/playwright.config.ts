import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3217);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-e2e-'));
chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as 'postgres' and must reach it

/**
 * Browser tests: the built app on the embedded PostgreSQL (a fresh data dir per run), in
 * the Chromium `npm test` found (CHROMIUM_PATH), once in Korean and once in English.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'ko', use: { ...devices['Desktop Chrome'], locale: 'ko-KR', viewport: { width: 1440, height: 900 } } },
    { name: 'en', use: { ...devices['Desktop Chrome'], locale: 'en-US', viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    // What `npm start` runs: the compiled server (esbuild, a fraction of a second to build).
    command: 'node apps/api/build.mjs && node apps/api/dist/server.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://localhost:${port}/api/auth/config`,
    timeout: 60_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      METADATA_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      // A build elsewhere than apps/web/dist (two people testing from one checkout).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      // The administrator the specs sign in as to curate articles and write notices.
      ADMIN_EMAILS: 'e2e-admin@example.com',
    },
  },
});
