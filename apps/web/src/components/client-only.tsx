import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/**
 * Renders `children` in the browser only: not on the server, and on a page rendered there
 * only once hydration is done (hydration uses the server's snapshot, `false`, then
 * renders again with the browser's, `true`), so hydration finds what the server wrote.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useSyncExternalStore(never, () => true, () => false) ? children : null;
}
