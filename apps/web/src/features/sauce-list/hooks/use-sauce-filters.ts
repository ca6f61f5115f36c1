import { LIMITS } from '@sauce/contract/limits';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAppStore } from '../../../state/app-store.ts';
import type { SauceFilters } from '../../../lib/sauces/get-sauces.ts';
import { readColour } from '../lib/colour-presets.ts';
import { positiveInt } from '../../../lib/sauces/use-dashboard-href.ts';

/** SearchFilter's flags (issue #21): image or text sources only, favourites, broken links. */
export type TypeFlag = 'image' | 'text' | 'favorite' | 'broken';
export const TYPE_FLAGS: TypeFlag[] = ['image', 'text', 'favorite', 'broken'];

/** Tags of the URL (?tag repeats), lowercase, unique, at most 3 (SPEC §5). */
function readTags(params: URLSearchParams): string[] {
  return [...new Set(params.getAll('tag').map((t) => t.trim().toLowerCase()).filter(Boolean))].slice(0, LIMITS.tagsInFilter);
}

/**
 * The source list's view as the dashboard's URL holds it (SPEC §2 /dashboard): ?folder
 * (id), ?title (heading: folder name or tag), ?tag (repeats, at most 3), ?search, the
 * flags ?image, ?text, ?favorite, ?broken and ?color (`#rrggbb`, anything else ignored;
 * issue #21); with the changes a person makes to it. The global state mirrors it (SPEC §4 selected folder, search params and tag filter).
 */
export function useSauceFilters() {
  const [params, setParams] = useSearchParams();
  const folder = positiveInt(params.get('folder'));
  const title = params.get('title')?.trim() || undefined;
  const search = params.get('search') ?? '';
  const tags = useMemo(() => readTags(params), [params]);
  const flags = Object.fromEntries(TYPE_FLAGS.map((f) => [f, params.get(f) === 'true'])) as Record<TypeFlag, boolean>;
  const colour = readColour(params.get('color'));
  const filters: SauceFilters = { folder, search: search.trim() || undefined, tags, ...flags, color: colour };

  // SPEC §4: the global state holds the selected folder, search params and tag filter.
  const tagKey = tags.join(',');
  useEffect(() => {
    useAppStore.getState().set({
      selectedFolder: folder ?? null,
      searchParams: { folder: folder ? String(folder) : undefined, title, tag: tags[0] },
      tagFilter: tags,
    });
    // tags is derived from tagKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [folder, title, tagKey]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const setTags = (next: string[]) =>
    update((p) => {
      const currentTitle = p.get('title');
      p.delete('tag');
      next.forEach((tag) => p.append('tag', tag));
      // A tag heading goes with its tag.
      if (currentTitle && tags.includes(currentTitle) && !next.includes(currentTitle)) p.delete('title');
    });
  // SPEC §4 Tag filter: a tag is added only if it is absent; at most 3.
  const addTag = (name: string) => !tags.includes(name) && tags.length < LIMITS.tagsInFilter && setTags([...tags, name]);
  const removeTag = (name: string) => setTags(tags.filter((tag) => tag !== name));
  const setSearch = useCallback(
    (value: string) =>
      update((p) => {
        if (value.trim()) p.set('search', value.trim());
        else p.delete('search');
      }, true),
    [update],
  );
  const setColour = useCallback(
    (hex: string | undefined) =>
      update((p) => {
        if (hex) p.set('color', hex);
        else p.delete('color');
      }),
    [update],
  );
  const toggleFlag = (flag: TypeFlag) =>
    update((p) => {
      if (p.get(flag) === 'true') p.delete(flag);
      else p.set(flag, 'true');
    });
  const filtered = !!(search || tags.length || colour || flags.image || flags.text || flags.favorite || flags.broken);

  return { folder, title, search, tags, flags, colour, filters, filtered, setTags, addTag, removeTag, setSearch, setColour, toggleFlag };
}
