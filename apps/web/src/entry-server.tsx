// The server's renderer of public pages (issue #11 items 2 and 3): built by `vite build
// --ssr` into apps/web/dist-ssr and loaded by the API on the first public page it serves
// (apps/api src/web/ssr.ts). It renders the very tree the browser hydrates (app/providers
// App, app/router routes), with the page's queries answered by the API in the same process.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { profileQuery } from './lib/session.ts';
import { articlesQuery, categoriesQuery } from './features/articles/api/articles.ts';
import { categoryFromParam } from './features/articles/lib/categories.tsx';
import { sharedSauceQuery } from './lib/sauces/share-sauce.ts';
import { boardQuery } from './features/boards/api/board.ts';
import { files as en } from './i18n/en.ts';
import { bundlesOf, startI18n, type Language } from './i18n/index.ts';
import { files as ko } from './i18n/ko.ts';
import { setServerTransport } from './lib/api.ts';
import { createQueryClient } from './lib/query-client.ts';

/** The id of the element the API writes the page's state into (lib/ssr.ts). */
export { STATE_ELEMENT_ID } from './lib/ssr.ts';

/** One page to render. */
export interface RenderRequest {
  /** Path and query, e.g. '/article?category=2'. */
  url: string;
  lang: Language;
  /** The public origin request URLs are made on (the API's PUBLIC_URL). */
  origin: string;
  /** Answers the page's API calls (`/api/...`) as the API would, for a signed-out visitor. */
  fetch: typeof fetch;
}

/** A rendered page: the markup of `#root`, and the queries it was rendered from. */
export interface Rendered {
  html: string;
  state: DehydratedState;
}

/**
 * What each server-rendered route needs before it renders, by route path: the queries its
 * components read first, with the keys and parameters the components use (so the browser
 * finds them in its cache and renders the same). Routes not named here render no data.
 */
const PREFETCH: Record<string, (qc: QueryClient, params: Record<string, string | undefined>, search: URLSearchParams) => Promise<unknown>> = {
  // ArticlePage: the category and search from the URL; the sidebar's categories.
  article: (qc, _params, search) =>
    Promise.all([
      qc.prefetchQuery(categoriesQuery),
      qc.prefetchInfiniteQuery(
        articlesQuery({ category: categoryFromParam(search.get('category')).id, search: search.get('search')?.trim() ?? '' }),
      ),
    ]),
  'archive/sauce/share/:id': (qc, params) => qc.prefetchQuery(sharedSauceQuery(params.id ?? '')),
  // BoardPage (issue #32): the board's first page; a protected, expired or private one is not
  // rendered here (its query fails), the browser shows its notice.
  'board/:shareId': (qc, params) => qc.prefetchInfiniteQuery(boardQuery(params.shareId ?? '')),
};

const handler = createStaticHandler(routes);
startI18n('en', { ko: bundlesOf(ko), en: bundlesOf(en) });

/** The page being rendered, for the API calls its queries make (several renders may be waiting on theirs at once). */
const current = new AsyncLocalStorage<RenderRequest>();
const page = () => {
  const req = current.getStore();
  if (!req) throw new Error('an API call outside a server render');
  return req;
};
setServerTransport({
  get origin() {
    return page().origin;
  },
  fetch: (input, init) => page().fetch(input, init),
});

/**
 * Renders the page at `req.url` as a signed-out visitor sees it, in `req.lang`.
 * @returns null when the page is not one to render here: a redirect, or a query that did
 *   not succeed (an unknown or private share; the browser renders those itself).
 * @throws Error when rendering throws (a component that cannot run on the server).
 */
export function render(req: RenderRequest): Promise<Rendered | null> {
  return current.run(req, () => renderPage(req));
}

async function renderPage(req: RenderRequest): Promise<Rendered | null> {
  const url = new URL(req.url, req.origin);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;

  const qc = createQueryClient();
  qc.setQueryData(profileQuery.queryKey, null);
  const leaf = context.matches.at(-1)!;
  await PREFETCH[leaf.route.path ?? '']?.(qc, leaf.params, url.searchParams);
  if (qc.getQueryCache().getAll().some((q) => q.state.status !== 'success')) return null;

  // Rendering is synchronous, so no other page's render runs between here and its end.
  void i18n.changeLanguage(req.lang);
  if (i18n.language !== req.lang) throw new Error(`i18next did not switch to ${req.lang}`);
  const html = renderToString(
    <App client={qc}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </App>,
  );
  const state = dehydrate(qc);
  qc.clear(); // nothing of this page outlives its answer
  return { html, state };
}
