import type { Sauce, UpdateSauce } from '@sauce/contract/sauces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateAfterSauceWrite, sauceKeys } from './keys.ts';

/** POST /archive/sauce/{workspace} body for a text source (zCreateTextSauce). */
export interface CreateTextSauceInput {
  type: 'TEXT';
  title: string;
  textSauce: { text: string; link: string | null };
  tagSet: string[];
  folderSet: number[];
}

/**
 * POST /archive/sauce/{workspace}. The server reads the link's metadata before saving
 * (up to a few seconds). Refreshes lists, folders and workspace counts.
 * @throws ApiError LIMIT_REACHED (422), INVALID_FORMAT (400), FOLDER_NOT_FOUND (404).
 */
export function useCreateSauce(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTextSauceInput) => api<Sauce>(`/archive/sauce/${workspaceId}`, { method: 'POST', body }),
    onSuccess: async (saved) => {
      qc.setQueryData(sauceKeys.detail(workspaceId, saved.id), saved);
      await invalidateAfterSauceWrite(qc, workspaceId);
    },
  });
}

/** PATCH /archive/sauce/{workspace}/{id} (zUpdateSauce: fields present are changed). */
export function useUpdateSauce(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateSauce & { id: number }) =>
      api<Sauce>(`/archive/sauce/${workspaceId}/${id}`, { method: 'PATCH', body }),
    onSuccess: async (saved) => {
      qc.setQueryData(sauceKeys.detail(workspaceId, saved.id), saved);
      await invalidateAfterSauceWrite(qc, workspaceId);
    },
  });
}
