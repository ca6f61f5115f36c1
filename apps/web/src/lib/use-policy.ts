import { useCurrentWorkspace } from '../features/workspaces/api/get-workspaces.ts';

/**
 * What the signed-in person may do in the current workspace, for hiding controls
 * (SPEC §6). The server is always the gate; this only mirrors its role matrix.
 */
export function usePolicy() {
  const workspace = useCurrentWorkspace();
  const permission = workspace?.permission;
  const canWrite = permission === 'OWNER' || permission === 'EDITOR';
  return { permission, canWrite, isOwner: permission === 'OWNER' };
}
