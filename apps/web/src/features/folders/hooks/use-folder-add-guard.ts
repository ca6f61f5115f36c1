import { reached } from '@sauce/contract/limits';
import i18n from 'i18next';
import { alertDialog } from '../../../components/dialogs/confirm.tsx';
import { showLimitNotice } from '../../../components/dialogs/limit-notice.ts';
import { usePolicy } from '../../../lib/use-policy.ts';
import { usePlan } from '../../../lib/plan.ts';
import { useFolders } from '../../../lib/folders.ts';

/** SPEC §6: a reader's attempt to create a folder shows this notice. */
export function showFolderNotAuthorized() {
  return alertDialog({
    title: i18n.t('folders:notAuthorizedTitle'),
    description: i18n.t('folders:notAuthorizedDescription'),
  });
}

/** SPEC §9: the plan's folder limit warning. */
export function showFolderLimit() {
  return showLimitNotice('folders');
}

/**
 * Gate in front of the FolderAdd dialog: returns `request(open)`, which calls `open` only
 * when the person may create a folder here — readers get the not-authorized notice
 * (SPEC §6), a space at the plan's folder limit (5 in the beta plan; none when unlimited) the warning (SPEC §9).
 */
export function useFolderAddGuard(workspaceId: number | undefined) {
  const { abilities } = usePolicy();
  const canWrite = abilities.createFolder;
  const { data: folders = [] } = useFolders(workspaceId);
  const atLimit = reached(folders.length, usePlan().folders);
  const request = (open: () => void) => {
    if (!canWrite) void showFolderNotAuthorized();
    else if (atLimit) void showFolderLimit();
    else open();
  };
  return { request, atLimit, canWrite };
}
