import type { TagSuggestions } from '@sauce/contract/tags';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { tagKeys } from '../../../lib/query-keys.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';

/** What tags are suggested for: the source's space and what it holds so far. */
export interface SuggestFor {
  workspaceId: number;
  link?: string | null;
  text?: string;
  title?: string;
}

/** How long the source's text must rest before suggestions are asked again, ms. */
const TEXT_DELAY_MS = 800;
/** Characters of the text sent: the start says what it is about. */
const TEXT_CHARS = 4_000;

const NONE: TagSuggestions = { space: [], fromText: [], method: 'none' };

/**
 * Issue #21 item 6: tags to offer under the tag input — the space's most used (starting
 * with what is typed) and words of the source's link page and text — from POST
 * /archive/sauce/{workspace}/tags/suggest, asked once the text rests for 800 ms and the
 * typing for 250 ms. Idle while `enabled` is false; an unexpected answer reads as none.
 */
export function useTagSuggestions(on: SuggestFor | undefined, search: string, enabled: boolean) {
  const text = useDebounced((on?.text ?? '').slice(0, TEXT_CHARS), TEXT_DELAY_MS);
  const title = useDebounced(on?.title ?? '', TEXT_DELAY_MS);
  const typed = useDebounced(search.trim().toLowerCase(), 250);
  const link = on?.link ?? null;
  return useQuery({
    queryKey: [...tagKeys.all, 'suggest', on?.workspaceId ?? 0, link, title, text, typed],
    queryFn: async ({ signal }) => {
      const data = await call('POST /archive/sauce/:workspace/tags/suggest', {
        params: { workspace: on!.workspaceId },
        signal,
        body: { link, text: text || null, title: title || null, search: typed || undefined },
      });
      return data && Array.isArray(data.space) && Array.isArray(data.fromText) ? data : NONE;
    },
    enabled: enabled && !!on,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
