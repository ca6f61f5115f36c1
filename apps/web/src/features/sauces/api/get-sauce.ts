import type { Sauce } from '@sauce/contract/sauces';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { sauceKeys } from '../../../lib/query-keys.ts';

/** GET /archive/sauce/{workspace}/{id}; text sources carry textSauce.link (SPEC §7). */
export const sauceQuery = (workspaceId: number, id: number) =>
  queryOptions({
    queryKey: sauceKeys.detail(workspaceId, id),
    queryFn: ({ signal }) => api<Sauce>(`/archive/sauce/${workspaceId}/${id}`, { signal }),
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
