import { lazy, type ReactNode, Suspense } from 'react';
import { create } from 'zustand';

// Issue #11 item 2: the dialog (Radix) loads with its own chunk, when first asked for.
const ConfirmView = lazy(async () => ({ default: (await import('./confirm-view.tsx')).ConfirmView }));

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
  const current = useDialogQueue((s) => s.current);
  if (!current) return null;
  const finish = (ok: boolean) => {
    current.resolve(ok);
    useDialogQueue.setState({ current: null });
  };
  return (
    <Suspense fallback={null}>
      <ConfirmView current={current} finish={finish} />
    </Suspense>
  );
}
