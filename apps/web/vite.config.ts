import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const api = process.env.SAUCE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // Issue #11 item 1: a .br (quality 11) and a .gz (level 9) beside every text file of the
    // build, made once here and sent by the server as the request's accept-encoding prefers.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/, /^\.vite\//] }),
  ],
  server: { proxy: { '/api': api, '/auth': api, '/files': api } },
  // The manifest maps source modules to chunks: scripts/bundle-budget.mjs reads it (issue #11 item 2).
  build: { outDir: 'dist', sourcemap: true, manifest: true },
  test: { environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
});
