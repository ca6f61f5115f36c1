// What a page the server rendered (entry-server.tsx, written out by the API's routes/web)
// and the browser's entry (main.tsx) agree on. Kept apart from both, so that neither pulls
// the other's code in.

/** The id of the `<script type="application/json">` holding the page's queries, read before hydrating. */
export const STATE_ELEMENT_ID = 'ssr-state';

/**
 * Set on `<html>` by the server on a page it rendered, removed once the page is hydrated
 * (styles that wait for the app key on it, e.g. the article cards' image fade-in).
 */
export const SSR_ATTRIBUTE = 'data-ssr';
