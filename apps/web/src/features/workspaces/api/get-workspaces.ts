import { COOKIES } from '@sauce/contract/common';
import type { WorkspaceStatus, WorkspaceSummary } from '@sauce/contract/workspaces';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readCookie } from '../../../lib/api.ts';
import { useAppStore } from '../../../state/app-store.ts';
import { useProfile } from '../../auth/api/get-profile.ts';

export const workspacesQuery = queryOptions({
  queryKey: ['workspaces'],
  queryFn: () => api<WorkspaceSummary[]>('/workspace'),
});

export const workspaceStatusQuery = (id: number) =>
  queryOptions({
    queryKey: ['workspaces', id, 'status'],
    // SPEC §4: if the status call fails, counts fall back to zero.
    queryFn: () =>
      api<WorkspaceStatus>(`/workspace/${id}/status`).catch(
        (): WorkspaceStatus => ({ textSauceCount: 0, imageSauceCount: 0, folderCount: 0 }),
      ),
  });

/**
 * The selected workspace (SPEC §4 Choosing a workspace): the one in the store, else the
 * workspace cookie set at sign-in, else the first (personal) one. Undefined while loading
 * or signed out.
 */
export function useCurrentWorkspace(): WorkspaceSummary | undefined {
  const { data: user } = useProfile();
  const { data: list } = useQuery({ ...workspacesQuery, enabled: !!user });
  const selected = useAppStore((s) => s.selectedWorkspaceId);
  if (!list || list.length === 0) return undefined;
  const wanted = selected ?? Number(readCookie(COOKIES.workspace));
  return list.find((w) => w.id === wanted) ?? list[0];
}

/** Status counts of a workspace (SPEC §3 Workspace status). */
export function useWorkspaceStatus(id: number | undefined) {
  return useQuery({ ...workspaceStatusQuery(id ?? 0), enabled: id !== undefined });
}
