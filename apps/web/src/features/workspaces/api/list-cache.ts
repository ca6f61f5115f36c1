import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import type { QueryClient } from '@tanstack/react-query';
import { workspaceKeys } from '../../../lib/query-keys.ts';

/**
 * SPEC §4 Updating or adding a workspace updates the list: puts `summary` into the cached
 * GET /workspace list in place of the same id, or appends it.
 */
export function upsertWorkspaceInList(qc: QueryClient, summary: WorkspaceSummary) {
  qc.setQueryData<WorkspaceSummary[]>(workspaceKeys.list(), (list) => {
    if (!list) return [summary];
    return list.some((w) => w.id === summary.id)
      ? list.map((w) => (w.id === summary.id ? summary : w))
      : [...list, summary];
  });
}

/**
 * Takes a space the person no longer belongs to out of the cached list and drops its
 * cached detail, status and links. Returns the spaces that remain (personal first).
 */
export function removeWorkspaceFromList(qc: QueryClient, id: number): WorkspaceSummary[] {
  const rest = (qc.getQueryData<WorkspaceSummary[]>(workspaceKeys.list()) ?? []).filter((w) => w.id !== id);
  qc.setQueryData(workspaceKeys.list(), rest);
  qc.removeQueries({ queryKey: workspaceKeys.byId(id) });
  return rest;
}
