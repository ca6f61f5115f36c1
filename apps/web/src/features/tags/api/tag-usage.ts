import type { Answer } from '@sauce/contract/endpoints';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { tagUsageKeys } from '../../../lib/query-keys.ts';
import { tagKeys } from './tags.ts';

/** Tags per request: a few screens of the virtualised list. */
const PAGE_SIZE = 200;

/** GET /archive/tag/usage: every tag with its use count, favorites first, 200 a page. */
export const tagUsageQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: tagUsageKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      call('GET /archive/tag/usage', { signal, query: { page: pageParam, pageSize: PAGE_SIZE, search: search || undefined } }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next,
  });

export function useTagUsage(search: string) {
  return useInfiniteQuery(tagUsageQuery(search));
}

/** Every tag list (pickers and management) refetches after a change. */
const refresh = (qc: ReturnType<typeof useQueryClient>) => {
  void qc.invalidateQueries({ queryKey: tagKeys.all });
  void qc.invalidateQueries({ queryKey: ['sauces'] });
};

/** PATCH /archive/tag/{name} {name}: renames (merging into an existing tag). */
export function useRenameTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      call('PATCH /archive/tag/:name', { params: { name: from }, body: { name: to } }),
    onSuccess: () => refresh(qc),
  });
}

/** DELETE /archive/tag/{name}: removes the tag from the person's sources. */
export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call('DELETE /archive/tag/:name', { params: { name } }),
    onSuccess: () => refresh(qc),
  });
}

/** Flips a tag's favorite in every cached usage page (optimistic; the caller rolls back). */
export function setUsageFavorite(qc: ReturnType<typeof useQueryClient>, name: string, favorite: boolean) {
  qc.setQueriesData<InfiniteData<Answer<'GET /archive/tag/usage'>>>({ queryKey: ['tags', 'usage'] }, (data) =>
    data && {
      ...data,
      pages: data.pages.map((p) => ({ ...p, results: p.results.map((t) => (t.name === name ? { ...t, favorite } : t)) })),
    },
  );
}
