import type { Permission } from '@sauce/contract/common';
import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import i18n from 'i18next';
import { Copy, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { alertDialog, confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { InlineError } from '../../../components/inline-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { usePlan } from '../../../lib/plan.ts';
import { INVITE_PERMISSIONS, useInvitationLink, useResetInvitation } from '../api/invitations.ts';
import styles from './invite-member-dialog.module.css';

export interface InviteMemberDialogProps {
  workspace: WorkspaceSummary;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * InviteWorkspaceMember (SPEC §2 Dialogs, §6): one invite link per permission (owner,
 * editor, viewer), each valid for 1 week (SPEC §9) with its expiry date, a copy button and
 * — for owners — a 'reset link' that revokes it and makes a new one. The links are asked
 * for when the dialog opens.
 */
export function InviteMemberDialog({ workspace, open, onOpenChange }: InviteMemberDialogProps) {
  const { t } = useTranslation('workspaces');
  const { members } = usePlan();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('invite.title')}
      description={members === null ? t('invite.descriptionUnlimited') : t('invite.description', { count: members })}
      width={520}
    >
      <ul className={styles.rows}>
        {INVITE_PERMISSIONS.map((permission) => (
          <InviteLinkRow
            key={permission}
            workspaceId={workspace.id}
            permission={permission}
            canReset={workspace.abilities.inviteMembers}
            enabled={open}
          />
        ))}
      </ul>
    </Dialog>
  );
}

/** Copies an invite link: a 'link copied' toast, or the 'Failed to copy!' alert (SPEC §8). */
async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    showToast(i18n.t('workspaces:invite.copied'), 'success');
  } catch {
    await alertDialog({ title: i18n.t('workspaces:invite.copyFailed') });
  }
}

function InviteLinkRow({
  workspaceId,
  permission,
  canReset,
  enabled,
}: {
  workspaceId: number;
  permission: Permission;
  canReset: boolean;
  enabled: boolean;
}) {
  const { t } = useTranslation('workspaces');
  const id = useId();
  const link = useInvitationLink(workspaceId, permission, enabled);
  const reset = useResetInvitation(workspaceId);
  const role = t(`permission.${permission}`);
  const invitation = reset.isPending ? undefined : link.data;

  const askReset = async () => {
    if (!invitation) return;
    const ok = await confirmDialog({
      title: t('invite.resetTitle', { role }),
      description: t('invite.resetDescription'),
      confirmText: t('invite.reset'),
      destructive: true,
    });
    if (!ok) return;
    reset.mutate(
      { id: invitation.id, permission },
      {
        onSuccess: () => showToast(t('invite.resetDone', { role }), 'success'),
        onError: (e) => showToast(errorMessage(e), 'error'),
      },
    );
  };

  return (
    <li className={styles.row} aria-busy={!invitation && !link.isError}>
      <div className={styles.head}>
        <span id={`${id}-role`} className={styles.role}>
          {role}
        </span>
        <span className={styles.roleHint}>{t(`permissionHint.${permission}`)}</span>
      </div>
      {link.isError && !reset.isPending ? (
        <InlineError message={t('invite.loadFailed')} onRetry={() => void link.refetch()} retrying={link.isFetching} />
      ) : invitation ? (
        <>
          <div className={styles.linkRow}>
            <input
              className={styles.link}
              readOnly
              value={invitation.link}
              aria-label={t('invite.linkLabel', { role })}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button variant="primary" onClick={() => void copyLink(invitation.link)} aria-label={t('invite.copyLabel', { role })}>
              <Copy size={16} strokeWidth={1.75} aria-hidden />
              <span className={styles.copyText}>{t('invite.copy')}</span>
            </Button>
          </div>
          <div className={styles.foot}>
            <span className={styles.expiry}>
              {t('invite.validUntil', { date: formatDateTime(invitation.expiresAt) })}
            </span>
            {canReset && (
              <Button size="small" variant="ghost" className={styles.reset} onClick={() => void askReset()} aria-label={t('invite.resetLabel', { role })}>
                <RotateCcw size={14} strokeWidth={1.75} aria-hidden />
                {t('invite.reset')}
              </Button>
            )}
          </div>
        </>
      ) : (
        <div className={styles.skeleton} aria-hidden>
          <span className={styles.skeletonField} />
          <span className={styles.skeletonLine} />
        </div>
      )}
      {!invitation && !link.isError && <span className="visually-hidden">{t('invite.loading', { role })}</span>}
    </li>
  );
}
