import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { updateCachedLists } from './get-sauces.ts';
import { sauceKeys } from '../../../lib/query-keys.ts';
import { invalidateAfterSauceWrite } from './keys.ts';

/**
 * DELETE /archive/sauce/{workspace}/{id} (SPEC §4 Delete saved item): on success the item
 * leaves every cached list at once, then folders and counts reload.
 */
export function useDeleteSauce(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`/archive/sauce/${workspaceId}/${id}`, { method: 'DELETE' }),
    onSuccess: async (_data, id) => {
      updateCachedLists(qc, workspaceId, (page) => ({
        ...page,
        results: page.results.filter((s) => s.id !== id),
        count: Math.max(0, page.count - 1),
      }));
      qc.removeQueries({ queryKey: sauceKeys.detail(workspaceId, id) });
      await invalidateAfterSauceWrite(qc, workspaceId);
    },
  });
}
