import type { UploadResult } from '@sauce/contract/sauces';
import { ApiError, apiErrorOf, csrfHeaders, isTokenExpired, refreshSession } from '../api.ts';

export interface UploadImageOptions {
  /** Called with the fraction of the file sent, 0 to 1 (XMLHttpRequest upload progress). */
  onProgress?: (fraction: number) => void;
  /** Aborting stops the upload; the promise rejects with a DOMException named AbortError. */
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  statusText: string;
  json: unknown;
}

/** Status codes whose meaning is clear even without the server's JSON (a proxy's page). */
const CODE_BY_STATUS: Record<number, string> = { 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_IMAGE' };

function send(url: string, file: File, opts: UploadImageOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(csrfHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      opts.signal?.removeEventListener('abort', abort);
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's error page): the status decides.
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, json });
    };
    xhr.onerror = () => {
      opts.signal?.removeEventListener('abort', abort);
      reject(new ApiError(0, 'NETWORK', 'Network error'));
    };
    xhr.onabort = () => {
      opts.signal?.removeEventListener('abort', abort);
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    opts.signal?.addEventListener('abort', abort, { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * POST /archive/sauce/{workspace}/image/upload/single (SPEC §7), multipart with one field
 * `file`, through XMLHttpRequest so the bytes sent can be reported (`onProgress`). Sends the
 * anti-forgery header like {@link api}; after a 401 TOKEN_EXPIRED it refreshes the session
 * once and sends the file again.
 * @returns the upload: its id for the save body, signed URLs (they expire: never store
 *   them), pixel size, dominant colour and palette, and `similarTo`: the space's sources
 *   already holding a nearly identical image (issue #21 item 5).
 * @throws ApiError PAYLOAD_TOO_LARGE 413 (`details.limitBytes`), TOO_MANY_PIXELS 413
 *   (`details.limitPixels`), UNSUPPORTED_IMAGE 415 (SVG included), VIEWER_CANNOT_UPLOAD
 *   403, LIMIT_REACHED 422, NETWORK (status 0); DOMException AbortError when aborted.
 */
export async function uploadImage(workspaceId: number, file: File, opts: UploadImageOptions = {}): Promise<UploadResult> {
  const url = `/api/archive/sauce/${workspaceId}/image/upload/single`;
  let res = await send(url, file, opts);
  if (isTokenExpired(res.status, res.json) && (await refreshSession())) {
    opts.onProgress?.(0);
    res = await send(url, file, opts);
  }
  const body = res.json as { success?: boolean; data?: UploadResult } | null;
  if (res.status >= 200 && res.status < 300 && body?.success && body.data) return body.data;
  const error = apiErrorOf(res.status, res.json, res.statusText);
  const byStatus = CODE_BY_STATUS[res.status];
  if (error.code === 'SYSTEM_ERROR' && byStatus) throw new ApiError(res.status, byStatus, error.message);
  throw error;
}
