import type { AdminArticleListQuery, CreateArticle, CreateFeed, UpdateArticle, UpdateFeed } from '@sauce/contract/articles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { articleKeys } from '../../../lib/query-keys.ts';

export type AdminFilters = Pick<AdminArticleListQuery, 'category' | 'status' | 'page'> & { search: string };

/** GET /discovery/admin/articles: hidden ones too (administrators only). */
export function useAdminArticles(f: AdminFilters, enabled = true) {
  return useQuery({
    queryKey: articleKeys.adminList(f),
    queryFn: ({ signal }) =>
      call('GET /discovery/admin/articles', {
        signal,
        query: { category: f.category, status: f.status, page: f.page, pageSize: 20, search: f.search.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every article query (public and admin) after a curation write. */
function useInvalidateArticles() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: articleKeys.all() });
}

/** POST /discovery/admin/articles/preview: what adding a URL would store. */
export function usePreviewArticle() {
  return useMutation({
    mutationFn: (url: string) => call('POST /discovery/admin/articles/preview', { body: { url } }),
  });
}

/** POST /discovery/admin/articles: adds an article by URL. */
export function useCreateArticle() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: (input: CreateArticle) => call('POST /discovery/admin/articles', { body: input }),
    onSuccess: invalidate,
  });
}

/** PATCH /discovery/admin/articles/{id}: edit, hide or show. */
export function useUpdateArticle() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateArticle & { id: number }) =>
      call('PATCH /discovery/admin/articles/:articleId', { params: { articleId: id }, body: input }),
    onSuccess: invalidate,
  });
}

/** DELETE /discovery/admin/articles/{id}. */
export function useDeleteArticle() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /discovery/admin/articles/:articleId', { params: { articleId: id } }),
    onSuccess: invalidate,
  });
}

/** What a poll did: the feed as it then is, items read, articles added (zFeedPollResult). */
export type { FeedPollResult } from '@sauce/contract/articles';

/** GET /discovery/admin/feeds. */
export function useFeeds(enabled = true) {
  return useQuery({ queryKey: articleKeys.feeds(), queryFn: () => call('GET /discovery/admin/feeds'), enabled });
}

/** POST /discovery/admin/feeds: subscribes a category, polled once at once. */
export function useCreateFeed() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: (input: CreateFeed) =>
      call('POST /discovery/admin/feeds', { body: input }),
    onSuccess: invalidate,
  });
}

/** PATCH /discovery/admin/feeds/{id}: category, pause/resume. */
export function useUpdateFeed() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateFeed & { id: number }) =>
      call('PATCH /discovery/admin/feeds/:feedId', { params: { feedId: id }, body: input }),
    onSuccess: invalidate,
  });
}

/** POST /discovery/admin/feeds/{id}/poll. */
export function usePollFeed() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: (id: number) => call('POST /discovery/admin/feeds/:feedId/poll', { params: { feedId: id } }),
    onSuccess: invalidate,
  });
}

/** DELETE /discovery/admin/feeds/{id}. */
export function useDeleteFeed() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /discovery/admin/feeds/:feedId', { params: { feedId: id } }),
    onSuccess: invalidate,
  });
}
