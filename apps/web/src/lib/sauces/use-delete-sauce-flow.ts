import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/confirm.tsx';
import { showToast } from '../../state/app-store.ts';
import { useDeleteSauce } from './delete-sauce.ts';

/**
 * SPEC §4 Delete saved item: asks 'Are you sure you want to delete?', deletes, removes the
 * item from lists, reloads folders and counts, and shows a success toast; a failure shows
 * 'Failed to delete the source.' (SPEC §8). Resolves true when the source was deleted.
 */
export function useDeleteSauceFlow(workspaceId: number) {
  const { t } = useTranslation('sauces');
  const remove = useDeleteSauce(workspaceId);
  return async (id: number): Promise<boolean> => {
    const ok = await confirmDialog({
      title: t('delete.confirm'),
      description: t('delete.confirmDescription'),
      confirmText: t('delete.action'),
      destructive: true,
    });
    if (!ok) return false;
    try {
      await remove.mutateAsync(id);
      showToast(t('delete.done'), 'success');
      return true;
    } catch {
      showToast(t('delete.failed'), 'error');
      return false;
    }
  };
}
