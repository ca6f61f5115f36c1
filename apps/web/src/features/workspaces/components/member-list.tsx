import { linksResetBy, type Permission } from '@sauce/contract/common';
import type { Member, WorkspaceSummary } from '@sauce/contract/workspaces';
import { ChevronDown, UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { InlineError } from '../../../components/inline-error.tsx';
import { Panel } from '../../../components/panel.tsx';
import { showToast } from '../../../state/app-store.ts';
import { formatDate } from '../../../lib/dates.ts';
import { usePlan } from '../../../lib/plan.ts';
import { useProfile } from '../../../lib/session.ts';
import { useWorkspace } from '../api/get-workspaces.ts';
import { INVITE_PERMISSIONS } from '../api/invitations.ts';
import { useRemoveMember, useUpdateMemberPermission } from '../api/members.ts';
import { showMemberError } from '../lib/member-errors.ts';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import styles from './member-list.module.css';
import { Tooltip } from '../../../components/tooltip.tsx';

/**
 * The member management page's list (SPEC §2 Workspace pages, §6): every member with
 * avatar, nickname, joined date and permission, oldest first. Owners (abilities.manageMembers)
 * change a permission with a select and remove members after a confirmation; the 'Invite'
 * button (abilities.inviteMembers) opens InviteWorkspaceMember.
 */
export function MemberList({ workspace }: { workspace: WorkspaceSummary }) {
  const { t } = useTranslation('workspaces');
  const { data: me } = useProfile();
  const { data, isPending, isError, refetch } = useWorkspace(workspace.id);
  const [inviting, setInviting] = useState(false);
  const canManage = workspace.abilities.manageMembers;
  const members = data?.users ?? [];
  const { members: max } = usePlan();

  return (
    <Panel
      title={t('members.title')}
      description={data ? (max === null ? t('members.countUnlimited', { count: members.length }) : t('members.count', { count: members.length, max })) : undefined}
      actions={
        workspace.abilities.inviteMembers && (
          <Button variant="primary" onClick={() => setInviting(true)}>
            <UserPlus size={16} strokeWidth={1.75} aria-hidden />
            {t('members.invite')}
          </Button>
        )
      }
    >
      {isPending ? (
        <ul className={styles.list} aria-busy>
          {[0, 1, 2].map((i) => (
            <li key={i} className={styles.skeletonRow} aria-hidden>
              <span className={styles.skeletonAvatar} />
              <span className={styles.skeletonText} />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <InlineError message={t('members.loadFailed')} onRetry={() => void refetch()} />
      ) : (
        <ul className={styles.list}>
          {members.map((m) => (
            <MemberRow key={m.id} workspaceId={workspace.id} member={m} isMe={m.id === me?.id} canManage={canManage} />
          ))}
        </ul>
      )}
      {workspace.abilities.inviteMembers && <InviteMemberDialog workspace={workspace} open={inviting} onOpenChange={setInviting} />}
    </Panel>
  );
}

function MemberRow({ workspaceId, member, isMe, canManage }: { workspaceId: number; member: Member; isMe: boolean; canManage: boolean }) {
  const { t, i18n } = useTranslation('workspaces');
  const update = useUpdateMemberPermission(workspaceId);
  const remove = useRemoveMember(workspaceId);
  const selectId = `member-${member.id}-permission`;
  const shown = update.isPending && update.variables ? update.variables.permission : member.permission;

  /** The permissions whose invite links a decision resets, named as a list ('Owner and Editor'). */
  const resetRoles = (now: Permission | null) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(linksResetBy(member.permission, now).map((p) => t(`permission.${p}`)));

  const change = async (permission: Permission) => {
    if (permission === member.permission) return;
    const role = t(`permission.${permission}`);
    if (isMe && member.permission === 'OWNER') {
      const ok = await confirmDialog({
        title: t('members.demoteSelfTitle'),
        description: t('members.demoteSelfDescription', { role }),
        confirmText: t('members.demoteSelfConfirm'),
      });
      if (!ok) return;
    } else if (linksResetBy(member.permission, permission).length > 0) {
      // Issue #18: a demotion resets the invite links of what the member loses; the owner is told.
      const ok = await confirmDialog({
        title: t('members.demoteTitle', { name: member.nickname, role }),
        description: t('members.demoteDescription', { name: member.nickname, roles: resetRoles(permission) }),
        confirmText: t('members.demoteConfirm'),
      });
      if (!ok) return;
    }
    update.mutate(
      { userId: member.id, permission },
      {
        onSuccess: () => showToast(t('members.changed', { name: member.nickname, role: t(`permission.${permission}`) }), 'success'),
        onError: showMemberError,
      },
    );
  };

  const askRemove = async () => {
    const ok = await confirmDialog({
      title: t('members.removeTitle', { name: member.nickname }),
      description: t('members.removeDescription', { roles: resetRoles(null) }),
      confirmText: t('members.remove'),
      destructive: true,
    });
    if (!ok) return;
    // mutateAsync: this row unmounts when the refreshed list no longer has the member, and
    // mutate's own callbacks would not run then.
    try {
      await remove.mutateAsync(member.id);
      showToast(t('members.removed', { name: member.nickname }), 'success');
    } catch (e) {
      showMemberError(e);
    }
  };

  return (
    <li className={styles.row}>
      <Avatar name={member.nickname} image={member.profileImage} size="lg" />
      <div className={styles.who}>
        <span className={styles.name}>
          <span className={styles.nickname}>{member.nickname}</span>
          {isMe && <span className={styles.me}>{t('members.you')}</span>}
        </span>
        <span className={styles.joined}>{t('members.joined', { date: formatDate(member.joinedAt) })}</span>
      </div>
      <div className={styles.controls}>
        {canManage ? (
          <div className={styles.selectBox}>
            <label htmlFor={selectId} className="visually-hidden">
              {t('members.permissionOf', { name: member.nickname })}
            </label>
            <select
              id={selectId}
              className={styles.select}
              value={shown}
              disabled={update.isPending || remove.isPending}
              onChange={(e) => {
                // The select shows the permission held until the change is under way (an
                // owner demoting themself confirms first, and may cancel).
                const permission = e.currentTarget.value as Permission;
                void change(permission);
              }}
            >
              {INVITE_PERMISSIONS.map((p) => (
                <option key={p} value={p}>
                  {t(`permission.${p}`)}
                </option>
              ))}
            </select>
            <ChevronDown size={14} strokeWidth={1.75} aria-hidden className={styles.chevron} />
          </div>
        ) : (
          <span className={styles.role}>{t(`permission.${member.permission}`)}</span>
        )}
        {canManage && isMe && <span className={styles.iconSpacer} aria-hidden />}
        {canManage && !isMe && (
          <Tooltip content={t('members.remove')}>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => void askRemove()}
              disabled={remove.isPending}
              aria-label={t('members.removeLabel', { name: member.nickname })}
            >
              <UserMinus size={16} strokeWidth={1.75} aria-hidden />
            </Button>
          </Tooltip>
        )}
      </div>
    </li>
  );
}
