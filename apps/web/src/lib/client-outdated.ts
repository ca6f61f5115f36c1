import { useSyncExternalStore } from 'react';

// SPEC §8 'Please update the service' (issue #19 item 8): the API answered 426
// CLIENT_OUTDATED, this page's build is older than the API serves. Kept apart from api.ts
// (which sets it) so that what shows it needs no React in the API client, and the reverse.

let outdated = false;
const listeners = new Set<() => void>();

/** Records that the server asked for a newer client; what shows it (features/pwa) re-renders. */
export function reportClientOutdated(): void {
  if (outdated) return;
  outdated = true;
  for (const l of listeners) l();
}

/** Whether the server said this page is too old to talk to it (false on the server's renderer). */
export function useClientOutdated(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => outdated,
    () => false,
  );
}
