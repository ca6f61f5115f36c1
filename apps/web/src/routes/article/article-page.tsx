import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';

/** /article (SPEC §2): article browsing; for now the 'no related articles' empty state. */
export function ArticlePage() {
  const { t } = useTranslation('shell');
  return (
    <>
      <h1 className="visually-hidden">{t('titles.article')}</h1>
      <EmptyState
        level={2}
        icon={<Newspaper size={28} strokeWidth={1.75} />}
        title={t('pages.noArticles')}
        description={t('pages.noArticlesDescription')}
      />
    </>
  );
}
