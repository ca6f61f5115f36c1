import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call.ts';
import { folderKeys } from './query-keys.ts';

/*
 * A space's folder list, read by the dashboard, the editors, the article and import pickers
 * (issue #19 item 4: shared by several features, so it lives in lib/; the folder changes
 * stay in features/folders).
 */

/** GET /archive/folder/{workspace}/list?ordering=order (SPEC §7 Folders). */
export const foldersQuery = (workspaceId: number) =>
  queryOptions({
    queryKey: folderKeys.list(workspaceId),
    queryFn: async () =>
      (await call('GET /archive/folder/:workspace/list', { params: { workspace: workspaceId }, query: { ordering: 'order' } })).results,
  });

/** The workspace's folders by order; empty while loading. */
export function useFolders(workspaceId: number | undefined) {
  return useQuery({ ...foldersQuery(workspaceId ?? 0), enabled: workspaceId !== undefined });
}

