import { type InvitationInfo, zInvitationId } from '@sauce/contract/workspaces';
import { CheckCircle2, Link2Off } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { showLimitNoticeFor } from '../../../components/dialogs/limit-notice.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useProfile } from '../../../lib/session.ts';
import { useAcceptInvitation, useInvitationInfo } from '../api/invitations.ts';
import { useSelectWorkspace } from '../../../lib/workspaces.ts';
import styles from './invitation-view.module.css';
import { WorkspaceAvatar } from './workspace-avatar.tsx';

/**
 * The invitation page's content (SPEC §2 /workspace/invitation, §4, §8): the space's image,
 * name and member count, who invited and as what, and Accept. Accepting selects the space,
 * goes to /dashboard and toasts. An unknown, expired or revoked link — any failed lookup
 * (SPEC §4) — says the link has expired; a member is told they already joined and can open
 * the space; a full space (422) gets the beta notice.
 */
export function InvitationView({ invitationId }: { invitationId: string }) {
  const { t } = useTranslation('workspaces');
  const { data: user } = useProfile();
  const valid = zInvitationId.safeParse(invitationId).success;
  const info = useInvitationInfo(invitationId, !!user && valid);
  const accept = useAcceptInvitation();
  const select = useSelectWorkspace();

  if (!valid) return <Expired />;
  if (info.isPending) return <InvitationSkeleton />;
  if (info.isError || info.data.expired) {
    // A failed lookup means expired (SPEC §4); a network or server failure may also retry.
    const transient = info.error instanceof ApiError && (info.error.status === 0 || info.error.status >= 500);
    return <Expired onRetry={transient ? () => void info.refetch() : undefined} />;
  }
  const invitation = info.data;
  const open = () => select(invitation.workspace.id);

  if (invitation.isMember) {
    return (
      <EmptyState
        icon={<CheckCircle2 size={28} strokeWidth={1.75} />}
        title={t('common:errors.ALREADY_JOINED')}
        description={t('invitation.memberDescription', { name: invitation.workspace.name })}
        actions={
          <Button variant="primary" onClick={open}>
            {t('invitation.open')}
          </Button>
        }
      />
    );
  }

  const onAccept = () =>
    accept.mutate(invitationId, {
      onSuccess: (workspace) => {
        select(workspace.id);
        showToast(t('invitation.joined', { name: workspace.name }), 'success');
      },
      onError: (e) => {
        if (showLimitNoticeFor(e)) return;
        if (e instanceof ApiError && (e.code === 'ALREADY_JOINED' || e.code === 'INVITATION_EXPIRED')) {
          // The page follows what the server says now: 'already joined' or 'expired'.
          void info.refetch();
          return;
        }
        showToast(errorMessage(e), 'error');
      },
    });

  return <InvitationCard invitation={invitation} pending={accept.isPending} onAccept={onAccept} />;
}

function InvitationCard({ invitation, pending, onAccept }: { invitation: InvitationInfo; pending: boolean; onAccept(): void }) {
  const { t } = useTranslation('workspaces');
  const { workspace, inviter } = invitation;
  const role = t(`permission.${invitation.permission}`);
  return (
    <section className={styles.card} aria-labelledby="invitation-title">
      <WorkspaceAvatar name={workspace.name} image={workspace.image} size="xl" />
      <p className={styles.eyebrow}>{t('invitation.eyebrow')}</p>
      <h1 id="invitation-title" className={styles.name}>
        {workspace.name}
      </h1>
      <p className={styles.meta}>{t('invitation.memberCount', { count: workspace.memberCount })}</p>
      <div className={styles.inviter}>
        <Avatar name={inviter.nickname} image={inviter.profileImage} size="sm" />
        <span>{t('invitation.invitedBy', { name: inviter.nickname, role })}</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('invitation.permission')}</dt>
          <dd>
            <strong>{role}</strong> · {t(`permissionHint.${invitation.permission}`)}
          </dd>
        </div>
        <div>
          <dt>{t('invitation.expires')}</dt>
          <dd>{formatDateTime(invitation.expiresAt)}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onAccept} pending={pending} className={styles.accept}>
          {t('invitation.accept')}
        </Button>
        <ButtonLink to="/dashboard" variant="ghost">
          {t('invitation.later')}
        </ButtonLink>
      </div>
    </section>
  );
}

function Expired({ onRetry }: { onRetry?(): void }) {
  const { t } = useTranslation('workspaces');
  return (
    <EmptyState
      icon={<Link2Off size={28} strokeWidth={1.75} />}
      title={t('invitation.expiredTitle')}
      description={t('invitation.expiredDescription')}
      actions={
        <>
          {onRetry && <Button onClick={onRetry}>{t('common:retry')}</Button>}
          <ButtonLink to="/dashboard" variant="primary">
            {t('invitation.toDashboard')}
          </ButtonLink>
        </>
      }
    />
  );
}

function InvitationSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.card} aria-busy>
      <span className={`${styles.skeleton} ${styles.skeletonAvatar}`} aria-hidden />
      <span className={`${styles.skeleton} ${styles.skeletonTitle}`} aria-hidden />
      <span className={`${styles.skeleton} ${styles.skeletonLine}`} aria-hidden />
      <span className={`${styles.skeleton} ${styles.skeletonButton}`} aria-hidden />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
