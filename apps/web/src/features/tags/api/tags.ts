import { LIMITS } from '@sauce/contract/limits';
import type { Tag } from '@sauce/contract/tags';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { tagKeys } from '../../../lib/query-keys.ts';

export { tagKeys };

/**
 * GET /archive/tag/list with pageSize 100, favorite=false and an optional search
 * (SPEC §7 Tags); favorites come first, then by name.
 */
export const tagsQuery = (search = '') =>
  queryOptions({
    queryKey: [...tagKeys.lists, search.trim().toLowerCase()],
    queryFn: async ({ signal }) =>
      (
        await call('GET /archive/tag/list', {
          signal,
          query: { pageSize: LIMITS.tagPageSize, favorite: 'false', search: search.trim().toLowerCase() || undefined },
        })
      ).results,
  });

/**
 * Issue #31 item 2: GET /archive/sauce/{workspace}/tags/list — the tags of the space's
 * sources matching `search`, the person's favorites first (a team space's filter offers the
 * space's tags, not the person's own). Under the pickers' key, so a favorite flips here too.
 */
export const spaceTagsQuery = (workspaceId: number, search = '') =>
  queryOptions({
    queryKey: [...tagKeys.lists, 'space', workspaceId, search.trim().toLowerCase()],
    queryFn: async ({ signal }) =>
      (
        await call('GET /archive/sauce/:workspace/tags/list', {
          params: { workspace: workspaceId },
          signal,
          query: { pageSize: LIMITS.tagPageSize, favorite: 'false', search: search.trim().toLowerCase() || undefined },
        })
      ).results,
  });

/** The tags of space `workspaceId` matching `search` (all when empty); waits for the space. */
export function useSpaceTags(workspaceId: number | undefined, search = '', enabled = true) {
  return useQuery({ ...spaceTagsQuery(workspaceId ?? 0, search), enabled: enabled && workspaceId !== undefined, placeholderData: keepPreviousData });
}

/** The person's tags matching `search` (all when empty). */
export function useTags(search = '', enabled = true) {
  return useQuery({ ...tagsQuery(search), enabled, placeholderData: keepPreviousData });
}

/**
 * Favorite on/off: POST /archive/tag/favorite {name} or DELETE /archive/tag/favorite/{name}.
 * Optimistic (DESIGN.md): every cached tag list flips at once and is rolled back on error;
 * the caller shows the rollback toast.
 */
export function useToggleTagFavorite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ name, favorite }: { name: string; favorite: boolean }) =>
      favorite
        ? call('POST /archive/tag/favorite', { body: { name } })
        : call('DELETE /archive/tag/favorite/:name', { params: { name } }),
    onMutate: async ({ name, favorite }) => {
      await qc.cancelQueries({ queryKey: tagKeys.lists });
      const previous = qc.getQueriesData<Tag[]>({ queryKey: tagKeys.lists });
      qc.setQueriesData<Tag[]>({ queryKey: tagKeys.lists }, (list) =>
        list?.map((t) => (t.name === name ? { ...t, favorite } : t)),
      );
      return { previous };
    },
    onError: (_e, _v, ctx) => ctx?.previous.forEach(([key, data]) => qc.setQueryData(key, data)),
    onSettled: () => qc.invalidateQueries({ queryKey: tagKeys.lists }),
  });
}
