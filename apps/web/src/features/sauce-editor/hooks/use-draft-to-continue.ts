import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, useAppStore } from '../../../state/app-store.ts';
import { type Draft, loadDraft } from '../../../lib/sauces/drafts.ts';

/**
 * SPEC §4: `?draft=true` continues the workspace's draft of this type, read once when the
 * page opens; null without `fromDraft`, or when there is none (then 'There's no saved draft
 * to continue' is toasted and a new source starts). While it is open the app is in draft
 * mode. Only for people who may write (`canWrite`, SPEC §6).
 */
export function useDraftToContinue<T extends Draft['type']>(
  workspaceId: number,
  type: T,
  fromDraft: boolean,
  canWrite: boolean,
): Extract<Draft, { type: T }> | null {
  const { t } = useTranslation('sauces');
  const [draft] = useState(() => {
    if (!fromDraft) return null;
    const saved = loadDraft(workspaceId);
    return saved?.type === type ? (saved as Extract<Draft, { type: T }>) : null;
  });

  useEffect(() => {
    if (!fromDraft || !canWrite) return;
    useAppStore.getState().set({ isDraftMode: true });
    if (!draft) showToast(t('draft.missing'), 'info');
    return () => useAppStore.getState().set({ isDraftMode: false });
  }, [fromDraft, canWrite, draft, t]);

  return draft;
}
