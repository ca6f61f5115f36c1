import { LIMITS } from '@sauce/contract/limits';
import type { SaucePage } from '@sauce/contract/sauces';
import { type InfiniteData, infiniteQueryOptions, keepPreviousData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../call.ts';
import { sauceKeys } from '../query-keys.ts';

/** Filters of the dashboard list (SPEC §2 Cards and lists; §5: at most 3 tags). */
export interface SauceFilters {
  folder?: number;
  search?: string;
  tags?: string[];
  image?: boolean;
  text?: boolean;
  favorite?: boolean;
  /** Issue #21: only sources whose link was found gone. */
  broken?: boolean;
  /** Issue #21 item 4: only sources with an image holding a colour close to this `#rrggbb`. */
  color?: string;
}

/** A page of the list: the contract's zSaucePage (issue #19 item 6). */
export type { SaucePage } from '@sauce/contract/sauces';

/** Where a page starts: the first (null), after a cursor, or a page number (a search). */
export type PageStart = null | { cursor: string } | { page: number };

/** GET /archive/sauce/{workspace}/list with pageSize 100 (SPEC §7 Sources, §9), from `start`. */
export function getSauces(workspaceId: number, f: SauceFilters, signal?: AbortSignal, start: PageStart = null): Promise<SaucePage> {
  return call('GET /archive/sauce/:workspace/list', {
    params: { workspace: workspaceId },
    signal,
    query: {
      pageSize: LIMITS.saucePageSize,
      folder: f.folder,
      search: f.search?.trim() || undefined,
      tag: f.tags?.slice(0, LIMITS.tagsInFilter),
      image: f.image ? 'true' : undefined,
      text: f.text ? 'true' : undefined,
      favorite: f.favorite ? 'true' : undefined,
      broken: f.broken ? 'true' : undefined,
      color: f.color || undefined,
      ...(start ?? {}),
    },
  });
}

/** The page after `last`: by its cursor, else (a search) by number; undefined on the last. */
const nextStart = (last: SaucePage): PageStart | undefined =>
  last.nextCursor ? { cursor: last.nextCursor } : last.next ? { page: last.next } : undefined;

export const saucesQuery = (workspaceId: number, filters: SauceFilters) =>
  infiniteQueryOptions({
    queryKey: [...sauceKeys.lists(workspaceId), filters],
    queryFn: ({ signal, pageParam }) => getSauces(workspaceId, filters, signal, pageParam),
    initialPageParam: null as PageStart,
    getNextPageParam: nextStart,
  });

/** Every cached page of a space's lists, `change`d (a deleted or shared source's cards follow at once). */
export function updateCachedLists(qc: QueryClient, workspaceId: number, change: (page: SaucePage) => SaucePage) {
  qc.setQueriesData<InfiniteData<SaucePage, PageStart>>({ queryKey: sauceKeys.lists(workspaceId) }, (data) =>
    data && { ...data, pages: data.pages.map(change) },
  );
}

/**
 * The filtered source list of a workspace, a page of 100 at a time as the person scrolls
 * (`fetchNextPage`; by cursor, issue #24), its pages' sources as one list; keeps the
 * previous list while a new filter loads.
 */
export function useSauces(workspaceId: number | undefined, filters: SauceFilters) {
  const query = useInfiniteQuery({
    ...saucesQuery(workspaceId ?? 0, filters),
    enabled: workspaceId !== undefined,
    placeholderData: keepPreviousData,
    // A saved article being summarised (issue #10): checked again until it is done. The
    // space's live events say so too; this covers a stream that is down.
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.results.some((s) => s.summary?.status === 'pending')) ? SUMMARY_POLL_MS : false,
  });
  const { data } = query;
  const list = useMemo(
    () =>
      data && {
        results: data.pages.flatMap((p) => p.results),
        count: data.pages[0]?.count ?? 0,
        highlight: data.pages[0]?.highlight ?? [],
      },
    [data],
  );
  return { ...query, data: list };
}

/** How often a list or source with a pending summary is read again, ms. */
export const SUMMARY_POLL_MS = 4_000;
