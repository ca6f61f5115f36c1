#!/usr/bin/env node
// `npm run build -w @sauce/api`: compiles the server once into dist/server.js (issue #11
// item 7), so that `npm start` runs JavaScript with plain `node` instead of a TypeScript
// loader. esbuild bundles the API's own sources and the workspace packages (@sauce/*,
// TypeScript too); every other package stays an import of node_modules (native ones such as
// sharp need their own files, and nothing is gained by copying the rest). Data files
// (migrations, the articles seed, the web build) are read from their places in the
// repository: see src/api-dir.ts.
import path from 'node:path';
import { build } from 'esbuild';

const dir = import.meta.dirname;

/** Bare imports stay external, except the workspace's own TypeScript packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sauce/') ? undefined : { path: args.path, external: true }));
  },
};

const started = Date.now();
await build({
  entryPoints: [path.join(dir, 'src/server.ts')],
  outfile: path.join(dir, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [externalPackages],
  logLevel: 'warning',
  legalComments: 'none',
});
console.log(`API built into ${path.relative(process.cwd(), path.join(dir, 'dist/server.js'))} in ${Date.now() - started} ms`);
