import type { Board } from '@sauce/contract/shares';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { shareKeys } from '../../../lib/query-keys.ts';

export type { Board } from '@sauce/contract/shares';

/**
 * GET /board/{shareId}?cursor= (issue #32, no sign-in needed): a folder shared as a board,
 * one page of its sources (BOARD_PAGE_SIZE) in the folder's order, each as its own share would
 * show it; `nextCursor` for the next page. The server renders the first page for signed-out
 * visitors (entry-server.tsx), with the same key.
 */
export const boardQuery = (shareId: string) =>
  infiniteQueryOptions({
    queryKey: shareKeys.board(shareId),
    queryFn: ({ pageParam, signal }): Promise<Board> =>
      call('GET /board/:shareId', { params: { shareId }, query: pageParam ? { cursor: pageParam } : {}, signal, cache: 'no-cache' }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * A board as pages for infinite scroll. Fails with ApiError 404 BOARD_PRIVATE (sharing off) or
 * another 404 (unknown, deleted), 410 SHARE_EXPIRED, 401 SHARE_PASSWORD_REQUIRED until this
 * browser unlocked it.
 */
export function useBoard(shareId: string) {
  return useInfiniteQuery(boardQuery(shareId));
}

/**
 * POST /board/{shareId}/unlock {password}: on success the server sets a cookie for this
 * board only, and it can be read again.
 * @throws ApiError SHARE_PASSWORD_WRONG 403, RATE_LIMITED 429, 404/410 as a read.
 */
export function unlockBoard(shareId: string, password: string): Promise<null> {
  return call('POST /board/:shareId/unlock', { params: { shareId }, body: { password } });
}
