import type { Article } from '@sauce/contract/articles';
import { ARTICLE_LIMITS } from '@sauce/contract/categories';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ArticleCard, ArticleCardSkeleton } from './article-card.tsx';
import styles from './article-grid.module.css';

/** Cards whose pictures load at once: about the first two rows on a wide screen. */
const PRIORITY = 8;
/** SPEC §9 link prefetch margin: the next page is asked for this far before the end, px. */
const PREFETCH_MARGIN_PX = 200;

export interface ArticleGridProps {
  articles: Article[] | undefined;
  /** Articles in all (from the first page's count), to reserve the next page's boxes. */
  total: number;
  /** Before the first page: placeholders instead of cards. */
  loading: boolean;
  /** A new filter loads over the old cards. */
  refreshing?: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  onLoadMore(): void;
  onSave(article: Article): void;
  onTag(tag: string): void;
  empty: ReactNode;
  label: string;
}

/**
 * The article grid with infinite scroll (issue #10): equal cards in as many columns as fit;
 * the next page is fetched when the end comes within 200 px (SPEC §9), and while it loads
 * its cards' boxes are already in place (placeholders of a card's exact size), so nothing
 * moves when they arrive. A failed page offers a retry; the end is said.
 */
export function ArticleGrid(p: ArticleGridProps) {
  const { t } = useTranslation('articles');
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, moreFailed, onLoadMore } = p;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loadingMore || moreFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadMore(), {
      rootMargin: `${PREFETCH_MARGIN_PX}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, moreFailed, onLoadMore]);

  if (p.loading) {
    return (
      <div className={styles.grid} aria-busy="true" aria-label={p.label}>
        {Array.from({ length: 8 }, (_, i) => (
          <ArticleCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  const articles = p.articles ?? [];
  if (articles.length === 0) return <div className={styles.empty}>{p.empty}</div>;
  const reserved = loadingMore ? Math.min(ARTICLE_LIMITS.pageSize, Math.max(0, p.total - articles.length)) : 0;
  return (
    <>
      <ul className={`${styles.grid} ${p.refreshing ? styles.refreshing : ''}`} aria-label={p.label} aria-busy={p.refreshing || loadingMore || undefined}>
        {articles.map((article, i) => (
          <li key={article.id} className={styles.item}>
            <ArticleCard article={article} onSave={p.onSave} onTag={p.onTag} priority={i < PRIORITY} />
          </li>
        ))}
        {Array.from({ length: reserved }, (_, i) => (
          <li key={`reserved-${i}`} className={styles.item} aria-hidden>
            <ArticleCardSkeleton />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.after}>
        {loadingMore && <span className="visually-hidden" role="status">{t('page.loadingMore')}</span>}
        {moreFailed && (
          <p className={styles.moreFailed} role="alert">
            {t('page.loadMoreFailed')}
            <button type="button" className={styles.retry} onClick={onLoadMore}>
              {t('page.retry')}
            </button>
          </p>
        )}
        {!hasMore && !moreFailed && articles.length > ARTICLE_LIMITS.pageSize && <p className={styles.end}>{t('page.end')}</p>}
      </div>
    </>
  );
}
