import { LIMITS } from '@sauce/contract/limits';
import type { Sauce } from '@sauce/contract/sauces';
import { Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { Tooltip } from '../../../components/tooltip.tsx';
import { showToast } from '../../../state/app-store.ts';
import { useDeleteSauce } from '../../../lib/sauces/delete-sauce.ts';
import { useDashboardHref } from '../../../lib/sauces/use-dashboard-href.ts';
import { uploadsSettled, useSauceState, useImageSauce } from '../../../lib/sauces/use-image-sauce.ts';
import { useImageIntake } from '../hooks/use-image-intake.ts';
import { allowLeave } from '../../../lib/sauces/use-leave-guard.ts';
import { useSaveSauce } from '../hooks/use-save-sauce.ts';
import { useSauceEditor } from '../hooks/use-sauce-editor.ts';
import { sauceCounts, sauceFingerprint, toImageDraft, toImageInputs } from '../../../lib/sauces/image-sauce/convert.ts';
import type { ImageSauceState } from '../../../lib/sauces/image-sauce/state.ts';
import { CountedField } from './counted-field.tsx';
import fieldStyles from './counted-field.module.css';
import { existingFolders, useEditorKit } from './editor-kit.ts';
import { ImageDropArea, ImageDropOverlay } from './image-drop-overlay.tsx';
import styles from '../../../components/sauce/image-editor.module.css';
import { saveProblemMessage } from '../../../components/image-viewer/image-messages.ts';
import { ImageViewer } from '../../../components/image-viewer/image-viewer.tsx';
import { CancelEditButton, DeleteSauceButton, SauceBar } from '../../../components/sauce/sauce-toolbar.tsx';
import { type SaveSauceValues, SaveImageSauceDialog } from './save-sauce-dialog.tsx';

export interface ImageEditorProps {
  workspaceId: number;
  /** The saved source being edited; undefined for a new one. */
  sauce?: Sauce;
  initial: ImageSauceState;
  /** It continues the workspace's draft, cleared once the source is saved. */
  fromDraft?: boolean;
  /** Images shared to Sauce from another app wait for it (issue #11 item 9): they are added and uploaded. */
  takeShared?: boolean;
  /** Back to view mode: cancelled, or saved. Only for a saved source. */
  onDone?: () => void;
}

/**
 * Edit mode for a new source, a draft or a saved source (SPEC §4 Image archive state):
 * images come in by the file picker, dropping files anywhere on the page or pasting, and
 * upload at once, each with its own progress; comments are placed on the image; Save opens
 * SaveImageArchive. Leaving with changes asks first (useSauceEditor); saved, it lands on
 * the source's view (useSaveSauce).
 */
export function ImageEditor({ workspaceId, sauce, initial, fromDraft, takeShared, onDone }: ImageEditorProps) {
  const { t } = useTranslation('images');
  const navigate = useNavigate();
  const { href } = useDashboardHref();
  const kit = useEditorKit();
  const liveSauce = useImageSauce(workspaceId, () => initial);
  const state = useSauceState(liveSauce.store);
  const { dispatch } = state;
  const [initialPrint] = useState(() => sauceFingerprint(initial));
  const fileInput = useRef<HTMLInputElement>(null);
  const removeSauce = useDeleteSauce(workspaceId);
  const flow = useSaveSauce({ workspaceId, sauce, fromDraft, onSaved: onDone, problemMessage: (e) => saveProblemMessage(t, e) });
  const counts = sauceCounts(state);
  const dirty = sauceFingerprint(state) !== initialPrint;
  const waitId = useId();

  useSauceEditor({
    mode: 'IMAGE',
    workspaceId,
    sauce,
    fromDraft,
    dirty,
    toDraft: () => toImageDraft(liveSauce.store.getState()),
    // A draft names uploaded images only: 'Save draft' waits for the uploads under way.
    settle: () => uploadsSettled(liveSauce.store),
  });
  const addFiles = useImageIntake(liveSauce, { takeShared, paused: flow.dialogOpen });
  const chooseFiles = () => fileInput.current?.click();

  const removeImage = async (key: string) => {
    const { images } = liveSauce.store.getState();
    const index = images.findIndex((img) => img.key === key);
    const image = images[index];
    if (!image) return;
    // SPEC §4: the last image deleted deletes the source.
    if (sauce && images.length === 1) {
      const ok = await confirmDialog({
        title: t('lastImage.title'),
        description: t('lastImage.description'),
        confirmText: t('lastImage.confirm'),
        destructive: true,
      });
      if (!ok) return;
      try {
        await removeSauce.mutateAsync(sauce.id);
      } catch {
        showToast(t('sauces:delete.failed'), 'error');
        return;
      }
      showToast(t('sauces:delete.done'), 'success');
      allowLeave();
      navigate(href);
      return;
    }
    if (image.comments.length > 0) {
      const ok = await confirmDialog({
        title: t('removeWithComments.title', { n: index + 1 }),
        description: t('removeWithComments.description', { count: image.comments.length }),
        confirmText: t('removeWithComments.confirm'),
        destructive: true,
      });
      if (!ok) return;
    }
    liveSauce.remove(key);
  };

  const openSave = async () => {
    if (counts.uploading > 0) return;
    if (counts.ready === 0) {
      showToast(t('saveFlow.noImage'), 'error');
      return;
    }
    if (counts.failed > 0) {
      const ok = await confirmDialog({
        title: t('saveFlow.failedTitle'),
        description: t('saveFlow.failedDescription', { count: counts.failed }),
        confirmText: t('saveFlow.failedConfirm'),
      });
      if (!ok) return;
    }
    flow.setDialogOpen(true);
  };

  const save = (values: SaveSauceValues) => {
    const folderIds = existingFolders(values.folderIds, kit);
    dispatch({ type: 'setTitle', title: values.title });
    dispatch({ type: 'setTags', tags: values.tags });
    dispatch({ type: 'setFolders', folderIds });
    const next = liveSauce.store.getState();
    const imageSauce = toImageInputs(next);
    if (imageSauce.length === 0) {
      showToast(t('saveFlow.noImage'), 'error');
      return;
    }
    flow.save({ type: 'IMAGE', title: next.title.trim(), imageSauce, tagSet: next.tags, folderSet: folderIds });
  };

  return (
    <div className={styles.page}>
      <DocumentTitle>{`${sauce ? sauce.title || t('sauces:untitled') : t('newPageTitle')} · Sauce`}</DocumentTitle>
      <SauceBar
        backLabel={t('back')}
        actions={
          <>
            {counts.uploading > 0 && (
              <span id={waitId} className={styles.wait} role="status">
                <Loader2 size={14} strokeWidth={1.75} aria-hidden className={styles.spin} />
                <span className={styles.hideNarrow}>{t('saveFlow.waitUploads', { count: counts.uploading })}</span>
                <span className="visually-hidden">{t('saveFlow.waitHint')}</span>
              </span>
            )}
            {sauce?.isEditable && <DeleteSauceButton workspaceId={workspaceId} sauceId={sauce.id} fromEditor />}
            {sauce && onDone && <CancelEditButton label={t('cancelEdit')} dirty={dirty} onCancel={onDone} />}
            {/* A disabled button takes no pointer events: the tooltip is on its wrapper. */}
            <Tooltip content={counts.uploading > 0 ? t('saveFlow.waitHint') : ''}>
              <span className={styles.saveWrap}>
                <Button
                  variant="primary"
                  onClick={() => void openSave()}
                  disabled={counts.uploading > 0}
                  aria-describedby={counts.uploading > 0 ? waitId : undefined}
                >
                  {t('save')}
                </Button>
              </span>
            </Tooltip>
          </>
        }
      />

      <div className={styles.sheet}>
        <h1 className="visually-hidden">{sauce ? t('edit') : t('newPageTitle')}</h1>
        <CountedField
          label={t('titleLabel')}
          className={fieldStyles.titleInput}
          value={state.title}
          max={LIMITS.imageTitleLength}
          placeholder={t('titlePlaceholder')}
          onChange={(title) => dispatch({ type: 'setTitle', title })}
        />
        <ImageViewer
          store={liveSauce.store}
          editable
          sauceId={sauce?.id}
          author={kit.author}
          onAddImages={chooseFiles}
          onRemoveImage={(key) => void removeImage(key)}
          onRetryImage={liveSauce.retry}
          empty={<ImageDropArea onChoose={chooseFiles} />}
        />
        <kit.TagField
          value={state.tags}
          onChange={(tags) => dispatch({ type: 'setTags', tags })}
          suggest={{ workspaceId, title: state.title }}
        />
      </div>

      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        tabIndex={-1}
        className="visually-hidden"
        aria-label={t('add.input')}
        onChange={(e) => {
          addFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <ImageDropOverlay onFiles={addFiles} left={Math.max(0, LIMITS.imagesPerSauce - state.images.length)} />
      <SaveImageSauceDialog
        open={flow.dialogOpen}
        onOpenChange={flow.setDialogOpen}
        workspaceId={workspaceId}
        initial={{ title: state.title, folderIds: state.folderIds, tags: state.tags }}
        imageCount={counts.ready}
        commentCount={counts.comments}
        saving={flow.saving}
        onSave={save}
      />
    </div>
  );
}
