import type { Article } from '@sauce/contract/articles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { SpaceFolderPicker, useSpaceFolderChoice } from '../../../components/dialogs/space-folder-picker.tsx';
import { showLimitNoticeFor } from '../../../components/dialogs/limit-notice.ts';
import { Switch } from '../../../components/switch.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../state/app-store.ts';
import { useWorkspaceName } from '../../../lib/workspaces.ts';
import { useForkArticle } from '../api/articles.ts';
import styles from './add-article-dialog.module.css';

/** SPEC §9: the add-article dialog is 336 px wide. */
export const ADD_ARTICLE_WIDTH = 336;

export interface AddArticleDialogProps {
  /** The article to save; the title may still be loading (after sign-in only its id is known). */
  articleId: number;
  article?: Pick<Article, 'title'>;
  onClose(): void;
}

/**
 * AddArticle ('save article', SPEC §2 Dialogs, 336 px): the space to save into — only those
 * where the person may create sources (the server's `abilities`), the current one first
 * when it is one — its folders as checkboxes, the 'AI summary' switch with SPEC's note, and
 * Save → POST /discovery/articles/{id}/fork. Success and failure toasts as SPEC §8 says
 * ('article save failed'); an article already in that space says so (issue #10: a second
 * save adds the folders to the same source). Cancel saves nothing.
 */
export function AddArticleDialog({ articleId, article, onClose }: AddArticleDialogProps) {
  const { t } = useTranslation('articles');
  const nameOf = useWorkspaceName();
  const choice = useSpaceFolderChoice();
  const { workspace, folderIds } = choice;
  const [ai, setAi] = useState(true);
  const fork = useForkArticle();

  const save = () => {
    if (!workspace) return;
    const space = nameOf(workspace);
    fork.mutate(
      { articleId, workspace: { id: workspace.id }, folderSet: folderIds, aiEnable: ai },
      {
        onSuccess: ({ created }) => {
          showToast(created ? t('save.saved', { space }) : t('save.alreadySaved', { space }), 'success');
          onClose();
        },
        onError: (e) => {
          if (showLimitNoticeFor(e)) return;
          showToast(e instanceof ApiError && e.code === 'ARTICLE_NOT_FOUND' ? t('save.unavailable') : t('save.failed'), 'error');
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      width={ADD_ARTICLE_WIDTH}
      title={t('save.title')}
      description={article?.title ?? <span className={styles.titleSkeleton} aria-label={t('save.loading')} />}
      footer={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="primary" onClick={save} pending={fork.isPending} disabled={!workspace}>
            {t('save.submit')}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <SpaceFolderPicker choice={choice} />
        <Switch checked={ai} onCheckedChange={setAi} label={t('save.ai')} description={t('save.aiNote')} className={styles.ai} />
      </div>
    </Dialog>
  );
}
