import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../api.ts';
import { call } from '../call.ts';
import { sauceKeys } from '../query-keys.ts';

/** GET /archive/sauce/{workspace}/{id}; text sources carry textSauce.link (SPEC §7). */
export const sauceQuery = (workspaceId: number, id: number) =>
  queryOptions({
    queryKey: sauceKeys.detail(workspaceId, id),
    queryFn: ({ signal }) => call('GET /archive/sauce/:workspace/:id', { params: { workspace: workspaceId, id }, signal }),
  });

/** One source; disabled until both ids are known. */
export function useSauce(workspaceId: number | undefined, id: number | undefined) {
  return useQuery({
    ...sauceQuery(workspaceId ?? 0, id ?? 0),
    enabled: workspaceId !== undefined && id !== undefined && id > 0,
    // A saved article being summarised (issue #10): read again until the summary is done.
    refetchInterval: (q) => (q.state.data?.summary?.status === 'pending' ? 4_000 : false),
  });
}

/**
 * Issue #31 item 1: the space source `id` is in, asked only once it was not found in the
 * space in view (`missing`): a link to a source names no space. Null when the person is in
 * no space holding it (GET /archive/locate/{id} answered 404).
 */
export function useSauceSpace(id: number, missing: boolean) {
  return useQuery({
    queryKey: ['sauce-space', id],
    enabled: missing,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return (await call('GET /archive/locate/:id', { params: { id }, signal })).workspaceId;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });
}
