import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { workspaceKeys } from '../../../lib/query-keys.ts';
import { upsertWorkspaceInList } from './list-cache.ts';
import { workspaceFormData, type WorkspaceFormInput } from './workspace-form.ts';

/**
 * PATCH /workspace/{id} (multipart, each field optional): renames the space or changes
 * its image. Owner only.
 * @throws ApiError as POST /workspace, NOT_AUTHORIZED (403), PERSONAL_WORKSPACE (409).
 */
export function updateWorkspace(id: number, input: WorkspaceFormInput) {
  return call('PATCH /workspace/:id', { params: { id }, body: workspaceFormData(input) });
}

/** Updates a space; the list and its detail follow (SPEC §4 Updating a workspace). */
export function useUpdateWorkspace(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkspaceFormInput) => updateWorkspace(id, input),
    onSuccess: (summary) => {
      upsertWorkspaceInList(qc, summary);
      return qc.invalidateQueries({ queryKey: workspaceKeys.detail(id) });
    },
  });
}
