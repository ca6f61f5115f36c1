import { LIMITS } from '@sauce/contract/limits';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialogs/dialog.tsx';
import { TextField } from '../../components/text-field.tsx';
import { FolderMultiSelect } from '../../features/folders/components/folder-multi-select.tsx';
import { TagInput } from '../../features/tags/components/tag-input.tsx';
import styles from './save-archive-dialog.module.css';

export interface SaveArchiveValues {
  title: string;
  folderIds: number[];
  tags: string[];
}

export interface SaveArchiveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspaceId: number;
  initial: SaveArchiveValues;
  /** Saving in progress: the dialog cannot be closed and shows progress. */
  saving: boolean;
  /** The source has a link, whose metadata the server reads while saving. */
  hasLink: boolean;
  onSave: (values: SaveArchiveValues) => void;
}

/**
 * SaveArchive (SPEC §2 Dialogs): title, folders (FolderMultiSelect; a folder created from
 * it comes back preselected) and tags, then Save. While saving it stays open with an
 * indeterminate bar; the server reads the link's preview then, which may take a moment.
 */
export function SaveArchiveDialog({ open, onOpenChange, workspaceId, initial, saving, hasLink, onSave }: SaveArchiveDialogProps) {
  const { t } = useTranslation('archive');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('saveDialog.title')} preventClose={saving} width={440}>
      {open && <SaveForm workspaceId={workspaceId} initial={initial} saving={saving} hasLink={hasLink} onSave={onSave} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function SaveForm({
  workspaceId,
  initial,
  saving,
  hasLink,
  onSave,
  onCancel,
}: Omit<SaveArchiveDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const { t } = useTranslation('archive');
  const [values, setValues] = useState(initial);
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        // Forms of dialogs opened from here (FolderAdd) bubble through the React tree.
        if (e.target !== e.currentTarget) return;
        if (!saving) onSave(values);
      }}
      aria-busy={saving || undefined}
    >
      <TextField
        label={t('saveDialog.titleLabel')}
        value={values.title}
        maxLength={LIMITS.textTitleLength}
        onChange={(title) => setValues((v) => ({ ...v, title }))}
        placeholder={t('text.titlePlaceholder')}
        disabled={saving}
      />
      <div className={styles.field}>
        <span className={styles.label}>{t('saveDialog.foldersLabel')}</span>
        <FolderMultiSelect workspaceId={workspaceId} value={values.folderIds} onChange={(folderIds) => setValues((v) => ({ ...v, folderIds }))} />
      </div>
      <TagInput value={values.tags} onChange={(tags) => setValues((v) => ({ ...v, tags }))} disabled={saving} />
      {saving && (
        <div className={styles.progress} role="status">
          <div className={styles.track} aria-hidden>
            <span className={styles.indeterminate} />
          </div>
          <p className={styles.progressText}>{hasLink ? t('saveDialog.fetchingLink') : t('saveDialog.saving')}</p>
        </div>
      )}
      <div className={styles.footer}>
        <Button onClick={onCancel} disabled={saving}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {saving && <Loader2 size={16} strokeWidth={1.75} className={styles.spin} aria-hidden />}
          {saving ? t('saveDialog.saving') : t('saveDialog.save')}
        </Button>
      </div>
    </form>
  );
}
