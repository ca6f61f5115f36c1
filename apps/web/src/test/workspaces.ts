/**
 * Test fixtures for spaces: summaries with the abilities the server would send (its role
 * matrix, apps/api/src/policies/workspace.ts, written out here as data for the tests).
 */
import type { Permission } from '@sauce/contract/common';
import { WORKSPACE_ACTIONS, type Abilities, type WorkspaceAction, type WorkspaceSummary } from '@sauce/contract/workspaces';

const OWNER_ONLY: WorkspaceAction[] = ['inviteMembers', 'manageMembers', 'updateWorkspace', 'deleteWorkspace'];
const NOT_IN_PERSONAL: WorkspaceAction[] = [...OWNER_ONLY, 'leaveWorkspace'];

/** The abilities the server sends for `permission` (in a personal space when `personal`). */
export function abilitiesOf(permission: Permission, personal = false): Abilities {
  const allowed = (a: WorkspaceAction) => {
    if (personal && NOT_IN_PERSONAL.includes(a)) return false;
    if (a === 'read' || a === 'leaveWorkspace') return true;
    if (OWNER_ONLY.includes(a)) return permission === 'OWNER';
    return permission !== 'READER';
  };
  return Object.fromEntries(WORKSPACE_ACTIONS.map((a) => [a, allowed(a)])) as Abilities;
}

/** A GET /workspace entry; a personal space owned by the caller unless told otherwise. */
export function workspaceSummary(patch: Partial<WorkspaceSummary> = {}): WorkspaceSummary {
  const permission = patch.permission ?? 'OWNER';
  const isPersonal = patch.isPersonal ?? true;
  return {
    id: 1,
    name: 'My space',
    image: null,
    isPersonal,
    permission,
    abilities: abilitiesOf(permission, isPersonal),
    ...patch,
  };
}
