import type { Sauce } from '@sauce/contract/sauces';
import { ArrowLeft, Globe, Link2, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../button.tsx';
import { confirmDialog } from '../dialogs/confirm.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { useDeleteSauceFlow } from '../../lib/sauces/use-delete-sauce-flow.ts';
import { allowLeave } from '../../lib/sauces/use-leave-guard.ts';
import styles from './sauce-toolbar.module.css';
import { useDashboardHref } from '../../lib/sauces/use-dashboard-href.ts';

/** The way back to the dashboard (keeping the selected folder), labelled in the page's words. */
export function BackLink({ label }: { label: string }) {
  const { href } = useDashboardHref();
  return (
    <Link to={href} className={styles.back}>
      <ArrowLeft size={16} strokeWidth={1.75} aria-hidden />
      {label}
    </Link>
  );
}

/** The bar over a source: the way back, and the page's actions (none when `actions` is empty). */
export function SauceBar({ backLabel, actions }: { backLabel: string; actions?: ReactNode }) {
  return (
    <div className={styles.bar}>
      <BackLink label={backLabel} />
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

/** The bar's placeholder while the page loads. */
export function SauceBarSkeleton() {
  return (
    <div className={styles.bar}>
      <span className={styles.skelBack} aria-hidden />
    </div>
  );
}

/** Delete: asks first (the delete flow), then back to the dashboard, past the editor's leave guard when `fromEditor`. */
export function DeleteSauceButton({ workspaceId, sauceId, fromEditor = false }: { workspaceId: number; sauceId: number; fromEditor?: boolean }) {
  const { t } = useTranslation();
  const { href } = useDashboardHref();
  const navigate = useNavigate();
  const deleteFlow = useDeleteSauceFlow(workspaceId);
  return (
    <Button
      variant="ghost"
      className={styles.deleteButton}
      aria-label={t('sauces:delete.action')}
      onClick={async () => {
        if (!(await deleteFlow(sauceId))) return;
        if (fromEditor) allowLeave();
        navigate(href);
      }}
    >
      <Trash2 size={16} strokeWidth={1.75} aria-hidden />
      <span className={styles.hideNarrow}>{t('sauces:delete.action')}</span>
    </Button>
  );
}

/** Edit mode's Cancel: back to view mode, asking first when there are unsaved changes. */
export function CancelEditButton({ label, dirty, onCancel }: { label: string; dirty: boolean; onCancel: () => void }) {
  const { t } = useTranslation('archive');
  const cancel = async () => {
    if (dirty) {
      const ok = await confirmDialog({
        title: t('text.discardTitle'),
        description: t('text.leaveDescription'),
        confirmText: t('text.discard'),
        cancelText: t('text.stay'),
        destructive: true,
      });
      if (!ok) return;
    }
    onCancel();
  };
  return <Button onClick={cancel}>{label}</Button>;
}

/** View mode's bar: the way back; Delete, Share (SPEC §2 Header) and Edit when the source is editable (SPEC §6). */
export function SauceViewToolbar({
  workspaceId,
  sauce,
  backLabel,
  editLabel,
  onEdit,
}: {
  workspaceId: number;
  sauce: Sauce;
  backLabel: string;
  editLabel: string;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const [shareOpen, setShareOpen] = useState(false);
  const shareLabel = sauce.isShareEnabled ? t('share:buttonShared') : t('share:button');
  return (
    <>
      <SauceBar
        backLabel={backLabel}
        actions={
          sauce.isEditable && (
            <>
              <DeleteSauceButton workspaceId={workspaceId} sauceId={sauce.id} />
              <Button onClick={() => setShareOpen(true)} aria-haspopup="dialog" aria-label={shareLabel}>
                {sauce.isShareEnabled ? (
                  <Globe size={16} strokeWidth={1.75} aria-hidden />
                ) : (
                  <Link2 size={16} strokeWidth={1.75} aria-hidden />
                )}
                <span className={styles.hideNarrow}>{shareLabel}</span>
              </Button>
              <Button variant="primary" onClick={onEdit}>
                <Pencil size={16} strokeWidth={1.75} aria-hidden />
                {editLabel}
              </Button>
            </>
          )
        }
      />
      {sauce.isEditable && (
        <ShareDialog
          open={shareOpen}
          onOpenChange={setShareOpen}
          target={{ kind: 'sauce', workspaceId, id: sauce.id }}
          enabledHint={sauce.isShareEnabled}
        />
      )}
    </>
  );
}
