import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { SHARE_FILES_FIELD, SHARE_IMAGE_TYPES, SHARE_TARGET_PATH } from './src/lib/share-target.ts';

const api = process.env.SAUCE_API_URL ?? 'http://localhost:3000';

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
  // (`--ssr`), with every package bundled in so that only what it uses is loaded.
  build: isSsrBuild
    ? { outDir: 'dist-ssr', sourcemap: true }
    : { outDir: 'dist', sourcemap: true, manifest: true, rollupOptions: { input: { index: 'index.html', boot: 'src/boot.ts' } } },
  ssr: { noExternal: true },
  // The renderer bundles its packages in: their production builds, whatever NODE_ENV the
  // server runs with (development builds are slower and check more).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(mode) } : {},
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
}));
