import type { ImportJob, ImportStart } from '@sauce/contract/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiErrorOf, csrfHeaders, isTokenExpired, refreshSession } from '../../../lib/api.ts';
import { call } from '../../../lib/call.ts';
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
  return download('/api/account/export', 'sauce-export.zip', onProgress, signal);
}

/**
 * GET /account/import/{id}/report.csv (issue #22): the import's report — every entry not
 * imported, or imported with a change, and why — in the app's language, as a download.
 * @throws ApiError with the server's code.
 */
export function downloadImportReport(id: number, lang: string): Promise<void> {
  return download(`/api/account/import/${id}/report.csv?lang=${lang.startsWith('ko') ? 'ko' : 'en'}`, `sauce-import-${id}-report.csv`, () => undefined);
}

/** Fetches `url` (refreshing an expired session once) and hands it to the browser as a download named as the server says. */
async function download(url: string, fallbackName: string, onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<void> {
  const send = () => fetch(url, { credentials: 'same-origin', signal, headers: csrfHeaders() });
  let res = await send();
  if (res.status === 401 && isTokenExpired(401, await res.clone().json().catch(() => null)) && (await refreshSession())) res = await send();
  if (!res.ok || !res.body) throw apiErrorOf(res.status, await res.json().catch(() => null), res.statusText);
  const estimated = Number(res.headers.get('x-export-estimated-bytes')) || 0;
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
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
  const blob = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement('a');
  a.href = blob;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(blob), 60_000);
}

/** GET /account/import: the person's latest imports. */
export const importsQuery = queryOptions({ queryKey: accountKeys.imports(), queryFn: () => call('GET /account/import') });

/** Whether an import still moves (queued or running): polled then. */
export const importMoving = (job: ImportJob | undefined) => !job || job.status === 'queued' || job.status === 'running';

/** One import, polled every second while it is queued or running. */
export function useImportJob(id: number | null) {
  return useQuery({
    queryKey: accountKeys.importJob(id ?? 0),
    queryFn: () => call('GET /account/import/:id', { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (q) => (importMoving(q.state.data) ? 1000 : false),
  });
}

/**
 * GET /account/import/{id}/preview (issue #22): what importing the previewed file into
 * `workspace` would do — nothing written. Asked again when the space or the folder choice changes.
 */
export function useImportPreview(id: number | null, workspace: number | null, recreateFolders: boolean) {
  return useQuery({
    queryKey: [...accountKeys.importJob(id ?? 0), 'preview', workspace, recreateFolders] as const,
    queryFn: () => call('GET /account/import/:id/preview', { params: { id: id! }, query: { workspace: workspace!, recreateFolders: recreateFolders ? 'true' : 'false' } }),
    enabled: id !== null && workspace !== null,
    placeholderData: (previous) => previous,
  });
}

/** POST /account/import/{id}/start: imports the previewed file where the person chose. */
export function useBeginImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ImportStart & { id: number }) => call('POST /account/import/:id/start', { params: { id }, body }),
    onSuccess: (job) => {
      qc.setQueryData(accountKeys.importJob(job.id), job);
      void qc.invalidateQueries({ queryKey: accountKeys.imports(), exact: true });
    },
  });
}

/** POST /account/import/{id}/cancel: stops a preview or an import under way (what it wrote stays). */
export function useCancelImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('POST /account/import/:id/cancel', { params: { id } }),
    onSuccess: (job) => {
      qc.setQueryData(accountKeys.importJob(job.id), job);
      void qc.invalidateQueries({ queryKey: accountKeys.imports(), exact: true });
    },
  });
}

/** GET /account/import/{id}/skipped: what an import did not bring in (first 200). */
export function useImportSkips(id: number, enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.importSkips(id),
    queryFn: () => call('GET /account/import/:id/skipped', { params: { id }, query: { pageSize: 200 } }),
    enabled,
  });
}

/**
 * POST /account/import (multipart `workspace`, `preview`, `file`): reads the file for a
 * preview (issue #22: nothing is written until the person starts it); the answer is the
 * import, status 'preview'.
 * @throws ApiError IMPORT_FILE_INVALID (400), PAYLOAD_TOO_LARGE (413), LIMIT_REACHED (422),
 *   IMPORT_IN_PROGRESS (409).
 */
export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { workspaceId: number; file: File }) => {
      const form = new FormData();
      form.set('workspace', String(input.workspaceId));
      form.set('preview', 'true');
      form.set('file', input.file);
      return call('POST /account/import', { body: form });
    },
    onSuccess: (job) => {
      qc.setQueryData(accountKeys.importJob(job.id), job);
      void qc.invalidateQueries({ queryKey: accountKeys.imports(), exact: true });
    },
  });
}

export { ApiError };
