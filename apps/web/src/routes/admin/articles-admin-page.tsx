import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { useProfile } from '../../lib/session.ts';
import { AddArticleForm, AdminArticleList } from '../../features/articles/components/admin-articles.tsx';
import { AdminFeeds } from '../../features/articles/components/admin-feeds.tsx';
import styles from './articles-admin-page.module.css';

type Tab = 'articles' | 'feeds';

/**
 * /admin/articles (issue #10 Curation): administrators (ADMIN_EMAILS) add articles by link,
 * edit, hide and delete them, and subscribe categories to feeds. Anyone else gets a notice
 * (the server refuses them too: 403).
 */
export function ArticlesAdminPage() {
  const { t } = useTranslation('articles');
  const { data: user, isPending } = useProfile();
  const [tab, setTab] = useState<Tab>('articles');
  if (isPending) return <div className={styles.page} aria-busy="true" />;
  if (!user?.isAdmin) {
    return (
      <EmptyState
        icon={<ShieldAlert size={28} strokeWidth={1.75} />}
        title={t('admin.notAdmin')}
        description={t('admin.notAdminDescription')}
        actions={
          <Link to="/article" className={styles.back}>
            {t('admin.back')}
          </Link>
        }
      />
    );
  }
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <Link to="/article" className={styles.backLink}>
          <ArrowLeft size={16} strokeWidth={1.75} aria-hidden />
          {t('admin.back')}
        </Link>
        <h1 className={styles.heading}>{t('admin.title')}</h1>
        <p className={styles.description}>{t('admin.description')}</p>
        <div className={styles.tabs} role="tablist" aria-label={t('admin.tabs')}>
          {(['articles', 'feeds'] as const).map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`admin-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`admin-panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              className={`${styles.tab} ${tab === id ? styles.active : ''}`}
              onClick={() => setTab(id)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                  const next = id === 'articles' ? 'feeds' : 'articles';
                  setTab(next);
                  document.getElementById(`admin-tab-${next}`)?.focus();
                }
              }}
            >
              {t(id === 'articles' ? 'admin.articlesTab' : 'admin.feedsTab')}
            </button>
          ))}
        </div>
      </header>
      <div id={`admin-panel-${tab}`} role="tabpanel" aria-labelledby={`admin-tab-${tab}`} className={styles.panel}>
        {tab === 'articles' ? (
          <>
            <AddArticleForm />
            <AdminArticleList />
          </>
        ) : (
          <AdminFeeds />
        )}
      </div>
    </div>
  );
}
