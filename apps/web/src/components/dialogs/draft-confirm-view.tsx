import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { Dialog } from './dialog.tsx';

/** What the person chose: save a draft then leave, leave without one, or stay (Escape, ×, outside click). */
export type DraftConfirmChoice = 'save' | 'leave' | 'stay';

export interface DraftConfirmProps {
  open: boolean;
  onChoose(choice: DraftConfirmChoice): void;
}

/**
 * DraftConfirm (SPEC §2 Dialogs), the leave-page dialog of a new source: leaving deletes
 * what was written; 'Save draft' keeps it in this browser to continue later (SPEC §4).
 * Closing it any other way means staying.
 */
export function DraftConfirm({ open, onChoose }: DraftConfirmProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onChoose('stay')}
      title={t('draftConfirm.title')}
      description={t('draftConfirm.description')}
      width={400}
      footer={
        <>
          <Button onClick={() => onChoose('leave')}>{t('draftConfirm.leave')}</Button>
          <Button variant="primary" onClick={() => onChoose('save')} autoFocus>
            {t('draftConfirm.save')}
          </Button>
        </>
      }
    />
  );
}
