import { useTranslation } from 'react-i18next';
import { SearchField } from '../../components/search-field.tsx';
import styles from './dashboard-page.module.css';

const MAX_SEARCH = 200;

/** Title search of the dashboard (SearchField): updates ?search. */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <SearchField
      value={value}
      onChange={onChange}
      maxLength={MAX_SEARCH}
      placeholder={t('search.placeholder')}
      label={t('search.label')}
      clearLabel={t('search.clear')}
      className={styles.search}
    />
  );
}
