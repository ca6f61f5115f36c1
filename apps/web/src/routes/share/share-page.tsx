import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';

/** /archive/sauce/share/{id} (SPEC §2): the public shared source; a placeholder for now. */
export function SharePage() {
  const { t } = useTranslation('shell');
  return (
    <EmptyState
      icon={<Link2 size={28} strokeWidth={1.75} />}
      title={t('pages.share')}
      description={t('pages.shareDescription')}
    />
  );
}
