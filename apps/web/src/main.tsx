import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { App } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { listenEarly } from './features/search/early-shortcut.ts';
import { loadI18n } from './i18n/index.ts';
import { queryClient } from './lib/query-client.ts';
import { SSR_ATTRIBUTE, STATE_ELEMENT_ID } from './lib/ssr.ts';
import './styles/global.css';

// Issue #31 item 6: ⌘K pressed while the app loads opens the search once it has.
listenEarly();

const root = document.getElementById('root')!;
const state = document.getElementById(STATE_ELEMENT_ID);

/**
 * Resolves once the app runs: rendered, or hydrated on a page the server rendered (boot.ts
 * then replays a click made while it loaded).
 */
export const started: Promise<void> = state ? hydratePage(state) : renderPage();

/** A page the browser renders: the router starts loading the page's chunk at once, the language meanwhile. */
async function renderPage() {
  const router = createBrowserRouter(routes);
  await loadI18n();
  createRoot(root).render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
}

/**
 * A page the server rendered (apps/api routes/web): takes its queries into the cache, loads
 * its language (`<html lang>`, as the server chose) and the matched routes' modules, then
 * hydrates, so the first render is the server's markup.
 */
async function hydratePage(el: HTMLElement) {
  hydrate(queryClient, JSON.parse(el.textContent || '{}') as DehydratedState);
  const lazy = (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    Object.assign(route, await route.lazy(), { lazy: undefined } satisfies Partial<RouteObject>);
  });
  await Promise.all([loadI18n(document.documentElement.lang === 'ko' ? 'ko' : 'en'), ...lazy]);
  const router = createBrowserRouter(routes);
  await new Promise<void>((resolve) =>
    hydrateRoot(
      root,
      <App>
        <RouterProvider router={router} />
        <Hydrated onDone={resolve} />
      </App>,
    ),
  );
  document.documentElement.removeAttribute(SSR_ATTRIBUTE);
}

/** Calls `onDone` once, after hydration's commit. */
function Hydrated({ onDone }: { onDone(): void }) {
  useEffect(onDone, [onDone]);
  return null;
}
