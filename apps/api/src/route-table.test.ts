import { ENDPOINTS } from '@sauce/contract/endpoints';
import { beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The routes the app registers, read against two rules of issue #30.
 *
 * Item 3: every route of /api is registered from the contract's endpoint table
 * (packages/contract/src/endpoints.ts), and every entry of the table has its route. Routes
 * outside /api (files, saved copies, health, metrics, the web app's pages, Apple's form post
 * to /auth/apple/callback) answer no JSON and are not the table's.
 *
 * Item 5: a route's folder says its path. Every route the app registers is traced
 * to the file that registered it (the stack of Fastify's onRoute hook, which runs inside the
 * `app.get(…)` call), and that file must sit in the folder its path's prefix names below:
 * the longest matching prefix wins. A new prefix needs a line here, and a route filed in
 * another group's folder fails.
 */
const FOLDER_OF_PREFIX: Record<string, string> = {
  '/api/auth/': 'auth',
  '/auth/': 'auth',
  '/api/app/': 'account',
  '/api/account/': 'account',
  '/api/workspace': 'workspaces',
  '/api/archive/folder/': 'folders',
  '/api/board/': 'boards',
  '/api/archive/sauce/': 'sauces',
  '/api/archive/sauce/:workspace/tags': 'tags',
  '/api/archive/tag': 'tags',
  '/api/archive/search': 'sauces',
  '/api/archive/locate/': 'sauces',
  '/api/discovery/': 'discovery',
  '/api/notice': 'notices',
  '/api/metaData/': 'metadata',
  '/api/csp-report': 'csp-report',
  '/files/': 'files',
  '/saved/': 'saved',
  '/healthz': 'health',
  '/readyz': 'health',
  '/metrics': 'metrics',
  '/': 'web',
};

const routes: { method: string; url: string; file: string | null; operationId: string | undefined }[] = [];
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const withRouteFiles = ((...args: unknown[]) => {
    const app = (mod.default as (...a: unknown[]) => import('fastify').FastifyInstance)(...args);
    app.addHook('onRoute', (route) => {
      const frame = new Error().stack!.split('\n').find((line) => line.includes('/src/routes/'));
      const file = frame?.match(/\/src\/routes\/([^:)]+)/)?.[1] ?? null;
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, file, operationId: (route.schema as { operationId?: string } | undefined)?.operationId });
    });
    return app;
  }) as typeof mod.default;
  return { ...mod, default: withRouteFiles };
});

const { buildTestApp } = await import('./test/build-app.ts');

/** The folder (under routes/) that `url`'s longest matching prefix names. */
function folderOf(url: string): string {
  const prefix = Object.keys(FOLDER_OF_PREFIX)
    .filter((p) => url.startsWith(p))
    .sort((a, b) => b.length - a.length)[0]!;
  return FOLDER_OF_PREFIX[prefix]!;
}

beforeAll(async () => {
  await buildTestApp();
});

describe('route folders (issue #30 item 5)', () => {
  it('registers every route of the API from the folder its path prefix names', () => {
    const product = routes.filter((r) => r.file !== null);
    expect(product.length).toBeGreaterThan(100);
    const misfiled = product
      .filter((r) => r.file!.split('/')[0] !== folderOf(r.url))
      .map((r) => `${r.method} ${r.url} is in routes/${r.file}, its prefix says routes/${folderOf(r.url)}/`);
    expect(misfiled).toEqual([]);
  });
});

describe('the endpoint table (issue #30 item 3)', () => {
  it('has a route for every entry, registered from the entry', () => {
    const missing = Object.entries(ENDPOINTS)
      .filter(([key, entry]) => {
        const [method, path] = key.split(' ');
        return !routes.some((r) => r.method === method && r.url === `/api${path}` && r.operationId === entry.operationId);
      })
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it("has an entry for every route of /api (the OpenAPI document's own pages aside)", () => {
    const inTable = new Set(Object.keys(ENDPOINTS));
    const outside = routes
      .filter((r) => r.file !== null && r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${r.url.replace(/^\/api/, '')}`)
      .filter((key) => !inTable.has(key));
    expect(outside).toEqual([]);
  });
});
