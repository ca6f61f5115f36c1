import { ImagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link.tsx';
import { EmptyState } from '../components/empty-state.tsx';

/** /archive/image until the image editor is built (SPEC §2 Routes). */
export function ArchiveImagePlaceholderPage() {
  const { t } = useTranslation('shell');
  return (
    <EmptyState
      icon={<ImagePlus size={28} strokeWidth={1.75} />}
      title={`${t('titles.archiveImage')} · ${t('pages.comingSoon')}`}
      description={t('pages.imageSoonDescription')}
      actions={
        <>
          <ButtonLink to="/dashboard">{t('pages.backToDashboard')}</ButtonLink>
          <ButtonLink to="/archive/text" variant="primary">
            {t('pages.makeText')}
          </ButtonLink>
        </>
      }
    />
  );
}
