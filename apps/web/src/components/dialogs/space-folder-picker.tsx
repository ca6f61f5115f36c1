import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { Folder } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFolders } from '../../lib/folders.ts';
import { useCurrentWorkspace, useWorkspaceName, useWorkspaces } from '../../lib/workspaces.ts';
import styles from './space-folder-picker.module.css';

/** Where something is saved: the space chosen (undefined while the spaces load or when none may be written) and its folders. */
export interface SpaceFolderChoice {
  /** The spaces the person may create sources in; undefined while loading. */
  spaces: WorkspaceSummary[] | undefined;
  workspace: WorkspaceSummary | undefined;
  choose: (workspaceId: number) => void;
  folderIds: number[];
  setFolderIds: (change: (ids: number[]) => number[]) => void;
}

/**
 * The choice of a space and folders to save into, for the save dialogs (an article, a shared
 * board's source): only the spaces where the person may create sources (the server's
 * `abilities`), the space in view first when it is one of them (chosen in this tab, or
 * remembered from before by the workspace cookie: issue #31 item 5), no folder at first.
 * Choosing another space clears the folders.
 */
export function useSpaceFolderChoice(): SpaceFolderChoice {
  const { data: spaces } = useWorkspaces();
  const currentId = useCurrentWorkspace()?.id;
  const writable = spaces?.filter((w) => w.abilities.createSauce);
  const [chosen, setChosen] = useState<number | null>(null);
  const [folderIds, setFolderIds] = useState<number[]>([]);
  const workspace = writable?.find((w) => w.id === chosen) ?? writable?.find((w) => w.id === currentId) ?? writable?.[0];
  return {
    spaces: writable,
    workspace,
    choose: (id) => {
      setChosen(id);
      setFolderIds([]);
    },
    folderIds,
    setFolderIds,
  };
}

/**
 * The space select and the chosen space's folders as checkboxes (SPEC §2 AddArticle), with
 * placeholders while they load and a note when no space may be written or it has no folders.
 */
export function SpaceFolderPicker({ choice }: { choice: SpaceFolderChoice }) {
  const { t } = useTranslation('common');
  const nameOf = useWorkspaceName();
  const { spaces, workspace, choose, folderIds, setFolderIds } = choice;
  const { data: folders, isPending: foldersLoading } = useFolders(workspace?.id);
  const selectId = useId();
  return (
    <>
      {!spaces ? (
        <div className={styles.selectSkeleton} aria-hidden />
      ) : spaces.length === 0 ? (
        <p className={styles.notice}>{t('folderPicker.noWritableSpace')}</p>
      ) : (
        <div className={styles.field}>
          <label htmlFor={selectId} className={styles.label}>
            {t('folderPicker.space')}
          </label>
          <select id={selectId} className={styles.select} value={workspace?.id} onChange={(e) => choose(Number(e.target.value))}>
            {spaces.map((w) => (
              <option key={w.id} value={w.id}>
                {nameOf(w)}
              </option>
            ))}
          </select>
        </div>
      )}
      {workspace && (
        <fieldset className={styles.folders}>
          <legend className={styles.label}>{t('folderPicker.folders')}</legend>
          {foldersLoading ? (
            <div className={styles.rows} aria-busy="true">
              {[0, 1].map((i) => (
                <span key={i} className={styles.rowSkeleton} aria-hidden />
              ))}
            </div>
          ) : folders && folders.length > 0 ? (
            <>
              <p className={styles.hint}>{t('folderPicker.foldersHint')}</p>
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
            <p className={styles.hint}>{t('folderPicker.noFolders')}</p>
          )}
        </fieldset>
      )}
    </>
  );
}
