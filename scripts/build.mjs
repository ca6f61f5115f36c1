#!/usr/bin/env node
// `npm run build` (and so `npm start`): builds the web app (Vite, apps/web/dist) and the API
// (esbuild, apps/api/dist/server.js; issue #11 item 7), each only when something it is built
// from changed since its last build: a file of its workspace, of packages/, or the lockfile
// newer than its output. `--force` builds both regardless.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');
/** Never inputs: outputs, installed packages, test reports. */
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', 'test-results', 'playwright-report', '.vite']);

/** Newest modification time (ms) of the files under `dir`, SKIP excluded; 0 when none. */
function newest(dir) {
  let latest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = path.join(dir, e.name);
    latest = Math.max(latest, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

/** Modification time of `file` (ms), 0 when it does not exist. */
const mtime = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;

const targets = [
  { workspace: '@sauce/web', dir: 'apps/web', output: 'apps/web/dist/index.html' },
  { workspace: '@sauce/api', dir: 'apps/api', output: 'apps/api/dist/server.js' },
];
const shared = Math.max(newest(path.join(root, 'packages')), mtime(path.join(root, 'package-lock.json')));
for (const t of targets) {
  const built = mtime(path.join(root, t.output));
  if (!force && built > Math.max(shared, newest(path.join(root, t.dir)))) {
    console.log(`${t.workspace}: up to date (${t.output})`);
    continue;
  }
  const r = spawnSync('npm', ['run', 'build', '-w', t.workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
