import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { servedWebDist, serverDir } from './support';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3217);
/**
 * Browsers at once, each with a server of its own. Set E2E_WORKERS, not `--workers`: the
 * servers are started for this many (a worker beyond them would find no server). One by
 * default: on two cores two browsers, two servers and their databases at once were slower
 * than one (the machine's load went past 15 and tests timed out), so more is for a bigger machine.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
/** The built web app the servers serve (WEB_DIST: a build elsewhere than apps/web/dist, two people testing from one checkout). */
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));

// Playwright loads this file again in each worker, with TEST_PARALLEL_INDEX set (which worker
// slot it is, 0 to workers − 1, kept by a worker started again after a failure). The run's
// folder is made once, by the runner, and the workers inherit it through the environment.
const isRunner = process.env.TEST_PARALLEL_INDEX === undefined;
if (!process.env.E2E_RUN_DIR) {
  process.env.E2E_RUN_DIR = mkdtempSync(path.join(os.tmpdir(), 'sauce-e2e-'));
  chmodSync(process.env.E2E_RUN_DIR, 0o755); // as root, PostgreSQL runs as 'postgres' and must reach it
  const made = process.env.E2E_RUN_DIR;
  process.on('exit', () => rmSync(made, { recursive: true, force: true })); // after the servers stopped
}

if (isRunner && !existsSync(serverDir(0))) {
  for (let i = 0; i < workers; i++) {
    mkdirSync(path.join(serverDir(i), 'data'), { recursive: true });
    chmodSync(serverDir(i), 0o755);
    chmodSync(path.join(serverDir(i), 'data'), 0o755);
    // The renderer of public pages is read beside the build (`<dist>/../dist-ssr`), as `npm run build` puts it.
    if (existsSync(webDist)) cpSync(webDist, servedWebDist(i), { recursive: true });
    const ssr = path.join(path.dirname(webDist), 'dist-ssr');
    if (existsSync(ssr)) cpSync(ssr, path.join(serverDir(i), 'dist-ssr'), { recursive: true });
  }
}

const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * Sign in with Apple, against the stand-in of e2e/apple-provider.ts (issue #31 item 4: a new
 * person's Apple sign-up goes through the terms). Its port sits above the servers' ones.
 */
const APPLE_CLIENT_ID = 'e2e.sauce.web';
const applePort = port + 100;
const appleIssuer = `http://localhost:${applePort}`;

/**
 * Browser tests: the built app in the Chromium `npm test` found (CHROMIUM_PATH), once in
 * Korean and once in English (the projects ko and en).
 *
 * Each worker (E2E_WORKERS, one by default) has a server of its own: its own embedded PostgreSQL (a fresh data dir)
 * and its own copy of the web build, at E2E_PORT + the worker's slot. Every test goes to its
 * worker's server (`baseURL` below), so tests that run at the same time share no database, no
 * notices or articles (both global to a server) and no files: one worker's pwa.spec.ts
 * changing sw.js is no deploy to the other's pages. On one server, as before, tests run one
 * after another, and each makes its own people and data. Tests are spread over the workers
 * one by one (fullyParallel), not file by file.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  fullyParallel: true,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${port + parallelIndex}`,
    // A failed test keeps its trace: each action with the page's DOM before and after, the
    // network and the console. Not the screencast (`screenshots`), a stream of frames that took
    // a fifth of the suite's processor time for tests that pass; a failure's screenshot is kept.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
  // Started one after another: the Apple stand-in, then the servers: the first builds the
  // API (esbuild, what `npm start` runs, a fraction of a second), the others run that build.
  webServer: [
    {
      command: 'npx tsx e2e/apple-provider.ts',
      cwd: root,
      url: `${appleIssuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        APPLE_PROVIDER_PORT: String(applePort),
        APPLE_CLIENT_ID,
        APPLE_REDIRECT_URIS: Array.from({ length: workers }, (_, i) => `http://localhost:${port + i}/auth/apple/callback`).join(','),
      },
    },
    ...Array.from({ length: workers }, (_, i) => ({
      command: i === 0 ? 'node apps/api/build.mjs && node apps/api/dist/server.js' : 'node apps/api/dist/server.js',
      cwd: root,
      url: `http://localhost:${port + i}/api/auth/config`,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
      env: {
        PORT: String(port + i),
        HOST: 'localhost',
        DATA_DIR: path.join(serverDir(i), 'data'),
        METADATA_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '1000',
        WEB_DIST: servedWebDist(i),
        // The administrator the specs sign in as to curate articles and write notices.
        ADMIN_EMAILS: 'e2e-admin@example.com',
        APPLE_CLIENT_ID,
        APPLE_ISSUER: appleIssuer,
        APPLE_JWKS_URL: `${appleIssuer}/jwks`,
        APPLE_AUTHORIZE_URL: `${appleIssuer}/auth`,
      },
    })),
  ],
});
