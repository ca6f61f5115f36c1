import { ARTICLE_LIMITS } from '@sauce/contract/categories';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/search-field.tsx';
import styles from './article-search.module.css';

/** Search of the article page, by title or tag (SearchField); sends the text trimmed. */
export function ArticleSearch({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation('articles');
  return (
    <SearchField
      value={value}
      onChange={(next) => onChange(next.trim())}
      maxLength={ARTICLE_LIMITS.searchLength}
      placeholder={t('page.searchPlaceholder')}
      label={t('page.searchLabel')}
      clearLabel={t('page.searchClear')}
      className={styles.search}
    />
  );
}
