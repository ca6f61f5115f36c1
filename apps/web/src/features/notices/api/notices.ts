import type { NoticeInput } from '@sauce/contract/account';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { noticeKeys } from '../../../lib/query-keys.ts';

const PAGE_SIZE = 20;

/** GET /notice: notices newest first, 20 a page. */
export const noticesQuery = infiniteQueryOptions({
  queryKey: noticeKeys.list(),
  queryFn: ({ pageParam }) =>
    call('GET /notice', { query: { page: pageParam, pageSize: PAGE_SIZE } }),
  initialPageParam: 1,
  getNextPageParam: (last) => last.next,
});

export function useNotices() {
  return useInfiniteQuery(noticesQuery);
}

/** GET /notice/unread: notices the person has not seen (the avatar menu's dot). */
export const unreadNoticesQuery = queryOptions({
  queryKey: noticeKeys.unread(),
  queryFn: async () => (await call('GET /notice/unread')).count,
  staleTime: 60_000,
});

export function useUnreadNotices(enabled = true) {
  return useQuery({ ...unreadNoticesQuery, enabled });
}

/** POST /notice/read: the person has seen every notice up to now; the dot goes. */
export function useMarkNoticesRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /notice/read'),
    onSuccess: () => qc.setQueryData(noticeKeys.unread(), 0),
  });
}

/** POST /notice (administrators): publishes a notice. */
export function useCreateNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticeInput) => call('POST /notice', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: noticeKeys.all() }),
  });
}

/** PATCH /notice/{id} (administrators): rewords a notice; its date stays. */
export function useUpdateNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: NoticeInput & { id: number }) => call('PATCH /notice/:id', { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: noticeKeys.all() }),
  });
}

/** DELETE /notice/{id} (administrators). */
export function useDeleteNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /notice/:id', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: noticeKeys.all() }),
  });
}
