import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { Button } from '../button.tsx';
import { Dialog } from './dialog.tsx';

interface Pending {
  kind: 'confirm' | 'alert';
  title: ReactNode;
  description?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  destructive?: boolean;
  resolve: (ok: boolean) => void;
}

const useDialogQueue = create<{ current: Pending | null }>(() => ({ current: null }));

type Options = Omit<Pending, 'kind' | 'resolve'>;

/** Confirm dialog (SPEC §2: cancel/confirm with custom text). Resolves true on confirm. */
export function confirmDialog(options: Options): Promise<boolean> {
  return new Promise((resolve) => useDialogQueue.setState({ current: { ...options, kind: 'confirm', resolve } }));
}

/** Alert dialog (SPEC §2: single confirm). Resolves when dismissed. */
export function alertDialog(options: Omit<Options, 'cancelText' | 'destructive'>): Promise<void> {
  return new Promise((resolve) =>
    useDialogQueue.setState({ current: { ...options, kind: 'alert', resolve: () => resolve() } }),
  );
}

/** Renders the pending Alert or Confirm; mount once near the root. */
export function DialogHost() {
  const { t } = useTranslation();
  const current = useDialogQueue((s) => s.current);
  const finish = (ok: boolean) => {
    current?.resolve(ok);
    useDialogQueue.setState({ current: null });
  };
  if (!current) return null;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && finish(false)}
      title={current.title}
      description={current.description}
      footer={
        <>
          {current.kind === 'confirm' && (
            <Button onClick={() => finish(false)}>{current.cancelText ?? t('cancel')}</Button>
          )}
          <Button variant={current.destructive ? 'danger' : 'primary'} onClick={() => finish(true)} autoFocus>
            {current.confirmText ?? t('confirm')}
          </Button>
        </>
      }
    />
  );
}
