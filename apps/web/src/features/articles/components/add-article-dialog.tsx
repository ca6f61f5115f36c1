import type { Article } from '@sauce/contract/articles';
import { Folder } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { showLimitNoticeFor } from '../../../components/dialogs/limit-notice.ts';
import { Switch } from '../../../components/switch.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../state/app-store.ts';
import { useFolders } from '../../../lib/folders.ts';
import { useCurrentWorkspace, useWorkspaceName, useWorkspaces } from '../../../lib/workspaces.ts';
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
  const { data: spaces, isPending: spacesLoading } = useWorkspaces();
  // The space in view — chosen in this tab, or remembered from before (the workspace cookie):
  // the store alone is empty on a fresh page, which made My space the default (issue #31 item 5).
  const currentId = useCurrentWorkspace()?.id;
  const writable = (spaces ?? []).filter((w) => w.abilities.createSauce);
  const [chosen, setChosen] = useState<number | null>(null);
  const workspace = writable.find((w) => w.id === chosen) ?? writable.find((w) => w.id === currentId) ?? writable[0];
  const { data: folders, isPending: foldersLoading } = useFolders(workspace?.id);
  const [folderIds, setFolderIds] = useState<number[]>([]);
  const [ai, setAi] = useState(true);
  const fork = useForkArticle();
  const selectId = useId();

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
        {spacesLoading ? (
          <div className={styles.selectSkeleton} aria-hidden />
        ) : writable.length === 0 ? (
          <p className={styles.notice}>{t('save.noWritableSpace')}</p>
        ) : (
          <div className={styles.field}>
            <label htmlFor={selectId} className={styles.label}>
              {t('save.space')}
            </label>
            <select
              id={selectId}
              className={styles.select}
              value={workspace?.id}
              onChange={(e) => {
                setChosen(Number(e.target.value));
                setFolderIds([]);
              }}
            >
              {writable.map((w) => (
                <option key={w.id} value={w.id}>
                  {nameOf(w)}
                </option>
              ))}
            </select>
          </div>
        )}
        {workspace && (
          <fieldset className={styles.folders}>
            <legend className={styles.label}>{t('save.folders')}</legend>
            {foldersLoading ? (
              <div className={styles.rows} aria-busy="true">
                {[0, 1].map((i) => (
                  <span key={i} className={styles.rowSkeleton} aria-hidden />
                ))}
              </div>
            ) : folders && folders.length > 0 ? (
              <>
                <p className={styles.hint}>{t('save.foldersHint')}</p>
                <div className={styles.rows}>
                  {folders.map((f) => (
                    <label key={f.id} className={styles.row}>
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        checked={folderIds.includes(f.id)}
                        onChange={(e) => setFolderIds((ids) => (e.target.checked ? [...ids, f.id] : ids.filter((id) => id !== f.id)))}
                      />
                      <Folder size={16} strokeWidth={1.75} aria-hidden className={styles.folderIcon} />
                      <span className={styles.folderName}>{f.name}</span>
                    </label>
                  ))}
                </div>
              </>
            ) : (
              <p className={styles.hint}>{t('save.noFolders')}</p>
            )}
          </fieldset>
        )}
        <Switch checked={ai} onCheckedChange={setAi} label={t('save.ai')} description={t('save.aiNote')} className={styles.ai} />
      </div>
    </Dialog>
  );
}
