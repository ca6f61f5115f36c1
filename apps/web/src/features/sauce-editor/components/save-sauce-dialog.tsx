import { LIMITS } from '@sauce/contract/limits';
import { Image as ImageIcon, Loader2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useEditorKit } from './editor-kit.ts';
import styles from './save-sauce-dialog.module.css';

export interface SaveSauceValues {
  title: string;
  folderIds: number[];
  tags: string[];
}

export interface SaveSauceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspaceId: number;
  initial: SaveSauceValues;
  /** Saving in progress: the dialog cannot be closed and shows progress. */
  saving: boolean;
  /** The source has a link, whose metadata the server reads while saving. */
  hasLink?: boolean;
  /** Most characters in the title: 100 for text sources (default), 60 for image sources (SPEC §5). */
  titleMaxLength?: number;
  /** A line above the fields saying what is being saved (image sources: images and comments). */
  summary?: ReactNode;
  onSave: (values: SaveSauceValues) => void;
}

/**
 * SaveArchive (SPEC §2 Dialogs): title, folders (the page's FolderField, FolderMultiSelect; a folder created from
 * it comes back preselected) and tags, then Save. While saving it stays open with an
 * indeterminate bar; the server reads the link's preview then, which may take a moment.
 */
export function SaveSauceDialog({ open, onOpenChange, ...form }: SaveSauceDialogProps) {
  const { t } = useTranslation('archive');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('saveDialog.title')} preventClose={form.saving} width={440}>
      {open && <SaveForm {...form} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

export interface SaveImageSauceDialogProps extends Omit<SaveSauceDialogProps, 'hasLink' | 'titleMaxLength' | 'summary'> {
  /** Uploaded images that will be saved. */
  imageCount: number;
  /** Comments on them, replies included. */
  commentCount: number;
}

/**
 * SaveImageArchive (SPEC §2 Dialogs): SaveArchive for an image source — the title allows 60
 * characters (SPEC §5), and a line says how many images and comments are being saved.
 */
export function SaveImageSauceDialog({ imageCount, commentCount, ...props }: SaveImageSauceDialogProps) {
  const { t } = useTranslation('images');
  return (
    <SaveSauceDialog
      {...props}
      titleMaxLength={LIMITS.imageTitleLength}
      summary={
        <>
          <ImageIcon size={16} strokeWidth={1.75} aria-hidden />
          {t('saveDialog.summary', {
            images: t('imageCount', { count: imageCount }),
            comments: t('commentCount', { count: commentCount }),
          })}
        </>
      }
    />
  );
}

function SaveForm({
  workspaceId,
  initial,
  saving,
  hasLink = false,
  titleMaxLength = LIMITS.textTitleLength,
  summary,
  onSave,
  onCancel,
}: Omit<SaveSauceDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const { t } = useTranslation('archive');
  const { TagField, FolderField } = useEditorKit();
  const [values, setValues] = useState(initial);
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        // This form's own submit only, not that of a dialog opened from here (FolderAdd).
        if (e.target !== e.currentTarget) return;
        if (!saving) onSave(values);
      }}
      aria-busy={saving || undefined}
    >
      {summary && <p className={styles.summary}>{summary}</p>}
      <TextField
        label={t('saveDialog.titleLabel')}
        value={values.title}
        maxLength={titleMaxLength}
        onChange={(title) => setValues((v) => ({ ...v, title }))}
        placeholder={t('text.titlePlaceholder')}
        disabled={saving}
      />
      <div className={styles.field}>
        <span className={styles.label}>{t('saveDialog.foldersLabel')}</span>
        <FolderField workspaceId={workspaceId} value={values.folderIds} onChange={(folderIds) => setValues((v) => ({ ...v, folderIds }))} />
      </div>
      <TagField value={values.tags} onChange={(tags) => setValues((v) => ({ ...v, tags }))} disabled={saving} />
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
