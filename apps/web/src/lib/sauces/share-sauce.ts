import type { Sauce, ShareLink } from '@sauce/contract/sauces';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../call.ts';
import { updateCachedLists } from './get-sauces.ts';
import { sauceKeys } from '../query-keys.ts';

/** SPEC §3 Share link (the contract's zShareLink): `link` is null when sharing is off. */
export type { ShareLink } from '@sauce/contract/sauces';

/**
 * POST /archive/sauce/{workspace}/{id}/share {isShareEnabled} (SPEC §7). Turning it on
 * again keeps the same link, so it is also how an open dialog learns the current link.
 */
export function setSharing(workspaceId: number, id: number, isShareEnabled: boolean): Promise<ShareLink> {
  return call('POST /archive/sauce/:workspace/:id/share', { params: { workspace: workspaceId, id }, body: { isShareEnabled } });
}

/**
 * Sets a source's sharing; on success the cached source and list cards follow, so the
 * view reopens with the right state.
 */
export function useSetSharing(workspaceId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (isShareEnabled: boolean) => setSharing(workspaceId, id, isShareEnabled),
    onSuccess: ({ isShareEnabled }) => {
      const patch = (s: Sauce) => (s.id === id ? { ...s, isShareEnabled } : s);
      qc.setQueryData<Sauce>(sauceKeys.detail(workspaceId, id), (s) => s && patch(s));
      updateCachedLists(qc, workspaceId, (page) => ({ ...page, results: page.results.map(patch) }));
    },
  });
}

/** GET /archive/sauce/share/{shareId} with no-cache, no sign-in needed (SPEC §7). */
export const sharedSauceQuery = (shareId: string) =>
  queryOptions({
    queryKey: ['shared-sauce', shareId],
    queryFn: ({ signal }) => call('GET /archive/sauce/share/:shareId', { params: { shareId }, signal, cache: 'no-cache' }),
    staleTime: 0,
  });

/** A publicly shared source; fails with ApiError 404 when it is private or gone. */
export function useSharedSauce(shareId: string) {
  return useQuery(sharedSauceQuery(shareId));
}
