import type { CreateSauceInput, UpdateSauceInput } from '@sauce/contract/sauces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { sauceKeys } from '../../../lib/query-keys.ts';
import { invalidateAfterSauceWrite } from '../../../lib/sauces/keys.ts';

// Bodies are the contract's (issue #19 item 6): zCreateTextSauce / zCreateImageSauce /
// zUpdateSauce as a client sends them (z.input). An image's new comment's `id` is a key the
// client chose (string), which its replies name as `parent`.
export type { CreateImageSauceInput, CreateSauceInput, CreateTextSauceInput, UpdateSauceInput } from '@sauce/contract/sauces';

/**
 * POST /archive/sauce/{workspace}. The save answers without waiting for the linked site: a text
 * source's preview comes later, from a background job (issue #23). Refreshes lists, folders and
 * workspace counts.
 * @throws ApiError LIMIT_REACHED (422; `details.resource` 'images' or 'comments' for image
 *   sources), NO_IMAGE (400, no image), INVALID_FORMAT (400), FOLDER_NOT_FOUND (404).
 */
export function useCreateSauce(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSauceInput) => call('POST /archive/sauce/:workspace', { params: { workspace: workspaceId }, body }),
    onSuccess: async (saved) => {
      qc.setQueryData(sauceKeys.detail(workspaceId, saved.id), saved);
      await invalidateAfterSauceWrite(qc, workspaceId);
    },
  });
}

/**
 * PATCH /archive/sauce/{workspace}/{id} (zUpdateSauce: fields present are changed;
 * `imageSauce` replaces the whole list, existing images and comments by their ids).
 */
export function useUpdateSauce(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateSauceInput & { id: number }) =>
      call('PATCH /archive/sauce/:workspace/:id', { params: { workspace: workspaceId, id }, body }),
    onSuccess: async (saved) => {
      qc.setQueryData(sauceKeys.detail(workspaceId, saved.id), saved);
      await invalidateAfterSauceWrite(qc, workspaceId);
    },
  });
}
