import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { Panel } from '../../../components/panel.tsx';
import { useProfile } from '../../../lib/session.ts';
import { useRemoveWorkspace } from '../api/delete-workspace.ts';
import { useWorkspace } from '../api/get-workspaces.ts';
import { useMoveOutOfSpace } from '../hooks/use-move-out-of-space.ts';
import { showMemberError } from '../lib/member-errors.ts';

/**
 * 'Leave space' (SPEC §6: members can leave and rejoin through an invite link), for
 * anyone with abilities.leaveWorkspace: asks first, then DELETE /workspace/{id}/leave, the
 * personal space is selected and the app goes to /dashboard. The only owner cannot leave
 * (a space keeps an owner, 409 LAST_OWNER): the button is off and says to hand ownership
 * over first, or to delete the space when nobody else is in it.
 */
export function LeaveSpacePanel({ workspace }: { workspace: WorkspaceSummary }) {
  const { t } = useTranslation('workspaces');
  const leave = useRemoveWorkspace('leave');
  const moveOut = useMoveOutOfSpace();
  const { data: me } = useProfile();
  const { data: detail } = useWorkspace(workspace.id);
  const owners = detail?.users.filter((u) => u.permission === 'OWNER') ?? [];
  const onlyOwner = owners.length === 1 && owners[0]!.id === me?.id;
  const alone = detail?.users.length === 1;

  const askLeave = async () => {
    const ok = await confirmDialog({
      title: t('leave.confirmTitle', { name: workspace.name }),
      description: t('leave.confirmDescription'),
      confirmText: t('leave.action'),
      destructive: true,
    });
    if (!ok) return;
    // mutateAsync: the panel may unmount when the space leaves the list (see DeleteSpacePanel).
    try {
      moveOut(await leave.mutateAsync(workspace.id), t('leave.done', { name: workspace.name }));
    } catch (e) {
      showMemberError(e);
    }
  };

  return (
    <Panel
      tone="danger"
      title={t('leave.title')}
      description={onlyOwner ? t(alone ? 'leave.onlyMember' : 'leave.onlyOwner') : t('leave.description')}
      actions={
        <Button variant="danger" onClick={() => void askLeave()} pending={leave.isPending} disabled={onlyOwner}>
          {!leave.isPending && <LogOut size={16} strokeWidth={1.75} aria-hidden />}
          {t('leave.action')}
        </Button>
      }
    />
  );
}
