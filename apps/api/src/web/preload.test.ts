import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPreloads, PAGE_MODULES } from './preload.ts';

/** A web build directory holding `manifest` as `.vite/manifest.json` (none when undefined). */
function dist(manifest?: object): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sauce-preload-'));
  if (manifest) {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

const chunks = (keys: string[]) => Object.fromEntries(keys.map((k, i) => [k, { file: `assets/c${i}.js`, imports: ['index.html'] }]));
const complete: Record<string, { file: string; isEntry?: boolean; imports?: string[] }> = { 'index.html': { file: 'assets/index.js', isEntry: true }, ...chunks([...Object.values(PAGE_MODULES), 'src/i18n/ko.ts', 'src/i18n/en.ts']) };

describe('loadPreloads (issue #11 item 3)', () => {
  it('preloads nothing for a build without a manifest', () => {
    expect(loadPreloads(dist()).for('ko', '/intro')).toEqual([]);
  });

  it('lists each file once, even when a page and its language share a chunk', () => {
    const manifest = structuredClone(complete);
    manifest['src/i18n/en.ts']!.imports = ['index.html', 'src/routes/intro/intro-page.tsx'];
    const [intro, en] = [manifest['src/routes/intro/intro-page.tsx']!.file, manifest['src/i18n/en.ts']!.file];
    expect(loadPreloads(dist(manifest)).for('en', '/intro')).toEqual([
      { href: `/${intro}`, kind: 'module' },
      { href: `/${en}`, kind: 'module' },
    ]);
  });

  it('fails at start when a page or a language is missing from the manifest, or there is no entry', () => {
    const { 'src/routes/share/share-page.tsx': _, ...noShare } = complete;
    expect(() => loadPreloads(dist(noShare))).toThrow(/src\/routes\/share\/share-page\.tsx is not in/);
    const { 'index.html': __, ...noEntry } = complete;
    expect(() => loadPreloads(dist(noEntry))).toThrow(/no entry chunk/);
  });
});
