import type { CreateSauceInput, Sauce, UpdateSauceInput } from '@sauce/contract/sauces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { sauceKeys } from '../../../lib/query-keys.ts';
import { invalidateAfterSauceWrite } from './keys.ts';

// Bodies are the contract's (issue #19 item 6): zCreateTextSauce / zCreateImageSauce /
// zUpdateSauce as a client sends them (z.input). An image's new comment's `id` is a key the
// client chose (string), which its replies name as `parent`.
export type { CreateImageSauceInput, CreateSauceInput, CreateTextSauceInput, UpdateSauceInput } from '@sauce/contract/sauces';

/**
 * POST /archive/sauce/{workspace}. For a text source the server reads the link's metadata
 * before saving (up to a few seconds). Refreshes lists, folders and workspace counts.
 * @throws ApiError LIMIT_REACHED (422; `details.resource` 'images' or 'comments' for image
 *   sources), NO_IMAGE (400, no image), INVALID_FORMAT (400), FOLDER_NOT_FOUND (404).
 */
export function useCreateSauce(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSauceInput) => api<Sauce>(`/archive/sauce/${workspaceId}`, { method: 'POST', body }),
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
      api<Sauce>(`/archive/sauce/${workspaceId}/${id}`, { method: 'PATCH', body }),
    onSuccess: async (saved) => {
      qc.setQueryData(sauceKeys.detail(workspaceId, saved.id), saved);
      await invalidateAfterSauceWrite(qc, workspaceId);
    },
  });
}
