import type { Sauce } from '@sauce/contract/sauces';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { showLimitNoticeFor } from '../../../components/dialogs/limit-notice.ts';
import { SpaceFolderPicker, useSpaceFolderChoice } from '../../../components/dialogs/space-folder-picker.tsx';
import { errorMessage } from '../../../lib/sauces/error-message.ts';
import { sauceName } from '../../../lib/sauces/format.ts';
import { useWorkspaceName } from '../../../lib/workspaces.ts';
import { showToast } from '../../../state/app-store.ts';
import { useSaveSharedSauce } from '../api/save-shared-sauce.ts';
import styles from './board.module.css';

/** SPEC §9's width of the article flow's save dialog, whose picker this one shares. */
const WIDTH = 336;

/**
 * 'Save to Sauce' for a source of a board (issue #32): the article flow's choice of a space and
 * folders (SPEC §2 AddArticle), a note on what is copied, and Save, which copies the source
 * into that space (its images one by one, with their progress). Cancel saves nothing.
 */
export function SaveToSauceDialog({ sauce, onClose }: { sauce: Sauce; onClose: () => void }) {
  const { t } = useTranslation('boards');
  const nameOf = useWorkspaceName();
  const choice = useSpaceFolderChoice();
  const save = useSaveSharedSauce();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const { workspace } = choice;

  const submit = () => {
    if (!workspace) return;
    save.mutate(
      { sauce, workspaceId: workspace.id, folderSet: choice.folderIds, onProgress: (done, total) => setProgress({ done, total }) },
      {
        onSuccess: () => {
          showToast(t('saveDialog.saved', { space: nameOf(workspace) }), 'success');
          onClose();
        },
        onError: (e) => {
          setProgress(null);
          if (!showLimitNoticeFor(e)) showToast(errorMessage(e, t('saveDialog.failed')), 'error');
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !save.isPending && onClose()}
      width={WIDTH}
      title={t('saveDialog.title')}
      description={sauceName(sauce) || t('sauces:untitled')}
      footer={
        <>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common:cancel')}
          </Button>
          <Button variant="primary" onClick={submit} pending={save.isPending} disabled={!workspace}>
            {t('saveDialog.submit')}
          </Button>
        </>
      }
    >
      <div className={styles.saveBody}>
        <SpaceFolderPicker choice={choice} />
        <p className={styles.saveNote} aria-live="polite">
          {progress && progress.total > 0 && save.isPending ? t('saveDialog.copying', progress) : t('saveDialog.note')}
        </p>
      </div>
    </Dialog>
  );
}
