import type { ImportJob, ImportSkip } from '@sauce/contract/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiErrorOf, csrfHeaders, isTokenExpired, refreshSession } from '../../../lib/api.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

/** Progress of a download: bytes received and the server's estimate of the total. */
export interface DownloadProgress {
  received: number;
  estimated: number;
}

/**
 * GET /account/export: reads the streamed ZIP as it arrives (reporting progress against the
 * server's `x-export-estimated-bytes`), then hands it to the browser as a download.
 * @throws ApiError with the server's code (429 when an export is already running).
 */
export async function downloadExport(onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<void> {
  const send = () => fetch('/api/account/export', { credentials: 'same-origin', signal, headers: csrfHeaders() });
  let res = await send();
  if (res.status === 401 && isTokenExpired(401, await res.clone().json().catch(() => null)) && (await refreshSession())) res = await send();
  if (!res.ok || !res.body) throw apiErrorOf(res.status, await res.json().catch(() => null), res.statusText);
  const estimated = Number(res.headers.get('x-export-estimated-bytes')) || 0;
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'sauce-export.zip';
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress({ received, estimated });
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'application/zip' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** GET /account/import: the person's latest imports. */
export const importsQuery = queryOptions({ queryKey: accountKeys.imports(), queryFn: () => api<ImportJob[]>('/account/import') });

/** One import, polled every second while it is queued or running. */
export function useImportJob(id: number | null) {
  return useQuery({
    queryKey: accountKeys.importJob(id ?? 0),
    queryFn: () => api<ImportJob>(`/account/import/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 1000),
  });
}

/** GET /account/import/{id}/skipped: what an import did not bring in (first 200). */
export function useImportSkips(id: number, enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.importSkips(id),
    queryFn: () => api<{ results: ImportSkip[]; count: number }>(`/account/import/${id}/skipped`, { query: { pageSize: 200 } }),
    enabled,
  });
}

/**
 * POST /account/import (multipart `workspace`, `folder`, `file`): starts an import; the
 * answer is the queued job.
 * @throws ApiError IMPORT_FILE_INVALID (400), PAYLOAD_TOO_LARGE (413), LIMIT_REACHED (422),
 *   IMPORT_IN_PROGRESS (409).
 */
export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { workspaceId: number; folderId: number | null; file: File }) => {
      const form = new FormData();
      form.set('workspace', String(input.workspaceId));
      if (input.folderId !== null) form.set('folder', String(input.folderId));
      form.set('file', input.file);
      return api<ImportJob>('/account/import', { method: 'POST', body: form });
    },
    onSuccess: (job) => {
      qc.setQueryData(accountKeys.importJob(job.id), job);
      void qc.invalidateQueries({ queryKey: accountKeys.imports() });
    },
  });
}

export { ApiError };
