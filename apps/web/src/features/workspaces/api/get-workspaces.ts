import type { Plan } from '@sauce/contract/limits';
import type { WorkspaceStatus } from '@sauce/contract/workspaces';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { usePlan } from '../../../lib/plan.ts';
import { workspaceKeys } from '../../../lib/query-keys.ts';

/**
 * GET /workspace/quota: team spaces the person created and the plan's limit (null:
 * unlimited). Asked afresh each time `enabled` turns on (CreateWorkspace opening).
 */
export function useSpaceQuota(enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.quota(),
    queryFn: () => call('GET /workspace/quota'),
    enabled,
    staleTime: 0,
  });
}

/** GET /workspace/{id}: the space with its folders and members, oldest member first. */
export const workspaceQuery = (id: number) =>
  queryOptions({
    queryKey: workspaceKeys.detail(id),
    queryFn: () => call('GET /workspace/:id', { params: { id } }),
  });

/** GET /workspace/{id}/status: counts, storage and the plan's limits. */
export const workspaceStatusQuery = (id: number) =>
  queryOptions({
    queryKey: workspaceKeys.status(id),
    queryFn: () => call('GET /workspace/:id/status', { params: { id } }),
  });

/** SPEC §4: what the status shows when its call failed — zero counts, the installation's plan's limits. */
export const zeroStatus = (plan: Plan): WorkspaceStatus => ({
  textSauceCount: 0,
  imageSauceCount: 0,
  folderCount: 0,
  memberCount: 0,
  storageBytes: 0,
  limits: { sauces: plan.sources, folders: plan.folders, members: plan.members },
});

/** One space with its members and folders (GET /workspace/{id}). */
export function useWorkspace(id: number | undefined) {
  return useQuery({ ...workspaceQuery(id ?? 0), enabled: id !== undefined });
}

/**
 * Status counts of a workspace (SPEC §3 Workspace status). SPEC §4: when the call fails the
 * counts fall back to zero — `data` is {@link zeroStatus} then, and `isError` tells the
 * caller to offer a retry (`refetch`).
 */
export function useWorkspaceStatus(id: number | undefined) {
  const query = useQuery({ ...workspaceStatusQuery(id ?? 0), enabled: id !== undefined });
  const plan = usePlan();
  return { ...query, data: query.data ?? (query.isError ? zeroStatus(plan) : undefined) };
}
