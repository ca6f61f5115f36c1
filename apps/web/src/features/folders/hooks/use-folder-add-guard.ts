import { LIMITS } from '@sauce/contract/limits';
import i18n from 'i18next';
import { alertDialog } from '../../../components/dialogs/confirm.tsx';
import { showLimitNotice } from '../../../components/dialogs/limit-notice.ts';
import { usePolicy } from '../../../lib/use-policy.ts';
import { useFolders } from '../api/folders.ts';

/** SPEC §6: a reader's attempt to create a folder shows this notice. */
export function showFolderNotAuthorized() {
  return alertDialog({
    title: i18n.t('folders:notAuthorizedTitle'),
    description: i18n.t('folders:notAuthorizedDescription'),
  });
}

/** SPEC §9: the beta plan's folder limit warning. */
export function showFolderLimit() {
  return showLimitNotice('folders');
}

/**
 * Gate in front of the FolderAdd dialog: returns `request(open)`, which calls `open` only
 * when the person may create a folder here — readers get the not-authorized notice
 * (SPEC §6), a space at 5 folders the beta warning (SPEC §9).
 */
export function useFolderAddGuard(workspaceId: number | undefined) {
  const { abilities } = usePolicy();
  const canWrite = abilities.createFolder;
  const { data: folders = [] } = useFolders(workspaceId);
  const atLimit = folders.length >= LIMITS.foldersPerWorkspace;
  const request = (open: () => void) => {
    if (!canWrite) void showFolderNotAuthorized();
    else if (atLimit) void showFolderLimit();
    else open();
  };
  return { request, atLimit, canWrite };
}
