import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs/confirm.tsx';
import { DraftConfirmHost } from '../../components/dialogs/draft-confirm.tsx';
import { initI18n } from '../../test/i18n.ts';
import { useAppStore } from '../../state/app-store.ts';
import { DraftTooLargeError, loadDraft, saveDraft, type TextDraft } from './drafts.ts';
import { allowLeave, useLeaveGuard, type LeaveGuardOptions } from './use-leave-guard.ts';

beforeAll(() => {
  initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  useAppStore.setState({ toasts: [] });
});
// Dialogs are app-wide (their hosts' queues outlive a render): close any left open.
afterEach(async () => {
  for (const dialog of screen.queryAllByRole('dialog')) fireEvent.keyDown(dialog, { key: 'Escape' });
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  cleanup();
});

const DRAFT_CONFIRM = 'Leave this page?';
const PLAIN_CONFIRM = 'Leave without saving your changes?';
const TOO_LARGE = 'Temporary save capacity exceeded.';

function Editor(props: LeaveGuardOptions) {
  useLeaveGuard(props);
  const navigate = useNavigate();
  return (
    <>
      <h1>Editor</h1>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/edit#comments">Comments</Link>
      <button
        type="button"
        onClick={() => {
          allowLeave();
          void navigate('/elsewhere');
        }}
      >
        Saved, go
      </button>
    </>
  );
}

/** The editor at /edit in a memory data router, with the app's dialog hosts. */
function renderEditor(props: LeaveGuardOptions) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor {...props} /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <DialogHost />
      <DraftConfirmHost />
    </>,
  );
  return router;
}

const leaveViaLink = () => fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));

describe('useLeaveGuard with a draft (SPEC §2 DraftConfirm)', () => {
  it("'Save draft' saves, then leaves", async () => {
    const onSaveDraft = vi.fn();
    const router = renderEditor({ when: true, onSaveDraft });
    leaveViaLink();
    const dialog = await screen.findByRole('dialog', { name: DRAFT_CONFIRM });
    expect(dialog.textContent).toContain('this source will be deleted');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
    expect(onSaveDraft).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(useAppStore.getState().toasts.map((t) => t.message)).toContain('Draft saved. Continue it from Create source.');
  });

  it("'Save draft' first waits for what is about to finish (uploads), under the loading overlay", async () => {
    let finish!: () => void;
    const settle = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onSaveDraft = vi.fn();
    const router = renderEditor({ when: true, onSaveDraft, settle });
    leaveViaLink();
    await screen.findByRole('dialog', { name: DRAFT_CONFIRM });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await vi.waitFor(() => expect(settle).toHaveBeenCalledOnce());
    expect(useAppStore.getState().loading).toBe(true);
    expect(onSaveDraft).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/edit');
    await act(async () => finish());
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
    expect(onSaveDraft).toHaveBeenCalledOnce();
    expect(useAppStore.getState().loading).toBe(false);
  });

  it("'Leave' leaves without saving", async () => {
    const onSaveDraft = vi.fn();
    const router = renderEditor({ when: true, onSaveDraft });
    leaveViaLink();
    await screen.findByRole('dialog', { name: DRAFT_CONFIRM });
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
    expect(onSaveDraft).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('continuing a saved draft, says leaving loses the changes since and keeps that draft, and leaves it so (issue #31 item 15)', async () => {
    const older: TextDraft = { type: 'TEXT', title: 'Older draft', text: '', link: null, tagSet: [], folderSet: [], savedAt: new Date().toISOString() };
    saveDraft(7, older);
    renderEditor({ when: true, onSaveDraft: vi.fn(), fromDraft: true });
    leaveViaLink();
    const dialog = await screen.findByRole('dialog', { name: DRAFT_CONFIRM });
    expect(dialog.textContent).toContain('The draft you saved before stays.');
    expect(dialog.textContent).not.toContain('this source will be deleted');
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
    expect(loadDraft(7)).toMatchObject({ title: 'Older draft' });
  });

  it('a new source’s dialog says leaving deletes it', async () => {
    renderEditor({ when: true, onSaveDraft: vi.fn() });
    leaveViaLink();
    expect((await screen.findByRole('dialog', { name: DRAFT_CONFIRM })).textContent).toContain('this source will be deleted');
  });

  it('closing the dialog (Escape) stays, and asks again next time', async () => {
    const onSaveDraft = vi.fn();
    const router = renderEditor({ when: true, onSaveDraft });
    leaveViaLink();
    const dialog = await screen.findByRole('dialog', { name: DRAFT_CONFIRM });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeTruthy();

    leaveViaLink();
    expect(await screen.findByRole('dialog', { name: DRAFT_CONFIRM })).toBeTruthy();
    expect(onSaveDraft).not.toHaveBeenCalled();
  });

  it('a full browser storage says so, not that the draft is over 5 MB (issue #31 item 14)', async () => {
    const onSaveDraft = vi.fn(() => {
      throw new DraftTooLargeError('storage-full');
    });
    const router = renderEditor({ when: true, onSaveDraft });
    leaveViaLink();
    await screen.findByRole('dialog', { name: DRAFT_CONFIRM });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('dialog', { name: TOO_LARGE });
    expect(alert.textContent).toContain("This browser's storage is full");
    expect(alert.textContent).not.toContain('5 MB');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('a draft over the limit shows the capacity alert and keeps the page and the old draft', async () => {
    const old: TextDraft = { type: 'TEXT', title: 'Old', text: 'kept', link: null, tagSet: [], folderSet: [], savedAt: '2025-01-01T00:00:00.000Z' };
    saveDraft(9, old);
    const onSaveDraft = vi.fn(() => saveDraft(9, { ...old, title: 'New', text: 'x'.repeat(5_000_001) }));
    const router = renderEditor({ when: true, onSaveDraft });
    leaveViaLink();
    await screen.findByRole('dialog', { name: DRAFT_CONFIRM });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    const alert = await screen.findByRole('dialog', { name: TOO_LARGE });
    expect(onSaveDraft.mock.results[0]?.type).toBe('throw');
    expect(onSaveDraft.mock.results[0]?.value).toBeInstanceOf(DraftTooLargeError);
    expect(router.state.location.pathname).toBe('/edit');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(alert.isConnected).toBe(false);
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeTruthy();
    expect(loadDraft(9)).toEqual(old);

    // Still guarded: the blocker was reset, not left blocked.
    leaveViaLink();
    expect(await screen.findByRole('dialog', { name: DRAFT_CONFIRM })).toBeTruthy();
  });

  it('lets the page leave by itself after allowLeave()', async () => {
    const router = renderEditor({ when: true, onSaveDraft: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: 'Saved, go' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('does not ask for a hash change, or when there is nothing to lose', async () => {
    const router = renderEditor({ when: true, onSaveDraft: vi.fn() });
    fireEvent.click(screen.getByRole('link', { name: 'Comments' }));
    await vi.waitFor(() => expect(router.state.location.hash).toBe('#comments'));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();

    const calm = renderEditor({ when: false, onSaveDraft: vi.fn() });
    leaveViaLink();
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
    expect(calm.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks the browser before the tab closes while there is unsaved work', () => {
    renderEditor({ when: true, onSaveDraft: vi.fn() });
    const event = new Event('beforeunload', { cancelable: true });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    cleanup();

    renderEditor({ when: false });
    const calm = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(calm);
    expect(calm.defaultPrevented).toBe(false);
  });

  it('keeps the work as a draft when the page goes without our dialog (closed tab, Back out of the app)', () => {
    const onSaveDraft = vi.fn();
    renderEditor({ when: true, onSaveDraft });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(onSaveDraft).toHaveBeenCalledTimes(1);
    cleanup();
    const calm = vi.fn();
    renderEditor({ when: false, onSaveDraft: calm });
    window.dispatchEvent(new Event('pagehide'));
    expect(calm).not.toHaveBeenCalled();
  });
});

describe('useLeaveGuard without a draft (editing a saved source)', () => {
  it("asks 'Leave without saving your changes?': stay, then leave", async () => {
    const router = renderEditor({ when: true });
    leaveViaLink();
    await screen.findByRole('dialog', { name: PLAIN_CONFIRM });
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
    leaveViaLink();
    await screen.findByRole('dialog', { name: PLAIN_CONFIRM });
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });
});
