import type { ForkArticle } from '@sauce/contract/articles';
import { ARTICLE_LIMITS } from '@sauce/contract/categories';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { articleKeys, folderKeys, sauceKeys, workspaceKeys } from '../../../lib/query-keys.ts';

/** Filters of the article list: category id (-1 all) and search (title or tag). */
export interface ArticleFilters {
  category: number;
  search: string;
}

/** GET /discovery/articles (SPEC §7 Discovery, public): one page. */
export function getArticles(f: ArticleFilters, page: number, signal?: AbortSignal) {
  return call('GET /discovery/articles', {
    signal,
    query: { category: f.category, search: f.search.trim() || undefined, page, pageSize: ARTICLE_LIMITS.pageSize },
  });
}

export const articlesQuery = (f: ArticleFilters) =>
  infiniteQueryOptions({
    queryKey: articleKeys.list(f),
    queryFn: ({ pageParam, signal }) => getArticles(f, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** The article list as pages for infinite scroll; the previous list stays while a new filter loads. */
export function useArticles(f: ArticleFilters) {
  return useInfiniteQuery({ ...articlesQuery(f), placeholderData: (prev) => prev });
}

/** GET /discovery/articles/category (public): all (-1) and the four categories with counts. */
export const categoriesQuery = queryOptions({
  queryKey: articleKeys.categories(),
  queryFn: () => call('GET /discovery/articles/category'),
  staleTime: 60_000,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

/** GET /discovery/articles/{id} (public): one visible article. */
export function useArticle(id: number | null) {
  return useQuery({
    queryKey: articleKeys.detail(id ?? 0),
    queryFn: () => call('GET /discovery/articles/:articleId', { params: { articleId: id! } }),
    enabled: id !== null,
  });
}

/**
 * POST /discovery/articles/{id}/fork {workspace: {id}, folderSet, aiEnable} (SPEC §3
 * Save-article payload): the source it made or, for an article already in that space, the
 * same source with the folders added (`created: false`). Refreshes that space's sources,
 * folder counts and status.
 */
export function useForkArticle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ articleId, ...body }: ForkArticle & { articleId: number }) =>
      call('POST /discovery/articles/:articleId/fork', { params: { articleId }, body }),
    onSuccess: (_data, { workspace }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: sauceKeys.all(workspace.id) }),
        qc.invalidateQueries({ queryKey: folderKeys.list(workspace.id) }),
        qc.invalidateQueries({ queryKey: workspaceKeys.status(workspace.id) }),
      ]),
  });
}
