/**
 * Runs `fn` when the browser is next idle, and at the latest after `timeoutMs` (default
 * 2,000 ms); where `requestIdleCallback` is missing (Safari), after 200 ms. Used to load what
 * a page does not need for its first view (issue #11 item 2). Returns the cancel.
 */
export function whenIdle(fn: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}
