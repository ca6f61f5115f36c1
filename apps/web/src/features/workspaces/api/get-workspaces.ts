import { COOKIES } from '@sauce/contract/http';
import { LIMITS } from '@sauce/contract/limits';
import type { Workspace, WorkspaceStatus, WorkspaceSummary } from '@sauce/contract/workspaces';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readCookie } from '../../../lib/api.ts';
import { useAppStore } from '../../../state/app-store.ts';
import { useProfile } from '../../auth/api/get-profile.ts';
import { workspaceKeys } from '../../../lib/query-keys.ts';

/** GET /workspace: the spaces the person is a member of, their personal space first. */
export const workspacesQuery = queryOptions({
  queryKey: workspaceKeys.list(),
  queryFn: () => api<WorkspaceSummary[]>('/workspace'),
});

/** GET /workspace/{id}: the space with its folders and members, oldest member first. */
export const workspaceQuery = (id: number) =>
  queryOptions({
    queryKey: workspaceKeys.detail(id),
    queryFn: () => api<Workspace>(`/workspace/${id}`),
  });

/** GET /workspace/{id}/status: counts, storage and the plan's limits. */
export const workspaceStatusQuery = (id: number) =>
  queryOptions({
    queryKey: workspaceKeys.status(id),
    queryFn: () => api<WorkspaceStatus>(`/workspace/${id}/status`),
  });

/** SPEC §4: what the status shows when its call failed — zero counts, the beta plan's limits. */
export const ZERO_STATUS: WorkspaceStatus = {
  textSauceCount: 0,
  imageSauceCount: 0,
  folderCount: 0,
  memberCount: 0,
  storageBytes: 0,
  limits: {
    sauces: LIMITS.saucesPerWorkspace,
    folders: LIMITS.foldersPerWorkspace,
    members: LIMITS.membersPerWorkspace,
  },
};

/** The signed-in person's spaces (GET /workspace); not fetched while signed out. */
export function useWorkspaces() {
  const { data: user } = useProfile();
  return useQuery({ ...workspacesQuery, enabled: !!user });
}

/**
 * The selected workspace (SPEC §4 Choosing a workspace): the one in the store, else the
 * workspace cookie set at sign-in, else the first (personal) one. Undefined while loading
 * or signed out.
 */
export function useCurrentWorkspace(): WorkspaceSummary | undefined {
  const { data: list } = useWorkspaces();
  const selected = useAppStore((s) => s.selectedWorkspaceId);
  if (!list || list.length === 0) return undefined;
  const wanted = selected ?? Number(readCookie(COOKIES.workspace));
  return list.find((w) => w.id === wanted) ?? list[0];
}

/** One space with its members and folders (GET /workspace/{id}). */
export function useWorkspace(id: number | undefined) {
  return useQuery({ ...workspaceQuery(id ?? 0), enabled: id !== undefined });
}

/**
 * Status counts of a workspace (SPEC §3 Workspace status). SPEC §4: when the call fails the
 * counts fall back to zero — `data` is {@link ZERO_STATUS} then, and `isError` tells the
 * caller to offer a retry (`refetch`).
 */
export function useWorkspaceStatus(id: number | undefined) {
  const query = useQuery({ ...workspaceStatusQuery(id ?? 0), enabled: id !== undefined });
  return { ...query, data: query.data ?? (query.isError ? ZERO_STATUS : undefined) };
}
