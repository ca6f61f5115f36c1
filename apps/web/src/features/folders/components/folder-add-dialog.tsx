import type { Folder } from '@sauce/contract/folders';
import { useTranslation } from 'react-i18next';
import { showLimitNoticeFor } from '../../../components/dialogs/limit-notice.ts';
import { ApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useCreateFolder } from '../api/folders.ts';
import { useFolders } from '../../../lib/folders.ts';
import { showFolderNotAuthorized } from '../hooks/use-folder-add-guard.ts';
import { FolderNameDialog } from './folder-name-dialog.tsx';

export interface FolderAddDialogProps {
  workspaceId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called with the new folder once the server created it (e.g. to preselect it). */
  onCreated?(folder: Folder): void;
}

/**
 * FolderAdd (SPEC §2 Dialogs, §4 Create folder): POST /archive/folder/{workspace}; the
 * folder list refreshes with the new folder appended. A taken name is warned inline; if
 * the server still says FOLDER_NAME_EXISTS a toast says so (SPEC §8).
 */
export function FolderAddDialog({ workspaceId, open, onOpenChange, onCreated }: FolderAddDialogProps) {
  const { t } = useTranslation('folders');
  const { data: folders = [] } = useFolders(workspaceId);
  const create = useCreateFolder(workspaceId);

  const submit = (name: string) =>
    create.mutate(name, {
      onSuccess: (folder) => {
        onOpenChange(false);
        showToast(t('created', { name: folder.name }), 'success');
        onCreated?.(folder);
      },
      onError: (e) => {
        const code = e instanceof ApiError ? e.code : '';
        if (showLimitNoticeFor(e)) onOpenChange(false);
        else if (code === 'NOT_AUTHORIZED') {
          onOpenChange(false);
          void showFolderNotAuthorized();
        } else showToast(errorMessage(e), 'error');
      },
    });

  return (
    <FolderNameDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('addTitle')}
      submitLabel={t('create')}
      existingNames={folders.map((f) => f.name)}
      pending={create.isPending}
      onSubmit={submit}
    />
  );
}
