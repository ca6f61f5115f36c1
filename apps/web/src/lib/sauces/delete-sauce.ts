import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../call.ts';
import { updateCachedLists } from './get-sauces.ts';
import { sauceKeys } from '../query-keys.ts';
import { invalidateAfterSauceWrite } from './keys.ts';

/**
 * DELETE /archive/sauce/{workspace}/{id} (SPEC §4 Delete saved item): on success the item
 * leaves every cached list at once, then folders and counts reload.
 */
export function useDeleteSauce(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /archive/sauce/:workspace/:id', { params: { workspace: workspaceId, id } }),
    onSuccess: async (_data, id) => {
      updateCachedLists(qc, workspaceId, (page) => ({
        ...page,
        results: page.results.filter((s) => s.id !== id),
        count: Math.max(0, page.count - 1),
      }));
      // A page still showing the source (the editor whose last image was removed) leaves
      // after this: its query is neither refetched nor dropped under it — either would show
      // 'This source does not exist' for a moment (issue #31 item 20) — and goes once unobserved.
      const detail = sauceKeys.detail(workspaceId, id);
      if (!qc.getQueryCache().find({ queryKey: detail, exact: true })?.getObserversCount()) qc.removeQueries({ queryKey: detail });
      await invalidateAfterSauceWrite(qc, workspaceId, detail);
    },
  });
}
