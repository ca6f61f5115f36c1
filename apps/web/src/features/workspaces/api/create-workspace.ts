import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { upsertWorkspaceInList } from './list-cache.ts';
import { workspaceFormData } from './workspace-form.ts';

/**
 * POST /workspace (multipart: name, image), SPEC §4 Create workspace.
 * @throws ApiError INVALID_FORMAT (400, the name), PAYLOAD_TOO_LARGE (413,
 *   details.limitBytes), TOO_MANY_PIXELS (413), UNSUPPORTED_IMAGE (415), LIMIT_REACHED
 *   (422, details { resource: 'workspaces', limit: 2 }).
 */
export function createWorkspace(input: { name: string; image: File }) {
  return call('POST /workspace', { body: workspaceFormData(input) });
}

/** Creates a space and appends it to the cached list (SPEC §4: the workspace is appended). */
export function useCreateWorkspace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: (summary) => upsertWorkspaceInList(qc, summary),
  });
}
