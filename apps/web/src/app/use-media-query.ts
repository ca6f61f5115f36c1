import { useSyncExternalStore } from 'react';

/** Whether `query` matches, kept up to date. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: below 768px the sidebar is a drawer (DESIGN.md). */
export const PHONE_QUERY = '(max-width: 767px)';
