import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../../app/route-handle.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import { EmptyState } from '../../components/empty-state.tsx';

/** My page and workspace areas (SPEC §2 Routes) until they are built: says they are coming. */
export function ComingSoonPage() {
  const { t } = useTranslation('shell');
  const handle = useRouteHandle();
  const name = handle ? t(`titles.${handle.title}`) : '';
  return (
    <EmptyState
      icon={<Construction size={28} strokeWidth={1.75} />}
      title={`${name} · ${t('pages.comingSoon')}`}
      description={t('pages.comingSoonDescription', { name })}
      actions={
        <ButtonLink to="/dashboard" variant="secondary">
          {t('pages.backToDashboard')}
        </ButtonLink>
      }
    />
  );
}
