import { LIMITS } from '@sauce/contract/limits';
import type { Sauce } from '@sauce/contract/sauces';
import { Plus, SlidersHorizontal } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CountBadge } from '../../components/count-badge.tsx';
import { Menu, MenuCheckboxItem, MenuContent, MenuLabel, MenuTrigger } from '../../components/menu.tsx';
import { useFolders } from '../../features/folders/api/folders.ts';
import { useSauces, type SauceFilters } from '../../features/sauces/api/get-sauces.ts';
import { SauceGrid } from '../../features/sauces/components/sauce-grid.tsx';
import { useDeleteSauceFlow } from '../../features/sauces/hooks/use-delete-sauce-flow.ts';
import { TagFilter, TagFilterChips } from '../../features/tags/components/tag-filter.tsx';
import { useCurrentWorkspace } from '../../features/workspaces/api/get-workspaces.ts';
import { usePolicy } from '../../lib/use-policy.ts';
import { useAppStore } from '../../state/app-store.ts';
import frame from '../../components/page.module.css';
import styles from './dashboard-page.module.css';
import { SearchBox } from './search-box.tsx';
import { DocumentTitle } from '../../components/document-title.tsx';

type TypeFlag = 'image' | 'text' | 'favorite';
const TYPE_FLAGS: TypeFlag[] = ['image', 'text', 'favorite'];

/** Tags of the URL (?tag repeats), lowercase, unique, at most 3 (SPEC §5). */
function readTags(params: URLSearchParams): string[] {
  return [...new Set(params.getAll('tag').map((t) => t.trim().toLowerCase()).filter(Boolean))].slice(
    0,
    LIMITS.tagsInFilter,
  );
}

/**
 * /dashboard (SPEC §2): the source list of the current workspace. The URL holds the view:
 * ?folder (id), ?title (heading: folder name or tag), ?tag (repeats, at most 3), ?search,
 * and the SearchFilter flags ?image, ?text, ?favorite. The global state mirrors it
 * (SPEC §4 search params and tag filter).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const workspace = useCurrentWorkspace();
  const { canWrite } = usePolicy();
  const [params, setParams] = useSearchParams();
  const folderParam = Number(params.get('folder'));
  const folder = Number.isInteger(folderParam) && folderParam > 0 ? folderParam : undefined;
  const title = params.get('title')?.trim() || undefined;
  const search = params.get('search') ?? '';
  const tags = useMemo(() => readTags(params), [params]);
  const flags = Object.fromEntries(TYPE_FLAGS.map((f) => [f, params.get(f) === 'true'])) as Record<TypeFlag, boolean>;

  const filters: SauceFilters = { folder, search: search.trim() || undefined, tags, ...flags };
  const { data, isPending, isPlaceholderData, isError, refetch } = useSauces(workspace?.id, filters);
  const { data: folders } = useFolders(workspace?.id);
  const deleteFlow = useDeleteSauceFlow(workspace?.id ?? 0);

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
  const toggleFlag = (flag: TypeFlag) =>
    update((p) => {
      if (p.get(flag) === 'true') p.delete(flag);
      else p.set(flag, 'true');
    });

  const folderName = folder ? folders?.find((f) => f.id === folder)?.name : undefined;
  const heading = title ?? folderName ?? (folder ? '' : t('all'));
  const filtered = !!(search || tags.length || flags.image || flags.text || flags.favorite);
  const onDelete = (sauce: Sauce) => void deleteFlow(sauce.id);
  const createHref = folder ? `/archive?folder=${folder}` : '/archive';
  const activeFlags = TYPE_FLAGS.filter((f) => flags[f]).length;

  return (
    <div className={frame.page}>
      <DocumentTitle>{`${heading || t('all')} · Sauce`}</DocumentTitle>
      <header className={frame.head}>
        <div className={styles.titleRow}>
          {workspace ? (
            <h1 className={styles.heading}>
              {tags.includes(title ?? '') ? `#${heading}` : heading}
              {data && (
                <span className={frame.count} aria-label={t('count', { count: data.count })}>
                  {data.count}
                </span>
              )}
            </h1>
          ) : (
            <div className={styles.headingSkeleton} aria-hidden />
          )}
        </div>
        <div className={frame.toolbar}>
          <SearchBox value={search} onChange={setSearch} />
          <TagFilter value={tags} onAdd={addTag} onRemove={removeTag} />
          <Menu modal={false}>
            <MenuTrigger
              className={`${styles.filterButton} ${activeFlags ? styles.filterActive : ''}`}
              aria-label={activeFlags ? t('filter.buttonCount', { count: activeFlags }) : t('filter.button')}
            >
              <SlidersHorizontal size={16} strokeWidth={1.75} aria-hidden />
              <span className={styles.filterLabel}>{t('filter.button')}</span>
              {activeFlags > 0 && <CountBadge tone="accent">{activeFlags}</CountBadge>}
            </MenuTrigger>
            <MenuContent className={styles.menu} align="end" sideOffset={8}>
              <MenuLabel className={styles.menuLabel}>{t('filter.title')}</MenuLabel>
              {TYPE_FLAGS.map((flag) => (
                <MenuCheckboxItem
                  key={flag}
                  className={styles.menuItem}
                  boxClassName={styles.menuCheck}
                  checked={flags[flag]}
                  onCheckedChange={() => toggleFlag(flag)}
                >
                  {t(`filter.${flag}`)}
                </MenuCheckboxItem>
              ))}
            </MenuContent>
          </Menu>
        </div>
        <TagFilterChips value={tags} onRemove={removeTag} onClear={() => setTags([])} />
      </header>

      {isError && !data ? (
        <div className={frame.error} role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className={styles.retry} onClick={() => void refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <SauceGrid
          label={t('listLabel')}
          sauces={data?.results}
          loading={!workspace || isPending}
          refreshing={isPlaceholderData}
          onDelete={onDelete}
          empty={
            <>
              <p className={frame.emptyTitle}>{t('empty')}</p>
              {filtered ? (
                <p className={frame.emptyHint}>{search || tags.length ? t('emptyFiltered') : t('emptyFlagsOnly')}</p>
              ) : (
                canWrite && (
                  <Link to={createHref} className={styles.emptyAction}>
                    <Plus size={16} strokeWidth={1.75} aria-hidden />
                    {t('create')}
                  </Link>
                )
              )}
            </>
          }
        />
      )}
    </div>
  );
}
