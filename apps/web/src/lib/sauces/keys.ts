import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { folderKeys, sauceKeys, tagKeys, workspaceKeys } from '../query-keys.ts';

/**
 * Refreshes what a source write changes: the source lists and details, the folder list
 * (item counts), the workspace status (sidebar totals) and the person's tags (a save makes
 * the tags it names). Queries under `except` (a deleted source's, still on screen) are left.
 */
export function invalidateAfterSauceWrite(qc: QueryClient, workspaceId: number, except?: QueryKey) {
  const kept = (key: QueryKey) => !!except && except.every((part, i) => key[i] === part);
  return Promise.all([
    qc.invalidateQueries({ queryKey: sauceKeys.all(workspaceId), predicate: (q) => !kept(q.queryKey) }),
    qc.invalidateQueries({ queryKey: folderKeys.list(workspaceId) }),
    qc.invalidateQueries({ queryKey: workspaceKeys.status(workspaceId) }),
    // The save made the source's new tags (issue #19 item 8): suggestions and filters follow.
    qc.invalidateQueries({ queryKey: tagKeys.all }),
  ]);
}
