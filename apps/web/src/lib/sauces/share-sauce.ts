import type { Sauce } from '@sauce/contract/sauces';
import type { ShareSettings, ShareState } from '@sauce/contract/shares';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../call.ts';
import { updateCachedLists } from './get-sauces.ts';
import { sauceKeys, shareKeys } from '../query-keys.ts';

export type { ShareSettings, ShareState } from '@sauce/contract/shares';

/**
 * What a share dialog shares (issue #32): one source (SPEC §7's source share), or a folder as
 * a board. Both have the same settings — on or off, an expiry, a password — read and written
 * by the same two calls on their own paths.
 */
export type ShareTarget = { kind: 'sauce'; workspaceId: number; id: number } | { kind: 'board'; workspaceId: number; folderId: number };

const keyOf = (target: ShareTarget) =>
  shareKeys.state(target.kind, target.workspaceId, target.kind === 'sauce' ? target.id : target.folderId);

/**
 * GET /archive/sauce/{workspace}/{id}/share or GET /archive/folder/{workspace}/{folderId}/share:
 * the share's state as its owner sees it (`url` while on; the password is never returned).
 * @throws ApiError NOT_FOUND / SAUCE_NOT_FOUND / FOLDER_NOT_FOUND 404, NOT_AUTHORIZED 403 (a viewer).
 */
export function getShareState(target: ShareTarget, signal?: AbortSignal): Promise<ShareState> {
  return target.kind === 'sauce'
    ? call('GET /archive/sauce/:workspace/:id/share', { params: { workspace: target.workspaceId, id: target.id }, signal })
    : call('GET /archive/folder/:workspace/:folderId/share', { params: { workspace: target.workspaceId, folderId: target.folderId }, signal });
}

/**
 * PATCH …/share {enabled, expiresAt?, password?}: fields left out keep their value;
 * `expiresAt: null` never expires, `password: null` removes it. Changing the expiry or the
 * password keeps the link; turning a share on again after it was off makes a new one.
 * @throws ApiError INVALID_FORMAT 400 (a past or too distant expiry, a password too long or
 *   without visible characters), NOT_AUTHORIZED 403, not found 404.
 */
export function setShare(target: ShareTarget, body: ShareSettings): Promise<ShareState> {
  return target.kind === 'sauce'
    ? call('PATCH /archive/sauce/:workspace/:id/share', { params: { workspace: target.workspaceId, id: target.id }, body })
    : call('PATCH /archive/folder/:workspace/:folderId/share', { params: { workspace: target.workspaceId, folderId: target.folderId }, body });
}

/** A share's state, read fresh each time a dialog opens. */
export const shareStateQuery = (target: ShareTarget) =>
  queryOptions({ queryKey: keyOf(target), queryFn: ({ signal }) => getShareState(target, signal), staleTime: 0 });

export function useShareState(target: ShareTarget) {
  return useQuery(shareStateQuery(target));
}

/**
 * Changes a share's settings. Turning it on or off shows at once (the link goes while off and
 * waits for the answer when turned on) and comes back as it was when the call fails; the other
 * settings follow the answer. A source's cached view and cards follow its `isShareEnabled`.
 */
export function useSetShare(target: ShareTarget) {
  const qc = useQueryClient();
  const key = keyOf(target);
  return useMutation({
    mutationFn: (body: ShareSettings) => setShare(target, body),
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<ShareState>(key);
      if (before && body.enabled !== before.enabled) {
        qc.setQueryData<ShareState>(key, { ...before, enabled: body.enabled, url: null });
      }
      return { before };
    },
    onError: (_e, _body, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
    onSuccess: (state) => {
      qc.setQueryData(key, state);
      if (target.kind !== 'sauce') return;
      const { workspaceId, id } = target;
      const patch = (s: Sauce) => (s.id === id ? { ...s, isShareEnabled: state.enabled } : s);
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

/**
 * A publicly shared source; fails with ApiError 404 when it is private or gone, 410
 * SHARE_EXPIRED when its link expired, 401 SHARE_PASSWORD_REQUIRED until this browser unlocked it.
 */
export function useSharedSauce(shareId: string) {
  return useQuery(sharedSauceQuery(shareId));
}

/**
 * POST /archive/sauce/share/{shareId}/unlock {password} (issue #32): on success the server
 * sets a cookie for this share only, and the source can be read again.
 * @throws ApiError SHARE_PASSWORD_WRONG 403, RATE_LIMITED 429 (too many tries), 404/410 as a read.
 */
export function unlockSharedSauce(shareId: string, password: string): Promise<null> {
  return call('POST /archive/sauce/share/:shareId/unlock', { params: { shareId }, body: { password } });
}
