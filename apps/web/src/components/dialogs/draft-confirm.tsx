import { lazy, Suspense } from 'react';
import { create } from 'zustand';
import { useHasBeenTrue } from '../../lib/use-has-been-true.ts';
import type { DraftConfirmChoice } from './draft-confirm-view.tsx';

// Issue #11 item 2: the dialog (Radix) loads with its own chunk, when first asked for.
const DraftConfirm = lazy(async () => ({ default: (await import('./draft-confirm-view.tsx')).DraftConfirm }));

// The choice's type lives with the view, which this file loads lazily: no import loop (issue #19 item 4).
export type { DraftConfirmChoice } from './draft-confirm-view.tsx';

const useDraftConfirmQueue = create<{ resolve: ((choice: DraftConfirmChoice) => void) | null; fromDraft: boolean }>(() => ({
  resolve: null,
  fromDraft: false,
}));

/**
 * Opens DraftConfirm and resolves with the choice. Needs {@link DraftConfirmHost} mounted
 * (the app's header mounts it). A second call while one is open answers the first 'stay'.
 * `fromDraft`: the page continues a saved draft (the dialog says leaving keeps it).
 */
export function draftConfirmDialog({ fromDraft = false }: { fromDraft?: boolean } = {}): Promise<DraftConfirmChoice> {
  return new Promise((resolve) => {
    useDraftConfirmQueue.getState().resolve?.('stay');
    useDraftConfirmQueue.setState({ resolve, fromDraft });
  });
}

/** Renders the pending {@link draftConfirmDialog}; mount once in the app shell. */
export function DraftConfirmHost() {
  const resolve = useDraftConfirmQueue((s) => s.resolve);
  const fromDraft = useDraftConfirmQueue((s) => s.fromDraft);
  const opened = useHasBeenTrue(!!resolve);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DraftConfirm
        open={!!resolve}
        fromDraft={fromDraft}
        onChoose={(choice) => {
          useDraftConfirmQueue.setState({ resolve: null });
          resolve?.(choice);
        }}
      />
    </Suspense>
  );
}
