import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link.tsx';
import { EmptyState } from '../components/empty-state.tsx';

/** Fallback for unknown routes. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <EmptyState
      icon={<Compass size={28} strokeWidth={1.75} />}
      title={t('pages.notFound')}
      description={t('pages.notFoundDescription')}
      actions={
        <ButtonLink to="/dashboard" variant="primary">
          {t('pages.backToDashboard')}
        </ButtonLink>
      }
    />
  );
}
