import { Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { Dialog } from '../dialogs/dialog.tsx';
import { Switch } from '../switch.tsx';
import { showToast } from '../../state/app-store.ts';
import { type ShareTarget, useSetShare, useShareState } from '../../lib/sauces/share-sauce.ts';
import { errorMessage } from '../../lib/sauces/error-message.ts';
import { ShareSettingsPanel } from './share-settings-panel.tsx';
import styles from './share-dialog.module.css';

export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A source, or a folder shared as a board (issue #32): the same dialog, on the target's own calls. */
  target: ShareTarget;
  /** Said under the title: what is shared (a board's folder name). */
  subject?: string;
  /** Whether it is shared, as the page already knows it (a source's `isShareEnabled`): the switch's position while the state loads. */
  enabledHint?: boolean;
}

/**
 * Share (link sharing), SPEC §2 Dialogs and §4 Sharing, for a source or a folder as a board
 * (issue #32): reads the share's state when it opens (GET …/share), a switch that turns it on
 * or off at once (rolled back with a toast on failure), the link while it is on (a placeholder
 * until it is known) with a copy button that is disabled while off, and — while on — the
 * link's expiry and password with a line saying both, changed without changing the link.
 * Offered only to those who may share (editable sources; owners and editors for boards).
 */
export function ShareDialog({ open, onOpenChange, target, subject, enabledHint }: ShareDialogProps) {
  const { t } = useTranslation('share');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={target.kind === 'board' ? t('dialog.boardTitle') : t('dialog.title')}
      description={subject}
      width={480}
    >
      <ShareBody target={target} enabledHint={enabledHint ?? false} />
    </Dialog>
  );
}

/** Mounted while the dialog is open, so each opening reads the share's state afresh. */
function ShareBody({ target, enabledHint }: { target: ShareTarget; enabledHint: boolean }) {
  const { t } = useTranslation('share');
  const id = useId();
  const state = useShareState(target);
  const change = useSetShare(target);
  const board = target.kind === 'board';
  const enabled = state.data?.enabled ?? enabledHint;
  const link = state.data?.enabled ? state.data.url : null;

  const toggle = (next: boolean) =>
    change.mutate({ enabled: next }, { onError: (e) => showToast(errorMessage(e, t('dialog.toggleFailed')), 'error') });

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      showToast(t('dialog.copied'), 'success');
    } catch (e) {
      // SPEC §8: a failed copy is logged, with no confirmation.
      console.error('failed to copy the share link', e);
    }
  };

  // Before the first answer the link is a placeholder (SPEC §4 Sharing).
  const view = !enabled ? 'off' : link ? 'ready' : state.isFetching || change.isPending || state.isPending ? 'loading' : 'failed';

  return (
    <div className={styles.body}>
      <Switch
        checked={enabled}
        onCheckedChange={toggle}
        busy={change.isPending || state.isPending}
        label={t('dialog.toggle')}
        description={
          enabled
            ? t(board ? 'dialog.boardOnDescription' : 'dialog.onDescription')
            : t(board ? 'dialog.boardOffDescription' : 'dialog.offDescription')
        }
      />
      <div className={styles.linkRow}>
        {view === 'loading' ? (
          <div className={`${styles.field} ${styles.placeholder}`} aria-busy="true">
            <span className={styles.bar} aria-hidden />
            <span className="visually-hidden">{t('dialog.loadingLink')}</span>
          </div>
        ) : view === 'failed' ? (
          <div className={`${styles.field} ${styles.failed}`} role="alert">
            <span>{t('dialog.loadFailed')}</span>
            <Button size="small" variant="ghost" onClick={() => void state.refetch()}>
              {t('dialog.retry')}
            </Button>
          </div>
        ) : (
          <>
            <label htmlFor={`${id}-link`} className="visually-hidden">
              {t('dialog.linkLabel')}
            </label>
            <input
              id={`${id}-link`}
              className={styles.field}
              readOnly
              disabled={view === 'off'}
              value={link ?? ''}
              placeholder={t('dialog.offPlaceholder')}
              onFocus={(e) => e.currentTarget.select()}
            />
          </>
        )}
        <Button variant="primary" onClick={copy} disabled={view !== 'ready'} className={styles.copy}>
          <Copy size={16} strokeWidth={1.75} aria-hidden />
          {t('dialog.copy')}
        </Button>
      </div>
      {state.data?.enabled && <ShareSettingsPanel state={state.data} busy={change.isPending} change={change.mutateAsync} />}
    </div>
  );
}
