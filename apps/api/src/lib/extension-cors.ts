/**
 * Issue #20: which requests of the browser extension get CORS answers. The extension's pages
 * and service worker call the API from `chrome-extension://<id>` (Chrome, Edge) or
 * `moz-extension://<uuid>` (Firefox), with `Authorization: Bearer` and never cookies.
 */

const EXTENSION_ORIGIN = /^(?:chrome-extension|moz-extension|safari-web-extension):\/\/[A-Za-z0-9-]{1,64}$/;

/** Whether `origin` is a browser extension's. */
export const isExtensionOrigin = (origin: string) => EXTENSION_ORIGIN.test(origin);

/**
 * The API addresses the extension calls (path and query): connecting and revoking its token,
 * the person's profile and spaces, a space's folders and tags, and the capture. Nothing else
 * answers an extension origin.
 */
const EXTENSION_PATHS = [
  /^\/api\/auth\/tokens\/exchange$/,
  /^\/api\/auth\/tokens\/\d{1,10}$/,
  /^\/api\/auth\/profile$/,
  /^\/api\/workspace$/,
  /^\/api\/archive\/folder\/\d{1,10}\/list$/,
  /^\/api\/archive\/sauce\/\d{1,10}\/tags$/,
  /^\/api\/archive\/sauce\/\d{1,10}\/capture$/,
];

/** Whether `url` (path and query) is one the extension calls. */
export function isExtensionApiUrl(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return EXTENSION_PATHS.some((p) => p.test(path));
}
