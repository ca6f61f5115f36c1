import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';

/** How long typing must pause before the spaces are searched, ms. */
export const SEARCH_DELAY_MS = 200;
/** Longest search, characters (the API's limit). */
export const SEARCH_MAX = 200;

/** Query keys of the search across spaces (ARCHITECTURE.md: key factories). */
export const searchKeys = {
  all: ['search-everywhere'] as const,
  query: (q: string) => ['search-everywhere', q] as const,
};

/**
 * Issue #21 item 3 (⌘K): GET /archive/search over every space the person belongs to, once
 * typing pauses ({@link SEARCH_DELAY_MS}); idle for an empty search. `settled` is the
 * search the answer is for (empty while typing has not settled).
 */
export function useSearchEverywhere(search: string) {
  const settled = useDebounced(search.trim().slice(0, SEARCH_MAX), SEARCH_DELAY_MS);
  const query = useQuery({
    queryKey: searchKeys.query(settled),
    queryFn: ({ signal }) => call('GET /archive/search', { signal, query: { search: settled } }),
    enabled: settled.length > 0,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
  return { ...query, settled, typing: settled !== search.trim().slice(0, SEARCH_MAX) };
}
