#!/usr/bin/env node
// `npm run build -w @sauce/api`: compiles the server once into dist/server.js (issue #11
// item 7), so that `npm start` runs JavaScript with plain `node` instead of a TypeScript
// loader; the import reader's process into dist/import-worker.js (issue #18), which
// services/import/reader.ts starts from beside dist/server.js; and the page reader's thread
// into dist/page-reader-thread.js (issue #29, lib/page-reader.ts). esbuild bundles the API's own
// sources, the workspace packages (@sauce/*, TypeScript too) and BUNDLED below; every other
// package stays an import of node_modules (native ones such as sharp need their own files, and
// nothing is gained by copying the rest). Data files (migrations, the articles seed, the web build) are
// read from their places in the repository: see src/api-dir.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const dir = import.meta.dirname;
const require = createRequire(import.meta.url);

/**
 * Packages bundled with the server's own code besides the workspace's, each from its ES
 * modules (the package's "module" file), whose unused exports esbuild leaves out: `stopword`
 * holds the words of 60 languages and the server uses two (services/tag-suggestions.ts); the
 * other 58 held 2–3 MB of an idle server (issue #11 item 7, docs/bench.md Memory).
 */
const BUNDLED = { stopword: 'stopword/src/stopword.js' };

/** Bare imports stay external, except the workspace's own TypeScript packages and {@link BUNDLED}. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@sauce/')) return undefined;
      if (Object.hasOwn(BUNDLED, args.path)) return { path: require.resolve(BUNDLED[args.path]) };
      return { path: args.path, external: true };
    });
  },
};

/**
 * The bundle with every character beyond ASCII written as a `\uXXXX` escape (issue #11
 * item 7). esbuild escapes them in strings and templates but leaves them in comments and
 * regular expressions (the article cleaner's Korean and CJK punctuation); a single one makes
 * V8 hold the whole source, which it keeps for as long as the server runs, at two bytes a
 * character instead of one: about 380 KB of an idle server's heap. In a regular expression
 * the escape means the same character (a surrogate pair's two escapes too, with the `u`
 * flag), except right after a backslash, which the build refuses.
 */
const ascii = (text) => {
  if (/\\[^\0-\x7f]/.test(text)) throw new Error('dist/: a character beyond ASCII right after a backslash; write it as \\uXXXX in the source');
  return text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
};

const started = Date.now();
const result = await build({
  entryPoints: {
    server: path.join(dir, 'src/server.ts'),
    'import-worker': path.join(dir, 'src/services/import/worker.ts'),
    'page-reader-thread': path.join(dir, 'src/lib/page-reader-thread.ts'),
  },
  outdir: path.join(dir, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [externalPackages],
  logLevel: 'warning',
  legalComments: 'none',
  write: false,
});
for (const file of result.outputFiles) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(file.path, ascii(file.text));
}
console.log(`API built into ${path.relative(process.cwd(), path.join(dir, 'dist'))}/ (server.js, import-worker.js, page-reader-thread.js) in ${Date.now() - started} ms`);
