#!/usr/bin/env node
// `npm run build:extension`: the extension for Chrome/Edge and for Firefox (both Manifest V3)
// into dist/chrome and dist/firefox, and their store-ready zips into dist/.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
for (const args of [
  ['zip', '-b', 'chrome'],
  ['zip', '-b', 'firefox', '--mv3'],
]) {
  const r = spawnSync('npx', ['wxt', ...args], { cwd: dir, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
