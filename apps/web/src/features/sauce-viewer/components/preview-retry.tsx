import type { Sauce } from '@sauce/contract/sauces';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { showToast } from '../../../state/app-store.ts';
import { useRefreshPreview } from '../api/refresh-preview.ts';
import styles from './preview-retry.module.css';

/**
 * Under a saved link whose preview could not be read (issue #23): says so and, for those who
 * may edit the source, offers to read it again. Nothing for any other state.
 */
export function PreviewRetry({ workspaceId, sauce }: { workspaceId: number; sauce: Sauce }) {
  const { t } = useTranslation('sauces');
  const retry = useRefreshPreview(workspaceId, sauce.id);
  if (sauce.textCard?.previewStatus !== 'failed') return null;
  return (
    <p className={styles.row} role="status">
      <span>{t('link.previewFailed')}</span>
      {sauce.isEditable && (
        <Button
          size="small"
          variant="ghost"
          disabled={retry.isPending}
          onClick={() => retry.mutate(undefined, { onError: () => showToast(t('link.previewRetryFailed'), 'error') })}
        >
          <RotateCw size={14} strokeWidth={1.75} aria-hidden />
          {t('link.previewRetry')}
        </Button>
      )}
    </p>
  );
}
