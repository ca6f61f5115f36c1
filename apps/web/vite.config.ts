import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = process.env.SAUCE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': api, '/auth': api, '/files': api } },
  build: { outDir: 'dist', sourcemap: true },
  test: { environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
});
