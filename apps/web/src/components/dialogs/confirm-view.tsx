import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import type { Pending } from './confirm.tsx';
import { Dialog } from './dialog.tsx';
import { focusOnMount } from '../../lib/focus-on-mount.ts';

/** The Alert or Confirm dialog of {@link Pending} (SPEC §2 Dialogs); `finish(ok)` answers it. */
export function ConfirmView({ current, finish }: { current: Pending; finish: (ok: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && finish(false)}
      title={current.title}
      description={current.description}
      footer={
        <>
          {current.kind === 'confirm' && <Button onClick={() => finish(false)}>{current.cancelText ?? t('cancel')}</Button>}
          <Button variant={current.destructive ? 'danger' : 'primary'} onClick={() => finish(true)} ref={focusOnMount}>
            {current.confirmText ?? t('confirm')}
          </Button>
        </>
      }
    />
  );
}
