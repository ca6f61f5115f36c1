import type { Article } from '@sauce/contract/articles';
import { Settings2 } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useProfile } from '../../lib/session.ts';
import { useArticles } from '../../features/articles/api/articles.ts';
import { ArticleGrid } from '../../features/articles/components/article-grid.tsx';
import { ArticleSearch } from '../../features/articles/components/article-search.tsx';
import { useSaveArticle } from '../../features/articles/hooks/use-save-article.tsx';
import { categoryFromParam } from '../../features/articles/lib/categories.tsx';
import { useAppStore } from '../../state/app-store.ts';
import frame from '../../components/page.module.css';
import styles from './article-page.module.css';
import { DocumentTitle } from '../../components/document-title.tsx';

/**
 * /article (SPEC §2, public): curated articles by category (?category, -1 or absent for
 * all) and search (?search, title or tag; a clicked tag sets it), infinite scroll, and
 * 'save to my sauce' — AddArticle when signed in, else sign-in first (SPEC §4
 * clickedArticle). The sidebar lists the categories; the header's tabs carry the query.
 */
export function ArticlePage() {
  const { t } = useTranslation('articles');
  const [params, setParams] = useSearchParams();
  const category = categoryFromParam(params.get('category'));
  const search = params.get('search')?.trim() ?? '';
  const { data: user } = useProfile();
  const query = useArticles({ category: category.id, search });
  const { save, dialog } = useSaveArticle();

  // SPEC §4: the selected category is global state (default: all articles).
  useEffect(() => useAppStore.getState().set({ selectedCategory: category.id }), [category.id]);

  const setSearch = useCallback(
    (value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set('search', value);
          else next.delete('search');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onTag = (tag: string) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    next.set('search', tag);
    return next;
  });

  const articles = query.data?.pages.flatMap((p) => p.results);
  const total = query.data?.pages[0]?.count ?? 0;
  const heading = t(`categories.${category.key}`);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <div className={frame.page}>
      <DocumentTitle>{`${heading} · Sauce`}</DocumentTitle>
      <header className={frame.head}>
        <div className={styles.titleRow}>
          <h1 className={frame.heading}>
            {heading}
            {query.data && (
              <span className={frame.count} aria-label={t('page.count', { count: total })}>
                {total}
              </span>
            )}
          </h1>
          {user?.isAdmin && (
            <Link to="/admin/articles" className={styles.manage}>
              <Settings2 size={16} strokeWidth={1.75} aria-hidden />
              {t('page.manage')}
            </Link>
          )}
        </div>
        <div className={frame.toolbar}>
          <ArticleSearch value={search} onChange={setSearch} />
        </div>
        {search && <p className={styles.searching}>{t('page.searchingFor', { search })}</p>}
      </header>

      {query.isError && !query.data ? (
        <div className={frame.error} role="alert">
          <p>{t('page.loadFailed')}</p>
          <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
            {t('page.retry')}
          </button>
        </div>
      ) : (
        <ArticleGrid
          label={t('page.listLabel')}
          articles={articles}
          total={total}
          loading={query.isPending}
          refreshing={query.isPlaceholderData}
          hasMore={!!query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          moreFailed={query.isFetchNextPageError}
          onLoadMore={loadMore}
          onSave={(a: Article) => save(a)}
          onTag={onTag}
          empty={
            <>
              <p className={frame.emptyTitle}>{t('page.empty')}</p>
              <p className={frame.emptyHint}>{search ? t('page.emptySearch') : t('page.emptyCategory')}</p>
              {search ? (
                <button type="button" className={styles.retry} onClick={() => setSearch('')}>
                  {t('page.clearSearch')}
                </button>
              ) : (
                category.id !== -1 && (
                  <Link to="/article" className={styles.retry}>
                    {t('page.showAll')}
                  </Link>
                )
              )}
            </>
          }
        />
      )}
      {dialog}
    </div>
  );
}
