/// <reference lib="webworker" />
/**
 * The service worker (issue #11 item 9), built by vite-plugin-pwa (injectManifest) into
 * /sw.js, a same-origin file:
 * - the app shell (HTML, scripts, styles, icons, manifest) is precached per build, so the
 *   app opens offline; fonts are cached as they are first used;
 * - pages are fetched from the network first, so the server's current HTML (its head and
 *   its scripts) is what runs; the precached shell answers only when the network cannot;
 * - /api, /files and /auth are never cached nor answered here;
 * - a new build waits until the page says SKIP_WAITING (the 'new version' toast's button),
 *   then takes over and the page reloads;
 * - POST /share-target (the manifest's share target) keeps shared images for the image
 *   page, or sends a shared link on to the text page.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  SHARE_FILES_FIELD,
  SHARE_IMAGE_TYPES,
  SHARE_TARGET_PATH,
  SHARED_IMAGES_PAGE,
  sharedTextQuery,
  stashSharedFiles,
} from './lib/share-target.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Paths that are the server's, never the app shell's. */
const SERVER_PATHS = [/^\/api\//, /^\/files\//, /^\/auth\//, /^\/robots\.txt$/, /^\/sitemap\.xml$/];

// First, before Workbox's routes: the share target is a POST navigation.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== SHARE_TARGET_PATH) return;
  event.respondWith(receiveShare(event.request));
});

async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData();
  const files = form
    .getAll(SHARE_FILES_FIELD)
    .filter((f): f is File => f instanceof File && f.size > 0 && SHARE_IMAGE_TYPES.includes(f.type));
  if (files.length > 0) {
    await stashSharedFiles(files);
    return Response.redirect(SHARED_IMAGES_PAGE, 303);
  }
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const query = sharedTextQuery({ url: field('url'), title: field('title'), text: field('text') });
  return Response.redirect(`/archive/text${query ? `?${query}` : ''}`, 303);
}

// '/' is a page like the others (network first), not the precached index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: SERVER_PATHS },
  ),
);

// Fonts have hashed names: once fetched they never change.
registerRoute(
  ({ request, url }) => request.destination === 'font' && url.origin === self.location.origin,
  new CacheFirst({ cacheName: 'sauce-fonts', plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 365 * 86_400 })] }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
