#!/usr/bin/env node
// `npm test`: typecheck, lint, the unit and API suites (vitest, each API test file on its
// own database), then the browser suite (Playwright in Chromium). Prints one summary line,
// then each step and test that failed, by name.
//
// Steps that do not need each other run at the same time, so that both cores of a small
// machine work (most steps are one process on one core):
//   1. typecheck  |  lint → docs → contract, web and extension unit tests
//   2. API tests  |  web build → bundle budgets, and the extension build
//   3. browser tests (one browser by default, E2E_WORKERS for more, each with a server of its own:
//      e2e/playwright.config.ts)
// A step that runs beside another keeps its output and prints it whole when it ends; a step
// that runs alone (the browser tests) prints as it goes. Every step runs even when an earlier
// one failed, as before, so one run names every failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv[2]; // optional: "api" | "unit" | "e2e"
const reports = mkdtempSync(path.join(os.tmpdir(), 'sauce-reports-'));
const began = Date.now();
let passed = 0;
let failed = 0;
/** What failed, named: repeated under the summary line so that the end of a long log says which. */
const failures = [];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs `cmd args` in the repository. `live`: its output goes straight to ours; otherwise it is
 * kept and printed in one piece when it ends (it runs beside other steps). Resolves to whether
 * it exited 0.
 */
function run(title, cmd, args, { env = {}, live = false } = {}) {
  const started = Date.now();
  if (live) console.log(`\n▶ ${title}`);
  else console.log(`▷ ${title}: started`);
  return new Promise((resolve) => {
    const colour = !live && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
    const child = spawn(cmd, args, { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...colour, ...env } });
    const out = [];
    child.stdout?.on('data', (b) => out.push(b));
    child.stderr?.on('data', (b) => out.push(b));
    child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code) => {
      const ok = code === 0;
      if (!live) process.stdout.write(`\n▶ ${title}\n${Buffer.concat(out).toString()}`);
      console.log(`  ${title}: ${ok ? 'ok' : 'FAILED'} in ${seconds(started)}`);
      if (!ok) failures.push(`step: ${title}`);
      resolve(ok);
    });
  });
}

/** Runs the steps (functions returning a promise of ok) one after another, every one of them; resolves to whether all passed. */
async function inOrder(...steps) {
  let ok = true;
  for (const step of steps) ok = (await step()) && ok;
  return ok;
}

/** Runs the lanes (functions returning a promise of ok) at the same time; resolves to whether all passed. */
async function together(...lanes) {
  return (await Promise.all(lanes.map((lane) => lane()))).every(Boolean);
}

function count(file, kind) {
  try {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    if (kind === 'vitest') {
      passed += j.numPassedTests;
      failed += j.numFailedTests;
      for (const f of j.testResults) {
        const file = path.relative(root, f.name);
        const tests = f.assertionResults.filter((t) => t.status === 'failed');
        for (const t of tests) failures.push(`${file} › ${t.fullName}`);
        // A file that failed outside its tests (a hook, an import) fails no test of its own.
        if (f.status === 'failed' && tests.length === 0) {
          failed += 1;
          failures.push(`${file}: ${(f.message || 'failed outside its tests').split('\n')[0]}`);
        }
      }
    } else {
      passed += j.stats.expected + j.stats.flaky;
      failed += j.stats.unexpected;
      const walk = (suite) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests) if (t.status === 'unexpected') failures.push(`${spec.file}:${spec.line} › ${spec.title} [${t.projectName}]`);
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of j.suites) walk(suite);
    }
  } catch {
    failed += 1; // the suite did not even report
    failures.push(`${path.basename(file)}: the suite wrote no report`);
  }
}

/** A vitest suite; its figures counted from its JSON report. */
const vitest = (name, dir, opts) => async () => {
  const out = path.join(reports, `${name}.json`);
  const ok = await run(`${name} tests`, 'npx', ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile=${out}`], opts);
  count(out, 'vitest');
  return ok;
};

const unitSuites = [
  vitest('contract', 'packages/contract'),
  vitest('web', 'apps/web'),
  // Issue #20: the browser extension's own tests (its generated types first).
  () => run('extension types', 'npx', ['wxt', 'prepare', 'apps/extension']),
  vitest('extension', 'apps/extension'),
];

/** The web build and its JavaScript budgets (issue #11 item 2: first-load JavaScript per route), and the extension build. */
const builds = () =>
  together(
    () =>
      inOrder(
        () => run('web build', 'npm', ['run', 'build', '-w', '@sauce/web']),
        async () => {
          const ok = await run('bundle budgets', 'node', ['scripts/bundle-budget.mjs']);
          if (ok) passed += 1;
          else failed += 1;
          return ok;
        },
      ),
    // Issue #20: extension.spec.ts loads the unpacked extension from apps/extension/dist/chrome.
    () => run('extension build', 'npm', ['run', 'build:extension']),
  );

async function browserTests(chromium) {
  const out = path.join(reports, 'e2e.json');
  const ok = await run('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    live: true,
    env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  count(out, 'playwright');
  return ok;
}

let chromium = null;
if (!only || only === 'e2e') {
  chromium = await findChromium();
  if (!chromium) {
    console.error(
      '\nNo Chromium found for the browser tests. Install one of:\n' +
        '  - Debian/Ubuntu: sudo apt-get install chromium\n' +
        '  - Playwright’s own: npx playwright install chromium\n' +
        '  - or set CHROMIUM_PATH=/path/to/chromium\n',
    );
    process.exit(1);
  }
}

let ok = true;
if (!only) {
  ok = await together(
    () => run('typecheck', 'npm', ['run', 'typecheck']),
    () =>
      inOrder(
        () => run('lint', 'npx', ['eslint', '.']),
        () => run('docs', 'node', ['scripts/check-docs.mjs']),
        ...unitSuites,
      ),
  );
  ok = (await together(vitest('api', 'apps/api'), builds)) && ok;
  ok = (await browserTests(chromium)) && ok;
} else if (only === 'unit') {
  ok = await inOrder(...unitSuites.map((s) => () => s()), vitest('api', 'apps/api', { live: true }));
} else if (only === 'api') {
  ok = await vitest('api', 'apps/api', { live: true })();
} else if (only === 'e2e') {
  ok = await inOrder(builds, () => browserTests(chromium));
}
console.log(`\n${passed} passed, ${failed} failed in ${seconds(began)}`);
for (const f of failures) console.log(`  ✗ ${f}`);
process.exit(ok && failed === 0 ? 0 : 1);
