import type { TagUsage } from '@sauce/contract/account';
import type { Page } from '@sauce/contract/common';
import type { TagBody } from '@sauce/contract/tags';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tagUsageKeys } from '../../../lib/query-keys.ts';
import { tagKeys } from './tags.ts';

type UsagePage = Page<TagUsage>;
/** Tags per request: a few screens of the virtualised list. */
const PAGE_SIZE = 200;

/** GET /archive/tag/usage: every tag with its use count, favorites first, 200 a page. */
export const tagUsageQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: tagUsageKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api<UsagePage>('/archive/tag/usage', { signal, query: { page: pageParam, pageSize: PAGE_SIZE, search: search || undefined } }),
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
      api<TagUsage & { merged: boolean }>(`/archive/tag/${encodeURIComponent(from)}`, { method: 'PATCH', body: { name: to } satisfies TagBody }),
    onSuccess: () => refresh(qc),
  });
}

/** DELETE /archive/tag/{name}: removes the tag from the person's sources. */
export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<null>(`/archive/tag/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSuccess: () => refresh(qc),
  });
}

/** Flips a tag's favorite in every cached usage page (optimistic; the caller rolls back). */
export function setUsageFavorite(qc: ReturnType<typeof useQueryClient>, name: string, favorite: boolean) {
  qc.setQueriesData<InfiniteData<UsagePage>>({ queryKey: ['tags', 'usage'] }, (data) =>
    data && {
      ...data,
      pages: data.pages.map((p) => ({ ...p, results: p.results.map((t) => (t.name === name ? { ...t, favorite } : t)) })),
    },
  );
}
