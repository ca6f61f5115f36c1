import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../components/document-title.tsx';
import { usePolicy } from '../../lib/use-policy.ts';
import { showToast } from '../../state/app-store.ts';
import { getUploads } from '../../features/sauce-editor/api/get-uploads.ts';
import { useDashboardHref } from '../../lib/sauces/use-dashboard-href.ts';
import { useDraftToContinue } from '../../features/sauce-editor/hooks/use-draft-to-continue.ts';
import type { ImageDraft } from '../../lib/sauces/drafts.ts';
import { stateFromDraft, stateFromSauce } from '../../lib/sauces/image-sauce/convert.ts';
import type { FoundInImage } from '../../lib/sauces/format.ts';
import { EMPTY_SAUCE, type ImageSauceState } from '../../lib/sauces/image-sauce/state.ts';
import { ImageEditor } from '../../features/sauce-editor/components/image-editor.tsx';
import styles from '../../components/sauce/image-editor.module.css';
import { ImageSauceView } from '../../features/sauce-viewer/components/image-sauce-view.tsx';
import { SauceLoadNotice } from '../../features/sauce-viewer/components/sauce-load-notice.tsx';
import { RetryButton, SavedSauce } from '../../features/sauce-viewer/components/saved-sauce.tsx';
import { ImageSauceSkeleton } from '../../features/sauce-viewer/components/sauce-skeletons.tsx';

/**
 * A new image source (SPEC §2 /archive/image), or the workspace's draft continued with
 * `fromDraft` (SPEC §4). Readers are told to ask the space's owner (SPEC §6). A new source
 * starts in the dashboard's selected folder.
 */
export function NewImageSauce({ workspaceId, fromDraft, takeShared }: { workspaceId: number; fromDraft: boolean; takeShared: boolean }) {
  const { t } = useTranslation('images');
  const { canWrite } = usePolicy();
  const { folder } = useDashboardHref();
  const draft = useDraftToContinue(workspaceId, 'IMAGE', fromDraft, canWrite);

  if (!canWrite) {
    return (
      <div className={styles.page}>
        <DocumentTitle>{`${t('newPageTitle')} · Sauce`}</DocumentTitle>
        <SauceLoadNotice title={t('archive:chooser.notAuthorizedTitle')} text={t('archive:chooser.notAuthorized')} backLabel={t('back')} className={styles.notice} />
      </div>
    );
  }
  if (draft) return <DraftImageSauce workspaceId={workspaceId} draft={draft} />;
  return <ImageEditor workspaceId={workspaceId} initial={{ ...EMPTY_SAUCE, folderIds: folder ? [folder] : [] }} takeShared={takeShared} />;
}

/**
 * A draft continued: its images are looked up again for fresh URLs (stored ones expire),
 * with 'Try again' when that fails; images no longer there are left out with a toast;
 * title, tags, folders and comments return.
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
  const [restored, setRestored] = useState<{ state: ImageSauceState; missing: number } | null>(null);
  if (uploads.data && !restored) setRestored(stateFromDraft(draft, uploads.data));

  useEffect(() => {
    if (restored && restored.missing > 0) showToast(t('draft.imagesGone', { count: restored.missing }), 'info');
  }, [restored, t]);

  if (uploads.isError) {
    return (
      <div className={styles.page}>
        <SauceLoadNotice
          text={t('draft.loadFailed')}
          action={<RetryButton onRetry={() => void uploads.refetch()} retrying={uploads.isFetching} />}
          backLabel={t('back')}
          className={styles.notice}
        />
      </div>
    );
  }
  if (!restored) return <ImageSauceSkeleton label={t('draft.loading')} />;
  return <ImageEditor workspaceId={workspaceId} initial={restored.state} fromDraft />;
}

/**
 * A saved image source (SPEC §2 /archive/image?sauceId=…): view mode — at the image a search
 * found its words in (`found`, issue #33) — and edit mode when editable.
 */
export function SavedImageSauce({ workspaceId, sauceId, found = null }: { workspaceId: number; sauceId: number; found?: FoundInImage | null }) {
  const { t } = useTranslation('images');
  return (
    <SavedSauce
      workspaceId={workspaceId}
      sauceId={sauceId}
      type="IMAGE"
      pageClassName={styles.page}
      noticeClassName={styles.notice}
      pageTitle={`${t('shell:titles.archiveImage')}`}
      backLabel={t('back')}
      skeleton={<ImageSauceSkeleton />}
      view={(sauce, { onEdit, onReload }) => <ImageSauceView workspaceId={workspaceId} sauce={sauce} onEdit={onEdit} onStale={onReload} found={found} />}
      editor={(sauce, { onDone }) => <ImageEditor workspaceId={workspaceId} sauce={sauce} initial={stateFromSauce(sauce)} onDone={onDone} />}
    />
  );
}
