import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link.tsx';
import { EmptyState } from '../components/empty-state.tsx';

/** /archive/notAuthorized (SPEC §2 Routes): the not-authorized notice. */
export function NotAuthorizedPage() {
  const { t } = useTranslation('shell');
  return (
    <EmptyState
      icon={<Lock size={28} strokeWidth={1.75} />}
      title={t('pages.notAuthorized')}
      description={t('pages.notAuthorizedDescription')}
      actions={
        <ButtonLink to="/dashboard" variant="primary">
          {t('pages.backToDashboard')}
        </ButtonLink>
      }
    />
  );
}
