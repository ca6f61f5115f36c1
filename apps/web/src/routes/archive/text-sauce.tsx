import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../components/document-title.tsx';
import type { SharedText } from '../../lib/share-target.ts';
import { usePolicy } from '../../lib/use-policy.ts';
import { useDashboardHref } from '../../lib/sauces/use-dashboard-href.ts';
import { useDraftToContinue } from '../../features/sauce-editor/hooks/use-draft-to-continue.ts';
import { SauceLoadNotice } from '../../features/sauce-viewer/components/sauce-load-notice.tsx';
import { SavedSauce } from '../../features/sauce-viewer/components/saved-sauce.tsx';
import { TextSauceSkeleton } from '../../features/sauce-viewer/components/sauce-skeletons.tsx';
import { EMPTY_TEXT_FORM, formOfDraft, formOfSauce, TextEditor } from '../../features/sauce-editor/components/text-editor.tsx';
import styles from '../../components/sauce/text-editor.module.css';
import { TextSauceView } from '../../features/sauce-viewer/components/text-sauce-view.tsx';

/**
 * A new text source (SPEC §2 /archive/text), or the workspace's text draft continued with
 * `fromDraft` (SPEC §4), or one filled with what another app shared (`shared`, issue #11
 * item 9). Readers are told to ask the space's owner (SPEC §6). A new source starts in the
 * dashboard's selected folder.
 */
export function NewTextSauce({ workspaceId, fromDraft, shared }: { workspaceId: number; fromDraft: boolean; shared: SharedText | null }) {
  const { t } = useTranslation('archive');
  const { canWrite } = usePolicy();
  const { folder } = useDashboardHref();
  const draft = useDraftToContinue(workspaceId, 'TEXT', fromDraft, canWrite);

  if (!canWrite) {
    return (
      <div className={styles.page}>
        <DocumentTitle>{`${t('text.newPageTitle')} · Sauce`}</DocumentTitle>
        <SauceLoadNotice title={t('chooser.notAuthorizedTitle')} text={t('chooser.notAuthorized')} backLabel={t('text.back')} />
      </div>
    );
  }
  if (draft) return <TextEditor workspaceId={workspaceId} initial={formOfDraft(draft)} fromDraft />;
  return <TextEditor workspaceId={workspaceId} initial={{ ...EMPTY_TEXT_FORM, folderIds: folder ? [folder] : [], ...shared }} />;
}

/** A saved text source (SPEC §2 /archive/text?sauceId=…): view mode, and edit mode when editable. */
export function SavedTextSauce({ workspaceId, sauceId }: { workspaceId: number; sauceId: number }) {
  const { t } = useTranslation('archive');
  return (
    <SavedSauce
      workspaceId={workspaceId}
      sauceId={sauceId}
      type="TEXT"
      pageClassName={styles.page}
      pageTitle={`${t('shell:titles.archiveText')}`}
      backLabel={t('text.back')}
      skeleton={<TextSauceSkeleton />}
      view={(sauce, { onEdit }) => <TextSauceView workspaceId={workspaceId} sauce={sauce} onEdit={onEdit} />}
      editor={(sauce, { onDone }) => <TextEditor workspaceId={workspaceId} sauce={sauce} initial={formOfSauce(sauce)} onDone={onDone} />}
    />
  );
}
