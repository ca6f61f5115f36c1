import type { TFunction } from 'i18next';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router';
import { alertDialog, confirmDialog } from '../../components/dialogs/confirm.tsx';
import { draftConfirmDialog } from '../../components/dialogs/draft-confirm.tsx';
import { showToast, useAppStore } from '../../state/app-store.ts';
import { DraftTooLargeError } from './drafts.ts';

export interface LeaveGuardOptions {
  /** Unsaved work on the page: leaving asks first. */
  when: boolean;
  /**
   * A new source: leaving offers DraftConfirm, and 'Save draft' calls this (usually
   * `saveDraft(workspaceId, …)`). Throwing DraftTooLargeError keeps the person on the page
   * with the 'Temporary save capacity exceeded' alert. Without it (editing a saved source)
   * a plain 'Leave without saving your changes?' confirm is shown.
   */
  onSaveDraft?: () => void;
  /**
   * Work a draft would leave out that is about to finish (the image editor's uploads: a
   * draft names only uploaded images). 'Save draft' waits for it, under the loading overlay,
   * before calling `onSaveDraft`. Not waited for when the tab closes (the page is going).
   */
  settle?: () => Promise<void>;
  /** The page continues a saved draft: DraftConfirm says leaving keeps it (issue #31 item 15). */
  fromDraft?: boolean;
}

/** Set by {@link allowLeave}: the next navigation a guard sees goes through without asking. */
let allowNext = false;

/**
 * Lets the page's own next navigation through without asking: call it right before
 * `navigate()` after a successful save or delete. (Setting `when` to false works only once
 * React has re-rendered, not for a `navigate()` in the same event handler.)
 */
export function allowLeave(): void {
  allowNext = true;
}

/**
 * Guards unsaved work (SPEC §2 DraftConfirm). While `when` is true:
 * - navigating elsewhere inside the app (links, back/forward, `navigate()`) is held by
 *   react-router's `useBlocker` and asks first: DraftConfirm with `onSaveDraft` ('Save draft'
 *   saves then leaves; 'Leave' leaves; closing it stays), else a plain confirm;
 * - closing or reloading the tab gets the browser's own 'Leave site?' prompt, and a new
 *   source's work is saved as its draft when the page goes (pagehide), to be offered again.
 * Changing only the hash is not leaving. Needs a data router (createBrowserRouter /
 * createMemoryRouter) and the app's dialog hosts (DialogHost, DraftConfirmHost) mounted.
 */
export function useLeaveGuard({ when, onSaveDraft, settle, fromDraft = false }: LeaveGuardOptions): void {
  const { t } = useTranslation('sauces');
  const saveRef = useRef(onSaveDraft);
  const settleRef = useRef(settle);
  // Read by the blocker when a navigation starts. Kept current by a layout effect, which
  // runs as the edit's render is committed: react-router registers a new blocker function
  // only in a passive effect, which may run a frame (Preact: up to 100 ms) after the edit,
  // and a Back pressed in between left without asking (issue #19 item 8).
  const whenRef = useRef(when);
  useLayoutEffect(() => {
    saveRef.current = onSaveDraft;
    settleRef.current = settle;
    whenRef.current = when;
  });

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (!whenRef.current) return false;
    if (currentLocation.pathname === nextLocation.pathname && currentLocation.search === nextLocation.search) return false;
    if (allowNext) {
      allowNext = false;
      return false;
    }
    return true;
  }, []);
  const blocker = useBlocker(shouldBlock);

  // A fresh page starts without a pass left over from elsewhere.
  useEffect(() => {
    allowNext = false;
  }, []);

  // Each blocked navigation is a new blocker object: ask once per object.
  const asked = useRef<Blocker | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asked.current === blocker) return;
    asked.current = blocker;
    void decide(blocker, saveRef.current, settleRef.current, t, fromDraft);
  }, [blocker, t, fromDraft]);

  useEffect(() => {
    if (!when) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only with a returnValue.
      e.returnValue = '';
    };
    // Issue #8: a closed tab, a reload, or Back past the app's first page leaves without a
    // dialog of ours. A new source's work is then kept as its draft, so the next visit offers
    // the same choice as DraftConfirm (continue the draft or start new) instead of losing it.
    const keep = () => {
      try {
        saveRef.current?.();
      } catch {
        // Too large for a draft (over 5 MB): the browser's own prompt was the warning.
      }
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', keep);
    };
  }, [when]);
}

async function decide(
  blocker: Blocker & { state: 'blocked' },
  onSaveDraft: (() => void) | undefined,
  settle: (() => Promise<void>) | undefined,
  t: TFunction<'sauces'>,
  fromDraft: boolean,
) {
  if (!onSaveDraft) {
    const leave = await confirmDialog({
      title: t('leave.title'),
      description: t('leave.description'),
      confirmText: t('leave.leave'),
      cancelText: t('leave.stay'),
      destructive: true,
    });
    if (leave) blocker.proceed();
    else blocker.reset();
    return;
  }
  const choice = await draftConfirmDialog({ fromDraft });
  if (choice === 'stay') return blocker.reset();
  if (choice === 'leave') return blocker.proceed();
  if (settle) {
    useAppStore.getState().set({ loading: true });
    try {
      await settle();
    } finally {
      useAppStore.getState().set({ loading: false });
    }
  }
  try {
    onSaveDraft();
  } catch (e) {
    // Nothing is lost: the page stays as it was, and so does any earlier draft.
    blocker.reset();
    if (e instanceof DraftTooLargeError) {
      const description = e.reason === 'storage-full' ? t('draft.storageFullDescription') : t('draft.tooLargeDescription');
      await alertDialog({ title: t('draft.tooLarge'), description });
    } else {
      console.error('Saving the draft failed', e);
      await alertDialog({ title: t('draft.saveFailed'), description: t('draft.saveFailedDescription') });
    }
    return;
  }
  showToast(t('draft.saved'), 'success');
  blocker.proceed();
}
