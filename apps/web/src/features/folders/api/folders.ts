import type { Folder } from '@sauce/contract/folders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { foldersQuery } from '../../../lib/folders.ts';
import { folderKeys, sauceKeys, workspaceKeys } from '../../../lib/query-keys.ts';

function useInvalidate(workspaceId: number) {
  const qc = useQueryClient();
  return () => Promise.all([
    qc.invalidateQueries({ queryKey: folderKeys.list(workspaceId) }),
    qc.invalidateQueries({ queryKey: workspaceKeys.status(workspaceId) }),
  ]);
}

/**
 * POST /archive/folder/{workspace} {name}; resolves to the new folder, which is appended to
 * the cached list at once (SPEC §4 Create folder) — the caller's own `onSuccess` (closing
 * the dialog, preselecting the folder) runs without waiting for the list's refetch.
 */
export function useCreateFolder(workspaceId: number) {
  const invalidate = useInvalidate(workspaceId);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call('POST /archive/folder/:workspace', { params: { workspace: workspaceId }, body: { name } }),
    onSuccess: (folder) => {
      qc.setQueryData(foldersQuery(workspaceId).queryKey, (list) =>
        list && !list.some((f) => f.id === folder.id) ? [...list, folder] : list,
      );
      void invalidate();
    },
  });
}

/**
 * PATCH /archive/folder/{workspace}/{id} {name}: optimistic (DESIGN.md) — the name changes
 * in the list at once and is rolled back when the server refuses.
 */
export function useRenameFolder(workspaceId: number) {
  const invalidate = useInvalidate(workspaceId);
  const qc = useQueryClient();
  const key = foldersQuery(workspaceId).queryKey;
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call('PATCH /archive/folder/:workspace/:folderId', { params: { workspace: workspaceId, folderId: id }, body: { name } }),
    onMutate: async ({ id, name }) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData(key);
      qc.setQueryData(key, (list) => list?.map((f) => (f.id === id ? { ...f, name } : f)));
      return { previous };
    },
    onError: (_e, _v, ctx) => ctx?.previous && qc.setQueryData(key, ctx.previous),
    onSettled: invalidate,
  });
}

/** DELETE /archive/folder/{workspace}/{id}; sources also refresh (their folderSet changes). */
export function useDeleteFolder(workspaceId: number) {
  const invalidate = useInvalidate(workspaceId);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /archive/folder/:workspace/:folderId', { params: { workspace: workspaceId, folderId: id } }),
    onSuccess: () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: sauceKeys.all(workspaceId) })]),
  });
}

/**
 * PATCH /archive/folder/{workspace}/order (SPEC §4 Reorder folders): optimistic — the
 * list is reordered locally, saved, then replaced by the server's result; rolled back on error.
 */
export function useReorderFolders(workspaceId: number) {
  const qc = useQueryClient();
  const key = foldersQuery(workspaceId).queryKey;
  return useMutation({
    mutationFn: (ordered: Folder[]) =>
      call('PATCH /archive/folder/:workspace/order', {
        params: { workspace: workspaceId },
        body: ordered.map((f, i) => ({ id: f.id, order: i + 1 })),
      }),
    onMutate: async (ordered) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData(key);
      qc.setQueryData(key, ordered.map((f, i) => ({ ...f, order: i + 1 })));
      return { previous };
    },
    onError: (_e, _v, ctx) => ctx?.previous && qc.setQueryData(key, ctx.previous),
    onSuccess: (saved) => qc.setQueryData(key, [...saved].sort((a, b) => a.order - b.order)),
  });
}
