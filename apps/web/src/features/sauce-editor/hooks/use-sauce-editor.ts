import type { Sauce } from '@sauce/contract/sauces';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, useAppStore } from '../../../state/app-store.ts';
import { type Draft, saveDraft } from '../../../lib/sauces/drafts.ts';
import { useLeaveGuard } from '../../../lib/sauces/use-leave-guard.ts';

export interface SauceEditorOptions {
  /** The app's mode while the editor is open (the header's state, SPEC §4). */
  mode: 'IMAGE' | 'TEXT';
  workspaceId: number;
  /** The saved source being edited; undefined for a new one. */
  sauce?: Sauce;
  /** It opened the workspace's saved draft. */
  fromDraft?: boolean;
  /** Something differs from what the editor opened with. */
  dirty: boolean;
  /** The work as the workspace's draft (SPEC §3 Draft type), read when leaving. */
  toDraft: () => Draft;
  /** Work the draft would leave out that is about to finish (see useLeaveGuard's `settle`). */
  settle?: () => Promise<void>;
}

/**
 * What both editors do the same way (issue #19 item 3): the app's mode while open; 'Picked
 * up your draft' when a saved draft was restored; and one leave guard, which asks only
 * when something changed since the editor opened (a continued draft counts from the draft
 * as restored), offering a new source's work as the workspace's draft (SPEC §2 DraftConfirm)
 * and a saved source's edit a plain confirm.
 */
export function useSauceEditor({ mode, workspaceId, sauce, fromDraft, dirty, toDraft, settle }: SauceEditorOptions): void {
  const { t } = useTranslation('sauces');

  useEffect(() => {
    useAppStore.getState().set({ mode });
    return () => useAppStore.getState().set({ mode: 'VIEW' });
  }, [mode]);

  useEffect(() => {
    if (fromDraft) showToast(t('draft.restored'), 'success');
    // Once, when the restored draft opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLeaveGuard({ when: dirty, onSaveDraft: sauce ? undefined : () => saveDraft(workspaceId, toDraft()), settle, fromDraft: !!fromDraft && !sauce });
}
