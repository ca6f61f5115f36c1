import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // schema-boards.ts (issue #32) beside schema.ts, which is at its line allowance.
  schema: ['./src/db/schema.ts', './src/db/schema-boards.ts'],
  out: './src/db/migrations',
});
