import type { Folder } from '@sauce/contract/folders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useFolders } from '../../../lib/folders.ts';
import { useRenameFolder } from '../api/folders.ts';
import { FolderNameDialog } from './folder-name-dialog.tsx';

export interface FolderRenameDialogProps {
  workspaceId: number;
  /** The folder being renamed; the dialog is open while set. */
  folder: Folder | null;
  onClose(): void;
}

/**
 * FolderChangeName (SPEC §2 Dialogs, §5): same rules as FolderAdd, prefilled. The rename
 * is optimistic; a refusal (e.g. FOLDER_NAME_EXISTS) rolls it back with a toast.
 */
export function FolderRenameDialog({ workspaceId, folder, onClose }: FolderRenameDialogProps) {
  const { t } = useTranslation('folders');
  const { data: folders = [] } = useFolders(workspaceId);
  const rename = useRenameFolder(workspaceId);
  // Keep the last folder while the dialog animates out (state adjusted during render, so it
  // can be read while rendering).
  const [last, setLast] = useState(folder);
  if (folder && folder !== last) setLast(folder);
  const shown = folder ?? last;

  const submit = (name: string) => {
    if (!folder) return;
    onClose();
    rename.mutate(
      { id: folder.id, name },
      { onError: (e) => showToast(errorMessage(e), 'error') },
    );
  };

  return (
    <FolderNameDialog
      open={folder !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('renameTitle')}
      submitLabel={t('rename')}
      existingNames={folders.filter((f) => f.id !== shown?.id).map((f) => f.name)}
      initialName={shown?.name}
      onSubmit={submit}
    />
  );
}
