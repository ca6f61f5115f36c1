// Issues #11 and #19 item 2: the budget check that `npm test` runs on the web build
// (scripts/bundle-budget.mjs), on a made-up build whose sizes are known.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUDGETS, firstLoadFiles, type Manifest, measure, packageShare } from '../../../../scripts/bundle-budget.mjs';

const script = path.resolve(import.meta.dirname, '../../../../scripts/bundle-budget.mjs');

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  'src/boot.ts': { file: 'assets/boot.js', isEntry: true, imports: ['_helper.js'] },
  '_helper.js': { file: 'assets/helper.js' },
  '_react.js': { file: 'assets/react.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  '_big-abc.js': { file: 'assets/big-abc.js', name: 'big', imports: ['_react.js'] },
  'src/page.tsx': { file: 'assets/page.js', imports: ['_shared.js', 'index.html'] },
  'src/heavy.tsx': { file: 'assets/heavy.js', imports: ['_big-abc.js'] },
};

/** A build in a temporary directory: each file of `manifest` with `sizes[file]` random (incompressible) bytes. */
function fakeBuild(sizes: Record<string, number>) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'sauce-budget-'));
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  const br: Record<string, number> = {};
  for (const { file } of Object.values(manifest)) {
    const bytes = randomBytes(sizes[file] ?? 100);
    writeFileSync(path.join(dist, file), bytes);
    br[file] = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { dist, br };
}

describe('first-load budgets (scripts/bundle-budget.mjs)', () => {
  it('counts the entry, the modules and everything they import statically, each once', () => {
    expect(firstLoadFiles(manifest, 'index.html', ['src/page.tsx']).sort()).toEqual(['assets/index.js', 'assets/page.js', 'assets/react.js', 'assets/shared.js']);
    // A shared chunk by its name.
    expect(firstLoadFiles(manifest, 'index.html', ['big'])).toContain('assets/big-abc.js');
    expect(() => firstLoadFiles(manifest, 'index.html', ['src/renamed-page.tsx'])).toThrow(/src\/renamed-page.tsx is not in the build's manifest/);
    // A server-rendered page starts from the boot entry: the app's chunks are not counted.
    expect(firstLoadFiles(manifest, 'src/boot.ts', []).sort()).toEqual(['assets/boot.js', 'assets/helper.js']);
    expect(() => firstLoadFiles(manifest, 'src/page.tsx', [])).toThrow(/src\/page.tsx is not an entry/);
  });

  it('sums brotli sizes (a .br beside a file is what is sent) and says which route is over its budget', () => {
    const { dist, br } = fakeBuild({ 'assets/big-abc.js': 40 * 1024 });
    writeFileSync(path.join(dist, 'assets/page.js.br'), randomBytes(700)); // the build's own
    const [light, heavy] = measure(dist, [
      { route: '/light', entry: 'index.html', targetKb: 1, kb: 10, modules: ['src/page.tsx'] },
      { route: '/heavy', entry: 'index.html', targetKb: 1, kb: 10, modules: ['src/heavy.tsx'] },
    ]);
    expect(light!.brotliBytes).toBe(br['assets/index.js']! + 700 + br['assets/react.js']! + br['assets/shared.js']!);
    expect(light!.reactBytes).toBe(0); // no source maps
    expect(light!.ok).toBe(true);
    expect(heavy!.brotliBytes).toBeGreaterThan(40 * 1024);
    expect(heavy!.ok).toBe(false);
  });

  it('as a command: prints the table, passes within budget, exits 1 naming the route over it', () => {
    // A build with every module the real budgets name, 2 KB each; then the shared page's 400 KB.
    const run = (pageBytes: number) => {
      const dist = mkdtempSync(path.join(os.tmpdir(), 'sauce-budget-'));
      mkdirSync(path.join(dist, '.vite'));
      mkdirSync(path.join(dist, 'assets'));
      const real: Manifest = { 'index.html': { file: 'assets/index.js', isEntry: true }, 'src/boot.ts': { file: 'assets/boot.js', isEntry: true } };
      for (const [i, m] of [...new Set(BUDGETS.flatMap((b) => [...b.modules, ...(b.idle ?? [])]))].entries()) {
        real[m.startsWith('src/') ? m : `_${m}-x.js`] = { file: `assets/m${i}.js`, name: m };
      }
      writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(real));
      for (const [key, { file }] of Object.entries(real)) {
        writeFileSync(path.join(dist, file), randomBytes(key === 'src/routes/share/share-page.tsx' ? pageBytes : 2048));
      }
      return spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
    };
    const within = run(2048);
    expect(within.status).toBe(0);
    expect(within.stdout).toMatch(/share once hydrated\s+3\s+.*ok/);
    expect(within.stdout).toMatch(/public pages, first load\s+1\s+.*\s80\s+80\s+ok/);
    const over = run(400 * 1024);
    expect(over.status).toBe(1);
    expect(over.stdout).toMatch(/share once hydrated.*OVER BUDGET/);
    expect(over.stdout).toMatch(/\/intro once hydrated\s.*ok/);
    expect(over.stderr).toMatch(/share once hydrated: over the brotli budget/);
    expect(within.stdout).toMatch(/React \(react, react-dom, scheduler\) is 0\.0 KB of the dashboard's/);
  });

  it("attributes a file's characters to packages by its source map", () => {
    // Line 1 'abc' from react-dom; line 2 'def' from the app, then 'gh' from react-dom again.
    const map = { sources: ['../../node_modules/react-dom/cjs/x.js', '../../src/app.tsx'], mappings: 'AAAA;ACAA,GDAA' };
    expect(packageShare('abc\ndefgh', map, ['react-dom'])).toBeCloseTo(5 / 9);
    expect(packageShare('abc\ndefgh', map, ['react'])).toBe(0); // a package's name, not its prefix
    expect(packageShare('abc\ndefgh', null, ['react-dom'])).toBe(0);
  });
});
