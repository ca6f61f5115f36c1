import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { SHARE_FILES_FIELD, SHARE_IMAGE_TYPES, SHARE_TARGET_PATH } from './src/lib/share-target.ts';

const api = process.env.SAUCE_API_URL ?? 'http://localhost:3000';

/**
 * Issue #31: the app's first views, whose chunks are grouped by the views that load them
 * (`firstViewGroups`). A view is what a page loads at once: `modules` are its lazy modules,
 * by their source paths or packages, as scripts/bundle-budget.mjs counts them. `tutorial` and
 * `idle` load later (a newcomer's walkthrough; the menus' Radix parts when the browser is
 * first idle) and so are views of their own. `grouped`: the view's lazy modules go into its
 * group too; the public pages' stay chunks of their own, which the manifest names for the
 * server's page heads (apps/api src/web/preload.ts).
 */
const VIEWS: Record<string, { modules: (string | RegExp)[]; grouped: boolean }> = {
  intro: { modules: ['src/routes/intro/intro-page.tsx'], grouped: false },
  article: { modules: ['src/routes/article/article-page.tsx'], grouped: false },
  share: { modules: ['src/routes/share/share-page.tsx'], grouped: false },
  board: { modules: ['src/routes/board/board-page.tsx'], grouped: false },
  // What a signed-in person's header loads on every page: the avatar menu, the search
  // button, the service worker's registration.
  shell: {
    modules: ['src/app/user-menu.tsx', 'src/features/search/components/search-launcher.tsx', /[\\/]node_modules[\\/]workbox-window[\\/]/],
    grouped: true,
  },
  dashboard: { modules: ['src/routes/dashboard/dashboard-page.tsx', 'src/features/folders/components/folder-nav.tsx'], grouped: true },
  tutorial: { modules: ['src/features/tutorial/components/tutorial-walkthrough.tsx'], grouped: true },
  idle: { modules: ['src/components/menu-kit.tsx'], grouped: true },
};

/**
 * lucide-react's index, which re-exports every icon: by the module graph any icon is imported
 * by whatever imports one, so the groups follow an icon from the index only to the modules that
 * import one of its names.
 */
const BARREL = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const FROM_BARREL = /\bfrom\s*["']lucide-react["']/g;

/** The names `code` imports from lucide-react's index (`import { A, B as C }`), or 'all' when it imports it otherwise or cannot be read. */
function namesImported(code: string | null): Set<string> | 'all' {
  if (code === null) return 'all';
  const lists = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].map((m) => m[1]!);
  if (lists.length !== [...code.matchAll(FROM_BARREL)].length) return 'all';
  return new Set(lists.flatMap((list) => list.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!)).filter(Boolean));
}

/**
 * Rolldown's chunk groups for the app's build (issue #31: the dashboard's first load made 64
 * script requests). By default a module goes into a chunk by the set of entries and lazy
 * modules that import it, so the first views' code came in dozens of chunks of a few hundred
 * bytes (an icon, a hook shared by two lazy parts), all loaded together. Here a module
 * statically reachable from main.tsx goes into one `app` chunk, and one reachable from the
 * views of `VIEWS` into one chunk per set of views (with `other` in the set when a lazy module
 * outside them, a dialog or another page, imports it too). A view loads exactly the modules it
 * loaded before, in fewer files. What boot.ts (a public page's one script) imports stays out,
 * so that its first load stays small; what no view loads is chunked as before; and any other
 * lazy module keeps a chunk of its own.
 *
 * A module's dependencies belong to at least the views of the module, so the groups with more
 * views take theirs first (`priority`): a group pulls in no dependency of another.
 */
function firstViewGroups(): Rolldown.CodeSplittingGroup[] {
  const root = import.meta.dirname;
  const viewsOf = (id: string): string[] => {
    const rel = path.relative(root, id).split(path.sep).join('/');
    return Object.keys(VIEWS).filter((view) => VIEWS[view]!.modules.some((m) => (typeof m === 'string' ? rel === m : m.test(id))));
  };
  const boot = path.join(root, 'src/boot.ts');
  const main = path.join(root, 'src/main.tsx');
  const importersOf = (id: string, ctx: Rolldown.ChunkingContext): readonly string[] =>
    (ctx.getModuleInfo(id)?.importers ?? []).flatMap((by) => (BARREL.test(by) ? usersThrough(by, id, ctx) : [by]));
  /** Per module the index re-exports: the names it has there. */
  let exportedAs: Map<string, string[]> | null = null;
  /** Per module importing the index: the names it imports, or 'all' where that cannot be told. */
  const importedNames = new Map<string, Set<string> | 'all'>();
  /** The modules that import one of `id`'s names from the index `barrel`. */
  const usersThrough = (barrel: string, id: string, ctx: Rolldown.ChunkingContext): string[] => {
    const info = ctx.getModuleInfo(barrel);
    exportedAs ??= new Map(
      [...(info?.code ?? '').matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)].map(([, names, from]) => [
        path.resolve(path.dirname(barrel), from!),
        names!.split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!),
      ]),
    );
    const names = exportedAs.get(id) ?? [];
    return (info?.importers ?? []).filter((by) => {
      if (!importedNames.has(by)) importedNames.set(by, namesImported(ctx.getModuleInfo(by)?.code ?? null));
      const imported = importedNames.get(by)!;
      return imported === 'all' || names.some((n) => imported.has(n));
    });
  };
  /** Per module id: what reaches it by static imports (`boot`, `app`, views, `other`). */
  const reached = new Map<string, Set<string>>();
  const reach = (id: string, ctx: Rolldown.ChunkingContext): Set<string> => {
    const known = reached.get(id);
    if (known) return known;
    const found = new Set<string>();
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      const info = ctx.getModuleInfo(at);
      if (!info) continue;
      if (at === boot) found.add('boot');
      else if (at === main) found.add('app');
      else if (info.isEntry || info.dynamicImporters.length > 0) {
        const views = viewsOf(at);
        for (const view of views) found.add(view);
        if (views.length === 0) found.add('other');
      }
      stack.push(...importersOf(at, ctx));
    }
    reached.set(id, found);
    return found;
  };
  /** An entry or a lazy module, which keeps a chunk of its own (but main.tsx and the lazy modules of a `grouped` view). */
  const isEntry = (id: string, ctx: Rolldown.ChunkingContext) => {
    const info = ctx.getModuleInfo(id);
    if (!info || id === main || !(info.isEntry || info.dynamicImporters.length > 0)) return false;
    const views = viewsOf(id);
    return views.length === 0 || views.some((view) => !VIEWS[view]!.grouped);
  };
  const named = (id: string, ctx: Rolldown.ChunkingContext, size: number): string | null => {
    const by = reach(id, ctx);
    if (by.has('boot') || by.has('app') || isEntry(id, ctx)) return null;
    const views = [...Object.keys(VIEWS), 'other'].filter((v) => by.has(v));
    if (views.length === 0 || views.every((v) => v === 'other') || views.length !== size) return null;
    return views.join('-');
  };
  const most = Object.keys(VIEWS).length + 1;
  return [
    // What boot.ts imports (Vite's preload helper), apart, before the app takes it as its dependency.
    { name: (id, ctx) => (reach(id, ctx).has('boot') && id !== boot ? 'preload-helper' : null), priority: most + 2 },
    // main.tsx and what it imports. (Rolldown keeps its runtime helpers in a chunk of their own.)
    { name: (id, ctx) => (reach(id, ctx).has('app') && !reach(id, ctx).has('boot') && !isEntry(id, ctx) ? 'app' : null), priority: most + 1 },
    ...Array.from({ length: most }, (_, i): Rolldown.CodeSplittingGroup => ({ name: (id, ctx) => named(id, ctx, most - i), priority: most - i })),
  ];
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    // React 19 with its own react-dom in the app, the server's renderer (react-dom/server)
    // and the tests (issue #19 item 1).
    react(),
    // Issue #11 item 1: a .br (quality 11) and a .gz (level 9) beside every text file of the
    // build, made once here and sent by the server as the request's accept-encoding prefers
    // (index.html is not sent as it is: the server gives each page its head, routes/web).
    !isSsrBuild && compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/, /^\.vite\//, /^index\.html$/] }),
    // Installable (issue #11 item 9): the manifest, and src/sw.ts built into /sw.js with
    // the build's precache list. Registered by the app itself (features/pwa), no inline script.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // The shell; fonts (a hundred subsets) are cached as used, source maps never.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
      manifest: {
        id: '/',
        name: 'Sauce',
        short_name: 'Sauce',
        description: '팀을 위한 레퍼런스 아카이브 · The reference archive for teams',
        lang: 'ko',
        dir: 'ltr',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        // Design tokens (styles/tokens.css): --color-surface (the header) and --color-bg.
        theme_color: '#ffffff',
        background_color: '#f7f7f8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        share_target: {
          action: SHARE_TARGET_PATH,
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { title: 'title', text: 'text', url: 'url', files: [{ name: SHARE_FILES_FIELD, accept: SHARE_IMAGE_TYPES }] },
        },
      },
    }),
  ],
  server: { proxy: { '/api': api, '/auth': api, '/files': api } },
  // The manifest maps source modules to chunks: scripts/bundle-budget.mjs and the API's
  // page heads read it (issue #11 item 2). Two entries: the app (index.html) and boot.ts,
  // the one script of a page the server rendered, which loads the app on the visitor's
  // first intent. `npm run build` then builds entry-server.tsx for the API into dist-ssr
  // (`--ssr`), with every package bundled in so that only what it uses is loaded, without
  // comments (the source map has them) and every character beyond ASCII escaped: a single one
  // (the Korean of its messages, a dash in a comment) makes V8 hold the renderer's whole source
  // at two bytes a character for as long as the server runs (issue #11 item 7).
  build: isSsrBuild
    ? { outDir: 'dist-ssr', sourcemap: true, rolldownOptions: { output: { charset: 'ascii', comments: false } } }
    : {
        outDir: 'dist',
        sourcemap: true,
        manifest: true,
        rolldownOptions: { input: { index: 'index.html', boot: 'src/boot.ts' }, output: { codeSplitting: { groups: firstViewGroups() } } },
      },
  ssr: { noExternal: true },
  // The renderer bundles its packages in: their production builds, whatever NODE_ENV the
  // server runs with (development builds are slower and check more).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(mode) } : {},
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 15_000,
  },
}));
