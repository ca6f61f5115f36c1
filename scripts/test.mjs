#!/usr/bin/env node
// `npm test`: typecheck, lint, the unit and API suites (vitest, each API test file on its
// own database), then the browser suite (Playwright in Chromium). Prints one summary line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv[2]; // optional: "api" | "web" | "e2e"
const reports = mkdtempSync(path.join(os.tmpdir(), 'sauce-reports-'));
let passed = 0;
let failed = 0;

function run(title, cmd, args, opts = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  console.log(`  ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

function count(file, kind) {
  try {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    if (kind === 'vitest') {
      passed += j.numPassedTests;
      failed += j.numFailedTests;
    } else {
      passed += j.stats.expected + j.stats.flaky;
      failed += j.stats.unexpected;
    }
  } catch {
    failed += 1; // the suite did not even report
  }
}

function vitest(name, dir) {
  const out = path.join(reports, `${name}.json`);
  const ok = run(`${name} tests`, 'npx', ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile=${out}`]);
  count(out, 'vitest');
  return ok;
}

let ok = true;
if (!only) {
  ok = run('typecheck', 'npm', ['run', 'typecheck']) && ok;
  ok = run('lint', 'npx', ['eslint', '.']) && ok;
  ok = run('docs', 'node', ['scripts/check-docs.mjs']) && ok;
}
if (!only || only === 'unit') {
  ok = vitest('contract', 'packages/contract') && ok;
  ok = vitest('web', 'apps/web') && ok;
  // Issue #20: the browser extension's own tests (its generated types first).
  ok = run('extension types', 'npx', ['wxt', 'prepare', 'apps/extension']) && ok;
  ok = vitest('extension', 'apps/extension') && ok;
}
if (!only || only === 'api' || only === 'unit') ok = vitest('api', 'apps/api') && ok;
if (!only || only === 'e2e') {
  const chromium = await findChromium();
  if (!chromium) {
    console.error(
      '\nNo Chromium found for the browser tests. Install one of:\n' +
        '  - Debian/Ubuntu: sudo apt-get install chromium\n' +
        '  - Playwright’s own: npx playwright install chromium\n' +
        '  - or set CHROMIUM_PATH=/path/to/chromium\n',
    );
    process.exit(1);
  }
  ok = run('web build', 'npm', ['run', 'build', '-w', '@sauce/web']) && ok;
  // Issue #20: extension.spec.ts loads the unpacked extension from apps/extension/dist/chrome.
  ok = run('extension build', 'npm', ['run', 'build:extension']) && ok;
  // Issue #11 item 2: first-load JavaScript per route against its budget, from that build.
  const budgets = run('bundle budgets', 'node', ['scripts/bundle-budget.mjs']);
  if (budgets) passed += 1;
  else failed += 1;
  ok = budgets && ok;
  const out = path.join(reports, 'e2e.json');
  ok =
    run('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    }) && ok;
  count(out, 'playwright');
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
