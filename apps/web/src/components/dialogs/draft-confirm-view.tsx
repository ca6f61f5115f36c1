import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { Dialog } from './dialog.tsx';

/** What the person chose: save a draft then leave, leave without one, or stay (Escape, ×, outside click). */
export type DraftConfirmChoice = 'save' | 'leave' | 'stay';

export interface DraftConfirmProps {
  open: boolean;
  /** The page continues a saved draft, which leaving keeps (issue #31 item 15). */
  fromDraft?: boolean;
  onChoose(choice: DraftConfirmChoice): void;
}

/**
 * DraftConfirm (SPEC §2 Dialogs), the leave-page dialog of a new source: leaving deletes
 * what was written; 'Save draft' keeps it in this browser to continue later (SPEC §4).
 * Closing it any other way means staying. Continuing a saved draft, leaving loses only the
 * changes since: the dialog says so.
 */
export function DraftConfirm({ open, fromDraft, onChoose }: DraftConfirmProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onChoose('stay')}
      title={t('draftConfirm.title')}
      description={t(fromDraft ? 'draftConfirm.descriptionFromDraft' : 'draftConfirm.description')}
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
