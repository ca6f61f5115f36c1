import type { ImageInput, Sauce, UpdateSauce } from '@sauce/contract/sauces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { sauceKeys } from '../../../lib/query-keys.ts';
import { invalidateAfterSauceWrite } from './keys.ts';

/** POST /archive/sauce/{workspace} body for a text source (zCreateTextSauce). */
export interface CreateTextSauceInput {
  type: 'TEXT';
  title: string;
  textSauce: { text: string; link: string | null };
  tagSet: string[];
  folderSet: number[];
}

/**
 * POST /archive/sauce/{workspace} body for an image source (zCreateImageSauce): images in
 * order, each an upload id with its comments. A new comment's `id` is a key the client
 * chose (string), which its replies name as `parent`.
 */
export interface CreateImageSauceInput {
  type: 'IMAGE';
  title: string;
  imageSauce: ImageInput[];
  tagSet: string[];
  folderSet: number[];
}

export type CreateSauceInput = CreateTextSauceInput | CreateImageSauceInput;

/** PATCH body of an image source: what changed (zUpdateSauce with zImageInput's input shape). */
export interface UpdateImageSauceInput {
  title?: string;
  imageSauce?: ImageInput[];
  tagSet?: string[];
  folderSet?: number[];
}

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
    mutationFn: ({ id, ...body }: (UpdateSauce | UpdateImageSauceInput) & { id: number }) =>
      api<Sauce>(`/archive/sauce/${workspaceId}/${id}`, { method: 'PATCH', body }),
    onSuccess: async (saved) => {
      qc.setQueryData(sauceKeys.detail(workspaceId, saved.id), saved);
      await invalidateAfterSauceWrite(qc, workspaceId);
    },
  });
}
