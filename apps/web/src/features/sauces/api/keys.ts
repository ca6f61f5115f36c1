import type { QueryClient } from '@tanstack/react-query';
import { folderKeys, sauceKeys, workspaceKeys } from '../../../lib/query-keys.ts';

/**
 * Refreshes what a source write changes: the source lists and details, the folder list
 * (item counts) and the workspace status (sidebar totals).
 */
export function invalidateAfterSauceWrite(qc: QueryClient, workspaceId: number) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: sauceKeys.all(workspaceId) }),
    qc.invalidateQueries({ queryKey: folderKeys.list(workspaceId) }),
    qc.invalidateQueries({ queryKey: workspaceKeys.status(workspaceId) }),
  ]);
}
