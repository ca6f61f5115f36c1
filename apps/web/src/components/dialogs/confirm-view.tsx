import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { Dialog } from './dialog.tsx';

/** An Alert or Confirm waiting for its answer. */
export interface Pending {
  kind: 'confirm' | 'alert';
  title: ReactNode;
  description?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  destructive?: boolean;
  resolve: (ok: boolean) => void;
}

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
          <Button variant={current.destructive ? 'danger' : 'primary'} onClick={() => finish(true)} autoFocus>
            {current.confirmText ?? t('confirm')}
          </Button>
        </>
      }
    />
  );
}
