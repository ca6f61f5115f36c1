import { LIMITS } from '@sauce/contract/limits';
import type { Sauce } from '@sauce/contract/sauces';
import { useQuery } from '@tanstack/react-query';
import { Loader2, RotateCw } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { confirmDialog } from '../../components/dialogs/confirm.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import { useFolders } from '../../features/folders/api/folders.ts';
import { useDeleteSauce } from '../../features/sauces/api/delete-sauce.ts';
import { useSauce } from '../../features/sauces/api/get-sauce.ts';
import { getUploads } from '../../features/sauces/api/get-uploads.ts';
import { useCreateSauce, useUpdateSauce } from '../../features/sauces/api/save-sauce.ts';
import { ImageDropArea, ImageDropOverlay } from '../../features/sauces/components/image-drop-overlay.tsx';
import { showLimitNoticeFor } from '../../components/dialogs/limit-notice.ts';
import { saveProblemMessage } from '../../features/sauces/components/image-messages.ts';
import { ImageViewer } from '../../features/sauces/components/image-viewer.tsx';
import {
  archiveCounts,
  archiveFingerprint,
  archiveFromDraft,
  archiveFromSauce,
  EMPTY_ARCHIVE,
  type ImageArchiveState,
  toImageDraft,
  toImageInputs,
  useArchiveState,
  useImageArchive,
  useSauceArchiveStore,
} from '../../features/sauces/hooks/use-image-archive.ts';
import { allowLeave, useLeaveGuard } from '../../features/sauces/hooks/use-leave-guard.ts';
import { clearDraft, type ImageDraft, loadDraft, saveDraft } from '../../features/sauces/lib/drafts.ts';
import { TagInput } from '../../features/tags/components/tag-input.tsx';
import { useCurrentWorkspace } from '../../features/workspaces/api/get-workspaces.ts';
import { ApiError } from '../../lib/api.ts';
import { usePolicy } from '../../lib/use-policy.ts';
import { showToast, useAppStore } from '../../state/app-store.ts';
import { CountedField } from './counted-field.tsx';
import fieldStyles from './counted-field.module.css';
import styles from './archive-image-page.module.css';
import { SaveImageArchiveDialog, type SaveArchiveValues } from './save-archive-dialog.tsx';
import { SauceLoadNotice, type SauceLoadNoticeProps } from './sauce-load-notice.tsx';
import { SauceMeta, SauceTags } from './sauce-meta.tsx';
import { CancelEditButton, DeleteSauceButton, SauceBar, SauceBarSkeleton, SauceViewToolbar } from './sauce-toolbar.tsx';
import { positiveInt, useDashboardHref } from './use-dashboard-href.ts';
import { hasSharedImages, readSharedFiles } from '../../lib/share-target.ts';
import { DocumentTitle } from '../../components/document-title.tsx';

/** Where a saved image source is viewed (SPEC §2 Routes). */
const viewHref = (id: number) => `/archive/image?sauceId=${id}&archiveType=IMAGE`;

/**
 * /archive/image (SPEC §2): a new image source (?draft=true continues the workspace's saved
 * draft), or an existing one with ?sauceId={id}&archiveType=IMAGE, which opens in view mode
 * with an Edit button when the source is editable (readers get no edit controls).
 */
export function ArchiveImagePage() {
  const workspace = useCurrentWorkspace();
  const [params] = useSearchParams();
  const sauceId = positiveInt(params.get('sauceId'));
  if (!workspace) return <PageSkeleton />;
  if (sauceId) return <ExistingImageSauce key={`${workspace.id}-${sauceId}`} workspaceId={workspace.id} sauceId={sauceId} />;
  const fromDraft = params.get('draft') === 'true';
  return <NewImageSauce key={`${workspace.id}-${fromDraft}`} workspaceId={workspace.id} fromDraft={fromDraft} />;
}

// ---------------------------------------------------------------------------------------
// New source, or a draft continued
// ---------------------------------------------------------------------------------------

function NewImageSauce({ workspaceId, fromDraft }: { workspaceId: number; fromDraft: boolean }) {
  const { t } = useTranslation('images');
  const { canWrite } = usePolicy();
  const { folder } = useDashboardHref();
  const [params] = useSearchParams();
  // SPEC §4: draft=true continues the workspace's draft, read once when the page opens.
  const [draft] = useState(() => {
    if (!fromDraft) return null;
    const saved = loadDraft(workspaceId);
    return saved?.type === 'IMAGE' ? saved : null;
  });

  useEffect(() => {
    if (!fromDraft || !canWrite) return;
    useAppStore.getState().set({ isDraftMode: true });
    if (!draft) showToast(t('sauces:draft.missing'), 'info');
    return () => useAppStore.getState().set({ isDraftMode: false });
  }, [fromDraft, canWrite, draft, t]);

  if (!canWrite) {
    return (
      <div className={styles.page}>
        <DocumentTitle>{`${t('newPageTitle')} · Sauce`}</DocumentTitle>
        <Notice title={t('archive:chooser.notAuthorizedTitle')} text={t('archive:chooser.notAuthorized')} />
      </div>
    );
  }
  if (draft) return <DraftImageSauce workspaceId={workspaceId} draft={draft} />;
  return (
    <ImageEditor
      workspaceId={workspaceId}
      initial={{ ...EMPTY_ARCHIVE, folderIds: folder ? [folder] : [] }}
      takeShared={hasSharedImages(params)}
    />
  );
}

/**
 * A draft continued: its images are looked up again for fresh URLs (stored ones expire);
 * images no longer there are left out with a toast; title, tags, folders and comments return.
 */
function DraftImageSauce({ workspaceId, draft }: { workspaceId: number; draft: ImageDraft }) {
  const { t } = useTranslation('images');
  const ids = draft.images.map((img) => img.id);
  const uploads = useQuery({
    queryKey: ['sauces', workspaceId, 'uploads', ids],
    queryFn: ({ signal }) => getUploads(workspaceId, ids, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });
  const [restored, setRestored] = useState<{ state: ImageArchiveState; missing: number } | null>(null);
  if (uploads.data && !restored) setRestored(archiveFromDraft(draft, uploads.data));

  useEffect(() => {
    if (!restored) return;
    showToast(
      restored.missing > 0 ? t('draft.imagesGone', { count: restored.missing }) : t('sauces:draft.restored'),
      restored.missing > 0 ? 'info' : 'success',
    );
  }, [restored, t]);

  if (uploads.isError) {
    return (
      <div className={styles.page}>
        <Notice
          text={t('draft.loadFailed')}
          action={
            <Button onClick={() => void uploads.refetch()} disabled={uploads.isFetching}>
              <RotateCw size={16} strokeWidth={1.75} aria-hidden />
              {t('retryLoad')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!restored) return <PageSkeleton label={t('draft.loading')} />;
  return <ImageEditor workspaceId={workspaceId} initial={restored.state} fromDraft />;
}

// ---------------------------------------------------------------------------------------
// A saved source: view mode, edit mode
// ---------------------------------------------------------------------------------------

function ExistingImageSauce({ workspaceId, sauceId }: { workspaceId: number; sauceId: number }) {
  const { t } = useTranslation('images');
  const { data: sauce, isPending, error, refetch, isFetching } = useSauce(workspaceId, sauceId);
  const [editing, setEditing] = useState(false);

  if (isPending) return <PageSkeleton />;
  // A text source's link with the wrong path: its own page.
  if (sauce?.type === 'TEXT') return <Navigate to={`/archive/text?sauceId=${sauce.id}&archiveType=TEXT`} replace />;
  if (!sauce) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className={styles.page}>
        <DocumentTitle>{`${t('shell:titles.archiveImage')} · Sauce`}</DocumentTitle>
        <Notice
          text={missing ? t('notFound') : t('loadFailed')}
          action={
            !missing && (
              <Button onClick={() => void refetch()} disabled={isFetching}>
                <RotateCw size={16} strokeWidth={1.75} aria-hidden />
                {t('retryLoad')}
              </Button>
            )
          }
        />
      </div>
    );
  }
  if (editing && sauce.isEditable) {
    return (
      <ImageEditor
        workspaceId={workspaceId}
        sauce={sauce}
        initial={archiveFromSauce(sauce)}
        onCancel={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
    );
  }
  return <ImageSauceView workspaceId={workspaceId} sauce={sauce} onEdit={() => setEditing(true)} onStale={() => void refetch()} />;
}

/** Instead of the page (not allowed, not found, not loaded): the shared notice, at most 800 px wide. */
function Notice(props: Omit<SauceLoadNoticeProps, 'backLabel' | 'className'>) {
  const { t } = useTranslation('images');
  return <SauceLoadNotice {...props} backLabel={t('back')} className={styles.notice} />;
}

/**
 * View mode: title, author, date, folders, the images with their pins and comments, tags.
 * Share, Delete and Edit only when the source is editable (SPEC §6).
 */
function ImageSauceView({
  workspaceId,
  sauce,
  onEdit,
  onStale,
}: {
  workspaceId: number;
  sauce: Sauce;
  onEdit: () => void;
  /** An image failed to load: its signed URL may have expired, fetch the source again. */
  onStale: () => void;
}) {
  const { t } = useTranslation('images');
  const store = useSauceArchiveStore(sauce);
  const refetched = useRef<string | null>(null);
  const title = sauce.title || t('sauces:untitled');
  const imageCount = sauce.imageSauce?.length ?? 0;

  useEffect(() => useAppStore.getState().set({ mode: 'VIEW' }), []);

  return (
    <div className={styles.page}>
      <DocumentTitle>{`${title} · Sauce`}</DocumentTitle>
      <SauceViewToolbar workspaceId={workspaceId} sauce={sauce} backLabel={t('back')} editLabel={t('edit')} onEdit={onEdit} />
      <article className={styles.sheet}>
        <header className={styles.head}>
          <h1 className={`${styles.viewTitle} ${sauce.title ? '' : styles.untitled}`}>{title}</h1>
          <SauceMeta
            sauce={sauce}
            foldersLabel={t('savedIn')}
            clampNickname
            extra={
              <>
                <span aria-hidden>·</span>
                <span>{t('imageCount', { count: imageCount })}</span>
              </>
            }
          />
        </header>
        <ImageViewer
          store={store}
          onImageError={() => {
            // Once per version of the source: fresh signed URLs, not a loop.
            if (refetched.current === sauce.updatedAt) return;
            refetched.current = sauce.updatedAt;
            onStale();
          }}
        />
        <SauceTags sauce={sauce} />
      </article>
    </div>
  );
}

// ---------------------------------------------------------------------------------------
// The editor
// ---------------------------------------------------------------------------------------

/** Files on the clipboard: `files`, else file items (some browsers fill only one). */
function clipboardFiles(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = Array.from(data.files ?? []);
  if (files.length > 0) return files;
  return Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((f): f is File => f !== null);
}

const isEditableTarget = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('input, textarea, select, [contenteditable="true"], [contenteditable=""]');

/**
 * Edit mode for a new source, a draft or a saved source (SPEC §4 Image archive state):
 * images come in by the file picker, dropping files anywhere on the page or pasting, and
 * upload at once, each with its own progress; comments are placed on the image; Save opens
 * SaveImageArchive. Leaving with unsaved work asks first (a new source can be kept as a
 * draft). After saving a new source: its view mode; an existing one: back to view mode.
 */
function ImageEditor({
  workspaceId,
  sauce,
  initial,
  fromDraft,
  takeShared,
  onCancel,
  onSaved,
}: {
  workspaceId: number;
  sauce?: Sauce;
  initial: ImageArchiveState;
  /** It continues the workspace's draft, cleared once the source is saved. */
  fromDraft?: boolean;
  /** Images shared to Sauce from another app wait for it (issue #11 item 9): they are added and uploaded. */
  takeShared?: boolean;
  onCancel?: () => void;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('images');
  const navigate = useNavigate();
  const { href } = useDashboardHref();
  const { data: me } = useProfile();
  const { data: folders } = useFolders(workspaceId);
  const archive = useImageArchive(workspaceId, () => initial);
  const state = useArchiveState(archive.store);
  const { dispatch } = state;
  const [initialPrint] = useState(() => archiveFingerprint(initial));
  const [saveOpen, setSaveOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateSauce(workspaceId);
  const update = useUpdateSauce(workspaceId);
  const removeSauce = useDeleteSauce(workspaceId);
  const saving = create.isPending || update.isPending;
  const counts = archiveCounts(state);
  const dirty = archiveFingerprint(state) !== initialPrint;
  const hasWork = state.images.length > 0 || state.title.trim() !== '';
  const waitId = useId();

  useEffect(() => {
    useAppStore.getState().set({ mode: 'IMAGE' });
    return () => useAppStore.getState().set({ mode: 'VIEW' });
  }, []);

  // Leaving with unsaved work asks first (SPEC §2 DraftConfirm): a new source can be kept
  // as the workspace's draft (SPEC §3, §5: over 5,000,000 bytes it is refused).
  useLeaveGuard({
    when: sauce ? dirty : hasWork,
    onSaveDraft: sauce ? undefined : () => saveDraft(workspaceId, toImageDraft(archive.store.getState())),
  });

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const { overLimit } = archive.addFiles(files);
    if (overLimit > 0) showToast(t('add.overLimit', { count: overLimit, max: LIMITS.imagesPerSauce }), 'error');
  };

  // Shared images are read when the page opens, forgotten once added (a second read in
  // StrictMode's double effect finds them still there, and only the kept run adds them).
  const addShared = useEffectEvent(addFiles);
  useEffect(() => {
    if (!takeShared) return;
    let cancelled = false;
    void readSharedFiles().then(({ files, clear }) => {
      if (cancelled) return;
      addShared(files);
      void clear();
    });
    return () => {
      cancelled = true;
    };
  }, [takeShared]);

  // SPEC §5: pasting accepts image files only (SPEC §8 'Supports only pasting image').
  const onPaste = useEffectEvent((e: ClipboardEvent) => {
    if (saveOpen || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
    const files = clipboardFiles(e.clipboardData);
    const images = files.filter((f) => f.type.startsWith('image/'));
    if (images.length > 0) {
      e.preventDefault();
      addFiles(images);
      return;
    }
    // Text pasted into a field is just text.
    if (files.length === 0 && isEditableTarget(e.target)) return;
    e.preventDefault();
    showToast(t('add.pasteOnlyImage'), 'error');
  });
  useEffect(() => {
    const handler = (e: ClipboardEvent) => onPaste(e);
    document.addEventListener('paste', handler);
    return () => document.removeEventListener('paste', handler);
  }, []);

  const chooseFiles = () => fileInput.current?.click();

  const removeImage = async (key: string) => {
    const { images } = archive.store.getState();
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
    archive.remove(key);
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
    setSaveOpen(true);
  };

  const save = (values: SaveArchiveValues) => {
    // A draft may name folders deleted since: only existing ones are sent.
    const folderIds = folders ? values.folderIds.filter((id) => folders.some((f) => f.id === id)) : values.folderIds;
    dispatch({ type: 'setTitle', title: values.title });
    dispatch({ type: 'setTags', tags: values.tags });
    dispatch({ type: 'setFolders', folderIds });
    const next = archive.store.getState();
    const imageSauce = toImageInputs(next);
    if (imageSauce.length === 0) {
      showToast(t('saveFlow.noImage'), 'error');
      return;
    }
    // SPEC §9: a space at its 100 sources gets the beta notice; other problems a toast.
    const onError = (e: unknown) => {
      if (!showLimitNoticeFor(e)) showToast(saveProblemMessage(t, e), 'error');
    };
    if (sauce) {
      update.mutate(
        { id: sauce.id, title: next.title.trim(), imageSauce, tagSet: next.tags, folderSet: folderIds },
        {
          onSuccess: () => {
            setSaveOpen(false);
            showToast(t('sauces:saved'), 'success');
            onSaved?.();
            // Issue #8: the view starts at the top, its toolbar in sight (not under the header).
            window.scrollTo({ top: 0 });
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { type: 'IMAGE', title: next.title.trim(), imageSauce, tagSet: next.tags, folderSet: folderIds },
        {
          onSuccess: (saved) => {
            if (fromDraft) clearDraft(workspaceId);
            allowLeave();
            setSaveOpen(false);
            showToast(t('sauces:saved'), 'success');
            navigate(viewHref(saved.id), { replace: true });
            window.scrollTo({ top: 0 });
          },
          onError,
        },
      );
    }
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
            {onCancel && <CancelEditButton label={t('cancelEdit')} dirty={dirty} onCancel={onCancel} />}
            <Button
              variant="primary"
              onClick={() => void openSave()}
              disabled={counts.uploading > 0}
              aria-describedby={counts.uploading > 0 ? waitId : undefined}
              title={counts.uploading > 0 ? t('saveFlow.waitHint') : undefined}
            >
              {t('save')}
            </Button>
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
          store={archive.store}
          editable
          author={me ? { nickname: me.nickname, profileImage: me.profileImage } : null}
          onAddImages={chooseFiles}
          onRemoveImage={(key) => void removeImage(key)}
          onRetryImage={archive.retry}
          empty={<ImageDropArea onChoose={chooseFiles} />}
        />
        <TagInput value={state.tags} onChange={(tags) => dispatch({ type: 'setTags', tags })} />
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
      <SaveImageArchiveDialog
        open={saveOpen}
        onOpenChange={(o) => !saving && setSaveOpen(o)}
        workspaceId={workspaceId}
        initial={{ title: state.title, folderIds: state.folderIds, tags: state.tags }}
        imageCount={counts.ready}
        commentCount={counts.comments}
        saving={saving}
        onSave={save}
      />
    </div>
  );
}

/** Placeholder while the workspace, the source or a draft loads: the page's shape. */
function PageSkeleton({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} aria-busy="true">
      <span className="visually-hidden" role="status">
        {label ?? t('loading')}
      </span>
      <SauceBarSkeleton />
      <div className={styles.sheet} aria-hidden>
        <span className={`${styles.skel} ${styles.skelTitle}`} />
        <div className={styles.skelBody}>
          <div className={styles.skelMain}>
            <span className={`${styles.skel} ${styles.skelCanvas}`} />
            <div className={styles.skelStrip}>
              <span className={`${styles.skel} ${styles.skelThumb}`} />
              <span className={`${styles.skel} ${styles.skelThumb}`} />
              <span className={`${styles.skel} ${styles.skelThumb}`} />
            </div>
          </div>
          <div className={styles.skelSide}>
            <span className={`${styles.skel} ${styles.skelLine}`} />
            <span className={`${styles.skel} ${styles.skelLine}`} />
            <span className={`${styles.skel} ${styles.skelShort}`} />
          </div>
        </div>
      </div>
    </div>
  );
}
