import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { Panel } from '../../../components/panel.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useRemoveWorkspace } from '../api/delete-workspace.ts';
import { useWorkspace } from '../api/get-workspaces.ts';
import { useMoveOutOfSpace } from '../hooks/use-move-out-of-space.ts';

/**
 * Deleting a space (SPEC §6: owner only, and only with no other members): a destructive
 * confirmation that names the space, then DELETE /workspace/{id}; the first remaining space
 * is selected (SPEC §4), the app goes to /dashboard and a toast says so. While others are
 * members the button is disabled with the SPEC §8 message.
 */
export function DeleteSpacePanel({ workspace }: { workspace: WorkspaceSummary }) {
  const { t } = useTranslation('workspaces');
  const { data } = useWorkspace(workspace.id);
  const remove = useRemoveWorkspace('delete');
  const moveOut = useMoveOutOfSpace();
  const others = data ? data.users.length - 1 : 0;
  const blocked = !data || others > 0;

  const askDelete = async () => {
    const ok = await confirmDialog({
      title: t('delete.confirmTitle', { name: workspace.name }),
      description: t('delete.confirmDescription'),
      confirmText: t('delete.action'),
      destructive: true,
    });
    if (!ok) return;
    // mutateAsync, not mutate's callbacks: the space leaves the list before the call
    // resolves, and this panel may unmount with it (mutate's callbacks would not run then).
    try {
      moveOut(await remove.mutateAsync(workspace.id), t('delete.done', { name: workspace.name }));
    } catch (e) {
      showToast(errorMessage(e), 'error');
    }
  };

  return (
    <Panel
      tone="danger"
      title={t('delete.title')}
      description={data && others > 0 ? t('common:errors.WORKSPACE_HAS_MEMBERS') : t('delete.description')}
      actions={
        <Button variant="danger" onClick={() => void askDelete()} disabled={blocked} pending={remove.isPending}>
          {!remove.isPending && <Trash2 size={16} strokeWidth={1.75} aria-hidden />}
          {t('delete.action')}
        </Button>
      }
    />
  );
}
