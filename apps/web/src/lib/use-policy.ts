import type { Abilities } from '@sauce/contract/workspaces';
import { WORKSPACE_ACTIONS } from '@sauce/contract/workspace-actions';
import { useCurrentWorkspace } from './workspaces.ts';

/** Nothing allowed: while the spaces load, or signed out. */
export const NO_ABILITIES = Object.fromEntries(WORKSPACE_ACTIONS.map((a) => [a, false])) as Abilities;

/**
 * What the signed-in person may do in the current workspace, for showing and hiding
 * controls (SPEC §6). The answers are the server's (`abilities` of GET /workspace, from its
 * role matrix), never re-derived here; the server stays the gate. All false while loading.
 * Returns the abilities, the permission (for labels only) and convenience flags:
 * `canWrite` (create sources), `isReader` (a member who may only read), `ready`.
 */
export function usePolicy() {
  const workspace = useCurrentWorkspace();
  const abilities = workspace?.abilities ?? NO_ABILITIES;
  return {
    abilities,
    permission: workspace?.permission,
    ready: !!workspace,
    canWrite: abilities.createSauce,
    isReader: !!workspace && abilities.read && !abilities.createSauce,
  };
}
