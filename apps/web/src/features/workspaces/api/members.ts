import type { Permission } from '@sauce/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { workspaceKeys } from '../../../lib/query-keys.ts';

/**
 * PATCH /workspace/{id}/user/{userId} {permission}: changes a member's role (owner only).
 * @throws ApiError LAST_OWNER (409) when it would leave the space without an owner.
 */
export function updateMemberPermission(workspaceId: number, userId: number, permission: Permission) {
  return call('PATCH /workspace/:id/user/:userId', { params: { id: workspaceId, userId }, body: { permission } });
}

/**
 * DELETE /workspace/{id}/user/{userId}: removes a member (owner only).
 * @throws ApiError LAST_OWNER (409) when they are the only owner.
 */
export function removeMember(workspaceId: number, userId: number) {
  return call('DELETE /workspace/:id/user/:userId', { params: { id: workspaceId, userId } });
}

/**
 * SPEC §4: a permission change or a removal updates the selected workspace — its members,
 * its status, and the list (the person's own abilities change when they demote themselves).
 */
function useRefreshMembers(workspaceId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: workspaceKeys.byId(workspaceId) }),
      qc.invalidateQueries({ queryKey: workspaceKeys.list() }),
    ]);
}

/** Changes a member's permission; the member list follows. */
export function useUpdateMemberPermission(workspaceId: number) {
  const refresh = useRefreshMembers(workspaceId);
  return useMutation({
    mutationFn: ({ userId, permission }: { userId: number; permission: Permission }) =>
      updateMemberPermission(workspaceId, userId, permission),
    onSuccess: refresh,
  });
}

/** Removes a member; the member list follows. */
export function useRemoveMember(workspaceId: number) {
  const refresh = useRefreshMembers(workspaceId);
  return useMutation({
    mutationFn: (userId: number) => removeMember(workspaceId, userId),
    onSuccess: refresh,
  });
}
