import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { call } from '../../../lib/call.ts';
import { sauceKeys } from '../../../lib/query-keys.ts';

/** How long the link must stay unchanged before the space is asked, ms (typing, pasting). */
export const DUPLICATE_DELAY_MS = 400;

/**
 * Issue #21 item 5: the space's sources already saving `link` (GET
 * /archive/sauce/{workspace}/duplicates, compared after normalisation), leaving out
 * `exclude` (the source being edited); asked once the link has settled for
 * {@link DUPLICATE_DELAY_MS}. Idle without a link; an answer that is not a list reads as none.
 */
export function useDuplicates(workspaceId: number, link: string | null, exclude?: number) {
  const settled = useDebounced(link?.trim() || null, DUPLICATE_DELAY_MS);
  return useQuery({
    queryKey: [...sauceKeys.all(workspaceId), 'duplicates', settled, exclude ?? null],
    queryFn: async ({ signal }) => {
      const data = await call('GET /archive/sauce/:workspace/duplicates', { params: { workspace: workspaceId }, signal, query: { link: settled!, exclude } });
      return Array.isArray(data) ? data : [];
    },
    enabled: !!settled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
