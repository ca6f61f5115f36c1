import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { removeWorkspaceFromList } from './list-cache.ts';

/**
 * DELETE /workspace/{id}: deletes the space and everything in it (owner only).
 * @throws ApiError WORKSPACE_HAS_MEMBERS (409) while other people are members,
 *   PERSONAL_WORKSPACE (409), NOT_AUTHORIZED (403).
 */
export function deleteWorkspace(id: number) {
  return call('DELETE /workspace/:id', { params: { id } });
}

/**
 * DELETE /workspace/{id}/leave: the caller stops being a member.
 * @throws ApiError LAST_OWNER (409) when they are its only owner, PERSONAL_WORKSPACE (409).
 */
export function leaveWorkspace(id: number) {
  return call('DELETE /workspace/:id/leave', { params: { id } });
}

/**
 * Deleting or leaving a space: on success it leaves the cached list, and the mutation
 * resolves to the spaces that remain (personal first), for choosing the next one (SPEC §4).
 */
export function useRemoveWorkspace(kind: 'delete' | 'leave') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await (kind === 'delete' ? deleteWorkspace(id) : leaveWorkspace(id));
      return removeWorkspaceFromList(qc, id);
    },
  });
}
