import type { UploadedImage } from '@sauce/contract/sauces';
import { call } from '../../../lib/call.ts';

/**
 * GET /archive/sauce/{workspace}/image/upload?id=1&id=2: the caller's own uploads not yet
 * saved into a source, with fresh signed URLs (stored URLs expire after a day or two).
 * Uploads that are gone or not the caller's are left out of the answer; no ids, no call.
 */
export function getUploads(workspaceId: number, ids: readonly number[], signal?: AbortSignal): Promise<UploadedImage[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return call('GET /archive/sauce/:workspace/image/upload', { params: { workspace: workspaceId }, query: { id: [...ids] }, signal });
}
