import { LIMITS } from '@sauce/contract/limits';
import type { Metadata } from '@sauce/contract/meta';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';

export const EMPTY_METADATA: Metadata = { title: '', description: '', image: '' };

/** localStorage key prefix of cached link metadata (SPEC §7 Same-origin metadata). */
export const META_CACHE_PREFIX = 'meta_';

interface CacheEntry {
  /** Epoch ms when the entry was stored. */
  at: number;
  data: Metadata;
}

function readCache(url: string, now: number): Metadata | null {
  try {
    const raw = localStorage.getItem(META_CACHE_PREFIX + url);
    if (!raw) return null;
    const entry = JSON.parse(raw) as CacheEntry;
    if (typeof entry.at !== 'number' || now - entry.at >= LIMITS.metadataCacheMs) {
      localStorage.removeItem(META_CACHE_PREFIX + url);
      return null;
    }
    return entry.data;
  } catch {
    return null;
  }
}

function writeCache(url: string, data: Metadata, now: number) {
  try {
    localStorage.setItem(META_CACHE_PREFIX + url, JSON.stringify({ at: now, data } satisfies CacheEntry));
  } catch {
    // Storage full or disabled: the preview still shows, just uncached.
  }
}

/**
 * Link metadata {title, description, image} from GET /api/metaData/getMeta?url=, cached in
 * localStorage for 1 hour (3,600,000 ms) under `meta_{url}` (SPEC §7, §9). Never throws: a
 * failure logs 'failed to fetch metadata' and yields empty metadata (SPEC §8).
 */
export async function getMetadata(url: string, signal?: AbortSignal): Promise<Metadata> {
  const now = Date.now();
  const cached = readCache(url, now);
  if (cached) return cached;
  try {
    const data = await call('GET /metaData/getMeta', { query: { url }, signal });
    const clean: Metadata = { title: data.title ?? '', description: data.description ?? '', image: data.image ?? '' };
    writeCache(url, clean, now);
    return clean;
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    console.error('failed to fetch metadata', e);
    return EMPTY_METADATA;
  }
}

export const metadataQuery = (url: string) =>
  queryOptions({
    queryKey: ['metadata', url],
    queryFn: ({ signal }) => getMetadata(url, signal),
    staleTime: LIMITS.metadataCacheMs,
  });

/** Metadata of `url`; idle while `url` is null. */
export function useMetadata(url: string | null) {
  return useQuery({ ...metadataQuery(url ?? ''), enabled: !!url });
}
