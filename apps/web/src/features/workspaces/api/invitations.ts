import type { Permission } from '@sauce/contract/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { workspaceKeys } from '../../../lib/query-keys.ts';
import { upsertWorkspaceInList } from './list-cache.ts';

/** SPEC §6: one invite link per permission, shown in this order. */
export const INVITE_PERMISSIONS: readonly Permission[] = ['OWNER', 'EDITOR', 'READER'];

/**
 * POST /workspace/invite/create {workspace:{id}, permission}: the space's active link for
 * `permission`. The server answers with the same link while it has 6 days or more left,
 * so asking each time the InviteWorkspaceMember dialog opens is fine.
 */
export const invitationLinkQuery = (workspaceId: number, permission: Permission) =>
  queryOptions({
    queryKey: workspaceKeys.invitation(workspaceId, permission),
    queryFn: () =>
      call('POST /workspace/invite/create', {
        body: { workspace: { id: workspaceId }, permission },
      }),
    staleTime: 0,
    gcTime: 0,
  });

/** The invite link of one permission, asked for while `enabled` (the dialog is open). */
export function useInvitationLink(workspaceId: number, permission: Permission, enabled = true) {
  return useQuery({ ...invitationLinkQuery(workspaceId, permission), enabled });
}

/**
 * 'Reset link': DELETE /workspace/invitation/{id} revokes every active link of that
 * permission in the space, then a new one is created (POST /workspace/invite/create).
 */
export function useResetInvitation(workspaceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, permission }: { id: string; permission: Permission }) => {
      await call('DELETE /workspace/invitation/:invitationId', { params: { invitationId: id } });
      return qc.fetchQuery(invitationLinkQuery(workspaceId, permission));
    },
  });
}

/**
 * GET /workspace/invitation/{id}: the space, inviter and permission of an invite link.
 * @throws ApiError INVITATION_EXPIRED (404) for an unknown, expired or revoked link.
 */
export const invitationInfoQuery = (id: string) =>
  queryOptions({
    queryKey: workspaceKeys.invitationInfo(id),
    queryFn: () => call('GET /workspace/invitation/:invitationId', { params: { invitationId: id } }),
    retry: false,
  });

/** The invitation behind a link; not asked while signed out (`enabled` false). */
export function useInvitationInfo(id: string, enabled: boolean) {
  return useQuery({ ...invitationInfoQuery(id), enabled: enabled && id !== '' });
}

/**
 * POST /workspace/invitation/{id}: joins the space; it is added to the cached list.
 * @throws ApiError INVITATION_EXPIRED (404), ALREADY_JOINED (409), LIMIT_REACHED (422,
 *   details { resource: 'members', limit: 5 }).
 */
export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /workspace/invitation/:invitationId', { params: { invitationId: id } }),
    onSuccess: (summary) => upsertWorkspaceInList(qc, summary),
  });
}
