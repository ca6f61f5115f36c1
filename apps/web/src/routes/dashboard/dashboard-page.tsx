import type { Sauce } from '@sauce/contract/sauces';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChipList } from '../../components/chip.tsx';
import { useFolders } from '../../lib/folders.ts';
import { useSauces } from '../../lib/sauces/get-sauces.ts';
import { ColourChip, ColourFilter } from '../../features/sauce-list/components/colour-filter.tsx';
import { useFindingTexts } from '../../features/sauce-list/i18n/index.ts';
import { SauceGrid } from '../../features/sauce-list/components/sauce-grid.tsx';
import { SauceTypeFilter } from '../../features/sauce-list/components/sauce-type-filter.tsx';
import { useDeleteSauceFlow } from '../../lib/sauces/use-delete-sauce-flow.ts';
import { useSauceFilters } from '../../features/sauce-list/hooks/use-sauce-filters.ts';
import { TagFilter, TagFilterChips } from '../../features/tags/components/tag-filter.tsx';
import { useCurrentWorkspace } from '../../lib/workspaces.ts';
import { usePolicy } from '../../lib/use-policy.ts';
import frame from '../../components/page.module.css';
import styles from './dashboard-page.module.css';
import { SearchBox } from './search-box.tsx';
import { DocumentTitle } from '../../components/document-title.tsx';

/**
 * /dashboard (SPEC §2): the source list of the current workspace. The URL holds the view:
 * ?folder (id), ?title (heading: folder name or tag), ?tag (repeats, at most 3), ?search,
 * and the SearchFilter flags ?image, ?text, ?favorite, ?broken (issue #21), read and changed
 * through useSauceFilters, which the global state mirrors (SPEC §4 search params and tag filter).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tf } = useFindingTexts();
  const workspace = useCurrentWorkspace();
  const { canWrite } = usePolicy();
  const { folder, title, search, tags, flags, colour, filters, filtered, setTags, addTag, removeTag, setSearch, setColour, toggleFlag } =
    useSauceFilters();
  const { data, isPending, isPlaceholderData, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useSauces(
    workspace?.id,
    filters,
  );
  // Another folder or tag heading than the list on screen is of (issue #19 item 8): until
  // its list arrives, the page shows it loading, not the old list and count under the new
  // name. A new search or type filter in the same view keeps the old cards, dimmed.
  const view = `${folder ?? ''}|${title ?? ''}`;
  const [shownView, setShownView] = useState(view);
  if (data && !isPlaceholderData && shownView !== view) setShownView(view);
  const switching = isPlaceholderData && shownView !== view;
  const { data: folders } = useFolders(workspace?.id);
  const deleteFlow = useDeleteSauceFlow(workspace?.id ?? 0);

  const folderName = folder ? folders?.find((f) => f.id === folder)?.name : undefined;
  const heading = title ?? folderName ?? (folder ? '' : t('all'));
  const onDelete = (sauce: Sauce) => void deleteFlow(sauce.id);
  const createHref = folder ? `/archive?folder=${folder}` : '/archive';

  return (
    <div className={frame.page}>
      <DocumentTitle>{`${heading || t('all')} · Sauce`}</DocumentTitle>
      <header className={frame.head}>
        <div className={styles.titleRow}>
          {workspace ? (
            <h1 className={styles.heading}>
              {tags.includes(title ?? '') ? `#${heading}` : heading}
              {data && !switching && (
                <span className={frame.count} aria-label={t('count', { count: data.count })}>
                  {data.count}
                </span>
              )}
              {switching && <span className={styles.countSkeleton} aria-hidden />}
            </h1>
          ) : (
            <div className={styles.headingSkeleton} aria-hidden />
          )}
        </div>
        <div className={frame.toolbar}>
          <SearchBox value={search} onChange={setSearch} />
          <TagFilter workspaceId={workspace?.id} value={tags} onAdd={addTag} onRemove={removeTag} />
          <ColourFilter value={colour} onChange={setColour} />
          <SauceTypeFilter flags={flags} onToggle={toggleFlag} />
        </div>
        {(colour || tags.length > 0) && (
          <div className={styles.chips}>
            {colour && (
              <ChipList aria-label={tf('colour.active')}>
                <ColourChip value={colour} onRemove={() => setColour(undefined)} />
              </ChipList>
            )}
            <TagFilterChips value={tags} onRemove={removeTag} onClear={() => setTags([])} />
          </div>
        )}
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
          highlight={data?.highlight}
          more={
            hasNextPage && !isPlaceholderData
              ? { load: () => void (isFetchingNextPage || fetchNextPage()), loading: isFetchingNextPage, label: t(isFetchingNextPage ? 'loadingMore' : 'more') }
              : undefined
          }
          loading={!workspace || isPending || switching}
          refreshing={isPlaceholderData}
          onDelete={onDelete}
          empty={
            <>
              <p className={frame.emptyTitle}>{t('empty')}</p>
              {filtered ? (
                <p className={frame.emptyHint}>{search || tags.length || colour ? t('emptyFiltered') : t('emptyFlagsOnly')}</p>
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
