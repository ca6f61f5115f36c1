import type { Sauce } from '@sauce/contract/sauces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api.ts';
import { call } from '../../../lib/call.ts';
import { invalidateAfterSauceWrite } from '../../../lib/sauces/keys.ts';
import { uploadImage } from '../../../lib/sauces/upload-image.ts';

/** Where a copy goes and how far it is: images copied of all. */
export interface SaveSharedSauce {
  sauce: Sauce;
  workspaceId: number;
  folderSet: number[];
  onProgress?: (done: number, total: number) => void;
}

/** The file of a shared image, fetched from its signed URL (same origin, or the storage it redirects to). */
async function imageFile(url: string, n: number): Promise<File> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  if (!res.ok) throw new ApiError(res.status, 'NOT_FOUND', `image ${n} did not load`);
  const blob = await res.blob();
  const ext = blob.type.split('/')[1]?.replace('jpeg', 'jpg') || 'webp';
  return new File([blob], `image-${n}.${ext}`, { type: blob.type || 'image/webp' });
}

/**
 * Saves a copy of a source someone shared (issue #32, 'Save to Sauce' on a board) into one of
 * the person's spaces and folders, through the calls an editor's save makes: a text source's
 * title, note, link and tags as a new text source; an image source's images (each fetched
 * at display size from the share and uploaded again, in order), title and tags as a new image
 * source. Pins and comments are the sharer's and stay on the board.
 * @returns the new source.
 * @throws ApiError as an upload (413, 415, LIMIT_REACHED 422, VIEWER_CANNOT_UPLOAD 403) or a
 *   save (LIMIT_REACHED 422, FOLDER_NOT_FOUND 404) would, NETWORK when an image did not load.
 */
export async function saveSharedSauce({ sauce, workspaceId, folderSet, onProgress }: SaveSharedSauce): Promise<Sauce> {
  const tagSet = sauce.tagSet.map((tag) => tag.name);
  const params = { workspace: workspaceId };
  if (sauce.type === 'TEXT') {
    const textSauce = { text: sauce.textSauce?.text ?? '', link: sauce.textSauce?.link ?? null };
    return call('POST /archive/sauce/:workspace', { params, body: { type: 'TEXT', title: sauce.title, textSauce, tagSet, folderSet } });
  }
  const images = [...(sauce.imageSauce ?? [])].sort((a, b) => a.order - b.order);
  const uploaded: number[] = [];
  onProgress?.(0, images.length);
  for (const [i, image] of images.entries()) {
    const upload = await uploadImage(workspaceId, await imageFile(image.url, i + 1));
    uploaded.push(upload.id);
    onProgress?.(i + 1, images.length);
  }
  const imageSauce = uploaded.map((id) => ({ id, comments: [] }));
  return call('POST /archive/sauce/:workspace', { params, body: { type: 'IMAGE', title: sauce.title, imageSauce, tagSet, folderSet } });
}

/** {@link saveSharedSauce}, refreshing the space's lists, folders, counts and tags after. */
export function useSaveSharedSauce() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSharedSauce,
    onSuccess: (_saved, { workspaceId }) => invalidateAfterSauceWrite(qc, workspaceId),
  });
}
