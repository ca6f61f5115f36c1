import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CountBadge } from '../../../components/count-badge.tsx';
import { useCategories } from '../api/articles.ts';
import { CATEGORY_ICONS, CATEGORY_LIST, categoryFromParam } from '../lib/categories.tsx';
import sideNav from '../../../components/side-nav.module.css';
import styles from './category-nav.module.css';

/** The /article link for category `id`, keeping the search (SPEC §2: the category and search carry). */
export function categoryHref(id: number, search: string | null) {
  const q = new URLSearchParams();
  if (id !== -1) q.set('category', String(id));
  if (search) q.set('search', search);
  return q.size ? `/article?${q}` : '/article';
}

/**
 * The sidebar's category list (SPEC §2 Sidebar, entry types allCategory and category): all
 * articles (id -1) and the four categories with their icons and article counts; the
 * current one is marked. Signed in or not.
 */
export function CategoryNav({ onNavigate }: { onNavigate?(): void }) {
  const { t } = useTranslation('articles');
  const [params] = useSearchParams();
  const current = categoryFromParam(params.get('category')).id;
  const { data: categories } = useCategories();
  const counts = new Map(categories?.map((c) => [c.id, c.articleCount]));
  return (
    <nav className={sideNav.nav} aria-label={t('nav.label')}>
      <h2 className="visually-hidden">{t('nav.title')}</h2>
      <ul className={styles.list}>
        {CATEGORY_LIST.map((c) => {
          const Icon = CATEGORY_ICONS[c.key];
          const selected = c.id === current;
          const count = counts.get(c.id);
          return (
            <li key={c.id}>
              <Link
                to={categoryHref(c.id, params.get('search'))}
                className={`${styles.entry} ${selected ? styles.selected : ''}`}
                aria-current={selected ? 'page' : undefined}
                onClick={onNavigate}
              >
                <Icon size={16} strokeWidth={1.75} aria-hidden className={sideNav.icon} />
                <span className={sideNav.name}>{t(`categories.${c.key}`)}</span>
                {count === undefined ? (
                  <span className={sideNav.badgeSkeleton} aria-hidden />
                ) : (
                  <CountBadge className={sideNav.badge}>{count > 999 ? '999+' : count}</CountBadge>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
