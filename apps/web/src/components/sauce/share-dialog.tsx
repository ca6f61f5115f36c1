import { Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { Dialog } from '../dialogs/dialog.tsx';
import { Switch } from '../switch.tsx';
import { showToast } from '../../state/app-store.ts';
import { useSetSharing } from '../../lib/sauces/share-sauce.ts';
import { errorMessage } from '../../lib/sauces/error-message.ts';
import styles from './share-dialog.module.css';

export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspaceId: number;
  sauceId: number;
  /** The source's current state (GET /archive/sauce/{workspace}/{id}). */
  isShareEnabled: boolean;
}

/**
 * Share (link sharing), SPEC §2 Dialogs and §4 Sharing: a switch that sends the new state
 * (optimistic, rolled back with a toast on failure), the link while sharing is on (a
 * placeholder until the first response), and a copy button that is disabled while off.
 * Only offered on editable sources.
 */
export function ShareDialog({ open, onOpenChange, workspaceId, sauceId, isShareEnabled }: ShareDialogProps) {
  const { t } = useTranslation('share');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('dialog.title')} width={440}>
      <ShareBody workspaceId={workspaceId} sauceId={sauceId} initialEnabled={isShareEnabled} />
    </Dialog>
  );
}

/** Mounted while the dialog is open, so each opening starts from the source's state. */
function ShareBody({ workspaceId, sauceId, initialEnabled }: { workspaceId: number; sauceId: number; initialEnabled: boolean }) {
  const { t } = useTranslation('share');
  const id = useId();
  const sharing = useSetSharing(workspaceId, sauceId);
  const [enabled, setEnabled] = useState(initialEnabled);
  const [link, setLink] = useState<string | null>(null);
  const started = useRef(false);
  const busy = sharing.isPending;

  // The read does not carry the link; asking to share again returns the same one.
  const loadLink = () =>
    sharing.mutate(true, {
      onSuccess: (data) => {
        setEnabled(data.isShareEnabled);
        setLink(data.link);
      },
    });
  useEffect(() => {
    if (started.current || !initialEnabled) return;
    started.current = true;
    loadLink();
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = (next: boolean) => {
    const before = { enabled, link };
    setEnabled(next);
    if (!next) setLink(null);
    sharing.mutate(next, {
      onSuccess: (data) => {
        setEnabled(data.isShareEnabled);
        setLink(data.link);
      },
      onError: (e) => {
        setEnabled(before.enabled);
        setLink(before.link);
        showToast(errorMessage(e, t('dialog.toggleFailed')), 'error');
      },
    });
  };

  const copy = async () => {
    if (!enabled || !link) return;
    try {
      await navigator.clipboard.writeText(link);
      showToast(t('dialog.copied'), 'success');
    } catch (e) {
      // SPEC §8: a failed copy is logged, with no confirmation.
      console.error('failed to copy the share link', e);
    }
  };

  // Before the first answer the link is a placeholder (SPEC §4 Sharing).
  const state = !enabled ? 'off' : link ? 'ready' : busy || sharing.isIdle ? 'loading' : 'failed';

  return (
    <div className={styles.body}>
      <Switch
        checked={enabled}
        onCheckedChange={toggle}
        busy={busy}
        label={t('dialog.toggle')}
        description={enabled ? t('dialog.onDescription') : t('dialog.offDescription')}
      />
      <div className={styles.linkRow}>
        {state === 'loading' ? (
          <div className={`${styles.field} ${styles.placeholder}`} aria-busy="true">
            <span className={styles.bar} aria-hidden />
            <span className="visually-hidden">{t('dialog.loadingLink')}</span>
          </div>
        ) : state === 'failed' ? (
          <div className={`${styles.field} ${styles.failed}`} role="alert">
            <span>{t('dialog.loadFailed')}</span>
            <Button size="small" variant="ghost" onClick={loadLink}>
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
              disabled={state === 'off'}
              value={state === 'ready' ? (link ?? '') : ''}
              placeholder={t('dialog.offPlaceholder')}
              onFocus={(e) => e.currentTarget.select()}
            />
          </>
        )}
        <Button variant="primary" onClick={copy} disabled={state !== 'ready'} className={styles.copy}>
          <Copy size={16} strokeWidth={1.75} aria-hidden />
          {t('dialog.copy')}
        </Button>
      </div>
    </div>
  );
}
