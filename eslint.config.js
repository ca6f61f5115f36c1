import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = path.join(import.meta.dirname, 'apps/web/src');
/** The web app's features (apps/web/src/features/<name>), read at lint time so a new one is fenced too. */
const features = readdirSync(path.join(webSrc, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * Issue #19 item 4: the web app's layers, outermost first — app (and the entry files) →
 * routes (pages) → features → components / lib / state / i18n. A layer imports only the
 * layers below it, and features are siblings: what several need lives in lib/ or is passed
 * down by the page.
 */
const webLayers = [
  ...['components', 'lib', 'state', 'i18n'].map((below) => ({
    target: `./${below}`,
    from: ['./features', './routes', './app'],
    message: 'components/, lib/, state/ and i18n/ sit below the features: move what is shared here, or pass it down.',
  })),
  {
    target: './features',
    from: ['./routes', './app'],
    message: 'A feature does not reach up into the pages (routes/) or the shell (app/): take it as a prop.',
  },
  { target: './routes', from: ['./app'], message: 'A page does not reach up into the shell (app/).' },
  ...features.map((name) => ({
    target: `./features/${name}`,
    from: './features',
    except: [`./${name}`],
    message: `Features are siblings: '${name}' imports no other feature. Move what both need to lib/ (session, workspaces, plan, sign-in modal…) or let the page pass it down.`,
  })),
];

/**
 * Issue #30 item 5: no fat rooms. A page (apps/web/src/routes) is at most 150 lines, any other
 * source file at most 400 (tests, migrations and fixtures aside). The files over it today are
 * listed in scripts/max-lines.json at their present length, and that list only shrinks: a
 * listed file may not grow, and `sauce/max-lines-allowance` fails a listed file that got
 * shorter (lower its number) or that fits the rule (remove it).
 */
const MAX_LINES = { page: 150, source: 400 };
const sourceFiles = ['apps/*/src/**/*.{ts,tsx}', 'apps/extension/entrypoints/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'];
const notSource = ['**/*.test.{ts,tsx}', '**/test/**', '**/__fixtures__/**', '**/*.d.ts'];
const { '//': _why, ...allowances } = JSON.parse(readFileSync(path.join(import.meta.dirname, 'scripts/max-lines.json'), 'utf8'));
const isPage = (file) => file.startsWith('apps/web/src/routes/');
const lineCount = (text) => text.split(/\r\n|\r|\n/).length - (text.endsWith('\n') ? 1 : 0);
const staleAllowances = Object.keys(allowances).filter((file) => !existsSync(path.join(import.meta.dirname, file)));
if (staleAllowances.length) throw new Error(`scripts/max-lines.json lists files that do not exist: ${staleAllowances.join(', ')}`);
const maxLinesPlugin = {
  rules: {
    'max-lines-allowance': {
      meta: { type: 'suggestion', schema: [], messages: { lower: '{{why}}' } },
      create(context) {
        const file = path.relative(import.meta.dirname, context.filename).split(path.sep).join('/');
        const allowed = allowances[file];
        if (allowed === undefined) return {};
        return {
          Program(node) {
            const lines = lineCount(context.sourceCode.text);
            const limit = isPage(file) ? MAX_LINES.page : MAX_LINES.source;
            const why =
              lines <= limit
                ? `${file} is ${lines} lines, within the rule's ${limit}: remove it from scripts/max-lines.json.`
                : lines < allowed
                  ? `${file} is ${lines} lines: lower its allowance in scripts/max-lines.json from ${allowed} to ${lines} (the list only shrinks).`
                  : null;
            if (why) context.report({ node, loc: { line: 1, column: 0 }, messageId: 'lower', data: { why } });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.wxt/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'apps/api/src/db/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Issue #19 item 5: routes validate, authorize, call a service and present — no SQL; services
  // query and return records — they never present (apps/api/src/presenters).
  {
    files: ['apps/api/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'Routes hold no SQL: put the query in a service.' },
            { name: 'pg', message: 'Routes hold no SQL: put the query in a service.' },
          ],
          patterns: [{ group: ['**/db/schema.ts', '**/db/sql.ts'], message: 'Routes hold no SQL: put the query in a service.' }],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/presenters/*'], message: 'Services return records; routes present them (apps/api/src/presenters).' }] },
      ],
    },
  },
  // Issue #11 item 7: the packages an idle server does without are loaded on first use
  // (`await import()`), never by a static import, which would load them at every start (sharp
  // alone is about 30 MB; docs/bench.md Memory). Types may be imported. ops/ holds the
  // command-line tools (backup, restore), which the server never loads.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**', 'apps/api/src/ops/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['sharp', 'file-type', 'tesseract.js', 'playwright-core', 'cheerio', 'linkedom', '@mozilla/readability', 'rss-parser', 'csv-parse/sync', 'yauzl', 'archiver', 'ioredis', 'prom-client', '@aws-sdk/client-s3'].map(
            (name) => ({ name, allowTypeImports: true, message: `Load ${name} on first use (await import(), as lib/sharp.ts does): a static import loads it at every start.` }),
          ),
        },
      ],
    },
  },
  // Issue #19 item 4: no import loops in either app, through static imports or a lazy
  // import() alike, and the web app's layers (see webLayers). import-x does not count
  // `import type` (erased at build); `npx madge --circular` shows none of those either.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Imports name their files (`./x.ts`) and the tsconfigs map no paths, so import-x's own
      // resolver (unrs-resolver, as eslint-import-resolver-typescript uses) finds them all.
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // The contract never imports the apps, so no loop runs through it: not followed.
      'import-x/ignore': ['/packages/contract/'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: webSrc, zones: webLayers }] },
  },
  // Issue #30 item 3: the web app calls the API through the endpoint table (lib/call.ts), never
  // by a path written by hand: `api` (lib/api.ts) is call's own transport.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/call.ts', '**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api.ts', './api.ts'],
              importNames: ['api'],
              message: "Call the API with call('METHOD /path', …) from lib/call.ts: its path, body and answer come from the contract's endpoint table.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: sourceFiles,
    ignores: notSource,
    plugins: { sauce: maxLinesPlugin },
    rules: { 'max-lines': ['error', { max: MAX_LINES.source }], 'sauce/max-lines-allowance': 'error' },
  },
  { files: ['apps/web/src/routes/**/*.{ts,tsx}'], ignores: notSource, rules: { 'max-lines': ['error', { max: MAX_LINES.page }] } },
  ...Object.entries(allowances).map(([file, max]) => ({ files: [file], rules: { 'max-lines': ['error', { max }] } })),
);
