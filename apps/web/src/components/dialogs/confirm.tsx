import { lazy, Suspense } from 'react';
import { create } from 'zustand';
import type { Pending } from './confirm-view.tsx';

// Issue #11 item 2: the dialog (Radix) loads with its own chunk, when first asked for.
const ConfirmView = lazy(async () => ({ default: (await import('./confirm-view.tsx')).ConfirmView }));

// The pending dialog's shape lives with its view, which this file loads lazily: no import loop (issue #19 item 4).
export type { Pending } from './confirm-view.tsx';

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
