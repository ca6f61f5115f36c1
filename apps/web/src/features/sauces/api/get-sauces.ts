import { LIMITS } from '@sauce/contract/limits';
import type { Sauce } from '@sauce/contract/sauces';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { sauceKeys } from '../../../lib/query-keys.ts';

/** Filters of the dashboard list (SPEC §2 Cards and lists; §5: at most 3 tags). */
export interface SauceFilters {
  folder?: number;
  search?: string;
  tags?: string[];
  image?: boolean;
  text?: boolean;
  favorite?: boolean;
}

export interface SaucePage {
  results: Sauce[];
  count: number;
  next: number | null;
  previous: number | null;
}

/** GET /archive/sauce/{workspace}/list with pageSize 100 (SPEC §7 Sources, §9). */
export function getSauces(workspaceId: number, f: SauceFilters, signal?: AbortSignal): Promise<SaucePage> {
  return api<SaucePage>(`/archive/sauce/${workspaceId}/list`, {
    signal,
    query: {
      pageSize: LIMITS.saucePageSize,
      folder: f.folder,
      search: f.search?.trim() || undefined,
      tag: f.tags?.slice(0, LIMITS.tagsInFilter),
      image: f.image || undefined,
      text: f.text || undefined,
      favorite: f.favorite || undefined,
    },
  });
}

export const saucesQuery = (workspaceId: number, filters: SauceFilters) =>
  queryOptions({
    queryKey: [...sauceKeys.lists(workspaceId), filters],
    queryFn: ({ signal }) => getSauces(workspaceId, filters, signal),
  });

/** The filtered source list of a workspace; keeps the previous page while a new filter loads. */
export function useSauces(workspaceId: number | undefined, filters: SauceFilters) {
  return useQuery({
    ...saucesQuery(workspaceId ?? 0, filters),
    enabled: workspaceId !== undefined,
    placeholderData: keepPreviousData,
    // A saved article being summarised (issue #10): checked again until it is done. The
    // space's live events say so too; this covers a stream that is down.
    refetchInterval: (q) => (q.state.data?.results.some((s) => s.summary?.status === 'pending') ? SUMMARY_POLL_MS : false),
  });
}

/** How often a list or source with a pending summary is read again, ms. */
export const SUMMARY_POLL_MS = 4_000;
