import type { Sauce } from '@sauce/contract/sauces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { sauceKeys } from '../../../lib/query-keys.ts';
import { invalidateAfterSauceWrite } from '../../../lib/sauces/keys.ts';

/**
 * POST /archive/sauce/{workspace}/{id}/preview (issue #23): reads a text source's link
 * preview again after it failed. Answers the source with its preview pending; the preview
 * lands through the space's live events.
 * @throws ApiError INVALID_FORMAT (400) for a source without a link; 404 when it is gone.
 */
export function refreshPreview(workspaceId: number, id: number): Promise<Sauce> {
  return call('POST /archive/sauce/:workspace/:id/preview', { params: { workspace: workspaceId, id } });
}

/** Asks for a source's preview again; the source's cached copy and the lists follow. */
export function useRefreshPreview(workspaceId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => refreshPreview(workspaceId, id),
    onSuccess: (sauce) => {
      qc.setQueryData(sauceKeys.detail(workspaceId, id), sauce);
      return invalidateAfterSauceWrite(qc, workspaceId);
    },
  });
}
