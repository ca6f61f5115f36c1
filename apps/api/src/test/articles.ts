import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ARTICLE_CATEGORIES } from '@sauce/contract/articles';
import { insertArticle, type NewArticle } from '../services/articles/articles.ts';
import { canonicalUrl } from '../services/articles/canonical-url.ts';
import type { TestApp } from './build-app.ts';

/** The article page fixtures (test/fixtures/articles/README.md). */
export const ARTICLE_FIXTURES_DIR = path.resolve(import.meta.dirname, 'fixtures/articles');
export const FEED_FIXTURES_DIR = path.resolve(import.meta.dirname, 'fixtures/feeds');

/** A fixture's text. */
export const fixture = (name: string, dir = ARTICLE_FIXTURES_DIR) => readFileSync(path.join(dir, name), 'utf8');

/** A request handler of a {@link serve}d site: answer, or return false for a 404. */
export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => boolean | void;

/** A site on 127.0.0.1 serving `routes` by path; `close` stops it and any request it holds. */
export async function serve(routes: Record<string, Route>) {
  const timers: NodeJS.Timeout[] = [];
  const server = http.createServer((req, res) => {
    const route = routes[req.url!.split('?')[0]!];
    if (!route || route(req, res) === false) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** Keeps a timer to clear on close (a page that never answers). */
    hold: (t: NodeJS.Timeout) => timers.push(t),
    close: () =>
      new Promise<void>((r) => {
        timers.forEach(clearTimeout);
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A handler answering `body` as `type` (HTML by default). */
export const page =
  (body: string | Buffer, type = 'text/html; charset=utf-8'): Route =>
  (_req, res) =>
    void res.writeHead(200, { 'content-type': type }).end(body);

let n = 0;
/** Inserts an article straight into the database; missing fields get defaults. @returns its id. */
export async function buildArticle(t: TestApp, a: Partial<NewArticle> & { category?: number } = {}): Promise<number> {
  const url = a.url ?? `https://example.com/articles/${++n}-${Math.random().toString(36).slice(2)}`;
  const id = await insertArticle(t.db, {
    title: a.title ?? `Article ${n}`,
    url,
    canonicalUrl: a.canonicalUrl ?? canonicalUrl(url),
    publisher: a.publisher ?? 'Example',
    category: a.category ?? ARTICLE_CATEGORIES[0].id,
    tags: a.tags ?? [],
    publishedAt: a.publishedAt ?? null,
    source: a.source ?? 'admin',
    thumbnail: a.thumbnail ?? null,
    description: a.description ?? '',
  });
  if (id === null) throw new Error(`duplicate article ${url}`);
  return id;
}

/** Waits until `check` returns a value other than undefined (polling every 100 ms), at most `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
