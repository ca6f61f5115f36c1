import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Lang } from './lang.ts';

/** A file the page's head asks the browser to fetch at once (issue #11 item 3). */
export interface Preload {
  /** Root-relative (`/assets/…`) or a signed `/files/…` URL. */
  href: string;
  /** `module`: `<link rel="modulepreload">`; `style`: a lazy chunk's stylesheet; `image`: the page's LCP image, fetched first. */
  kind: 'module' | 'style' | 'image';
}

/** One chunk of Vite's build manifest (`apps/web/dist/.vite/manifest.json`, `build.manifest: true`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The lazy modules a page loads first, as the manifest names them (apps/web router.tsx and i18n/index.ts). */
export const PAGE_MODULES = {
  '/intro': 'src/routes/intro/intro-page.tsx',
  '/article': 'src/routes/article/article-page.tsx',
  share: 'src/routes/share/share-page.tsx',
  // Issue #32: a folder shared as a board (apps/web routes/board).
  board: 'src/routes/board/board-page.tsx',
} as const;

/** A page whose lazy chunk the head preloads. */
export type PreloadPage = keyof typeof PAGE_MODULES;

const LANG_MODULES: Record<Lang, string> = { ko: 'src/i18n/ko.ts', en: 'src/i18n/en.ts' };

/** The app's entry in the manifest (index.html), and the script of pages the server renders (apps/web src/boot.ts). */
const APP_ENTRY = 'index.html';
const BOOT_ENTRY = 'src/boot.ts';

/** What a page's head preloads, worked out once from the build's manifest. */
export interface Preloads {
  /** The page's lazy chunk (when `page` is given) and the language's translations, each with the chunks and stylesheets they import that the entry does not. */
  for(lang: Lang, page?: PreloadPage): Preload[];
  /** The boot script of a page the server rendered (`/assets/boot-….js`); null without a manifest or without that entry. */
  boot: string | null;
}

/**
 * Reads `<webDist>/.vite/manifest.json` once and lists, for each page of `PAGE_MODULES`
 * and each language, the files the browser would otherwise find only after the entry
 * script ran (the router's lazy page, then i18n's language chunk): their JS chunks and
 * static imports, and their CSS, leaving out what the entry already loads (index.html
 * preloads those), and the boot script of pages the server renders. Without a manifest
 * (a hand-made test build) nothing is preloaded and no page is rendered on the server.
 * @throws Error when the manifest is unreadable JSON or has no `index.html` entry, or a module of
 *   `PAGE_MODULES` or a language is missing from it (a renamed page must be renamed here too).
 */
export function loadPreloads(webDist: string): Preloads {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return { for: () => [], boot: null };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entry = APP_ENTRY;
  if (!manifest[entry]?.isEntry) throw new Error(`${file} has no entry chunk ${entry}`);

  /** `key` and its static imports, depth first, each once, skipping `skip`. */
  const closure = (key: string, skip: ReadonlySet<string>, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || skip.has(key)) return seen;
    if (!manifest[key]) throw new Error(`${key} is not in ${file}`);
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, skip, seen);
    return seen;
  };
  const loadedByEntry = closure(entry, new Set());
  const entryCss = new Set([...loadedByEntry].flatMap((key) => manifest[key]!.css ?? []));
  const preloadsOf = (module: string): Preload[] => {
    const chunks = [...closure(module, loadedByEntry)].map((key) => manifest[key]!);
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].filter((f) => !entryCss.has(f));
    return [
      ...chunks.map((c): Preload => ({ href: `/${c.file}`, kind: 'module' })),
      ...css.map((f): Preload => ({ href: `/${f}`, kind: 'style' })),
    ];
  };

  const pages = Object.fromEntries(Object.entries(PAGE_MODULES).map(([page, module]) => [page, preloadsOf(module)]));
  const langs = { ko: preloadsOf(LANG_MODULES.ko), en: preloadsOf(LANG_MODULES.en) };
  return {
    boot: manifest[BOOT_ENTRY] ? `/${manifest[BOOT_ENTRY].file}` : null,
    for(lang, page) {
      const all = [...(page ? pages[page]! : []), ...langs[lang]];
      return all.filter((p, i) => all.findIndex((q) => q.href === p.href) === i);
    },
  };
}
