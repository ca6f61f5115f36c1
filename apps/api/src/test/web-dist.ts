import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A built web app of three files in a new temporary directory, for WEB_DIST: `index.html`
 * (the SPA fallback's page), `assets/app.js` and `favicon.svg`. API tests use it rather than
 * depending on `npm run build` having run.
 */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sauce-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>Sauce</title><script type="module" src="/assets/app.js"></script></head><body></body></html>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1);\n');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}
