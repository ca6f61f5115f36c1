import type { QueryClient } from '@tanstack/react-query';

/** Query keys of sources; every key starts with ['sauces', workspaceId]. */
export const sauceKeys = {
  all: (workspaceId: number) => ['sauces', workspaceId] as const,
  lists: (workspaceId: number) => ['sauces', workspaceId, 'list'] as const,
  detail: (workspaceId: number, id: number) => ['sauces', workspaceId, 'detail', id] as const,
};

/**
 * Refreshes what a source write changes: the source lists and details, the folder list
 * (item counts) and the workspace status (sidebar totals).
 */
export function invalidateAfterSauceWrite(qc: QueryClient, workspaceId: number) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: sauceKeys.all(workspaceId) }),
    qc.invalidateQueries({ queryKey: ['folders', workspaceId] }),
    qc.invalidateQueries({ queryKey: ['workspaces', workspaceId, 'status'] }),
  ]);
}
