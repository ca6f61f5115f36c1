import { workspaceKeys } from '../lib/query-keys.ts';
import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FolderNav } from '../features/folders/components/folder-nav.tsx';
import { initI18n } from '../test/i18n.ts';
import { useAppStore } from '../state/app-store.ts';
import { renderWithApp } from '../test/render.tsx';
import { workspaceSummary } from '../test/workspaces.ts';
import { Header } from './header.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../lib/api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/api.ts')>()), api }));

let current: WorkspaceSummary;
beforeAll(() => {
  initI18n('en');
  // @hello-pangea/dnd measures layout only in standards mode, and says so otherwise.
  if (!document.doctype) document.insertBefore(document.implementation.createDocumentType('html', '', ''), document.documentElement);
});
beforeEach(() => {
  useAppStore.setState({ selectedWorkspaceId: 9 });
  api.mockReset();
  api.mockImplementation(async (path: string) => {
    if (path === '/auth/session') return { user: { id: 1, email: null, nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
    if (path === '/workspace') return [workspaceSummary(), current];
    if (path === '/archive/folder/9/list') return { results: [{ id: 3, name: 'Mood', order: 1, itemCount: 2 }], count: 1 };
    throw new Error(path);
  });
});
afterEach(async () => {
  for (const dialog of screen.queryAllByRole('dialog')) fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  cleanup();
});

const DRAG_HINT = 'Press Space to pick up a folder, use the arrow keys to move it, and press Space again to drop it. Press Escape to cancel.';
const team = (permission: WorkspaceSummary['permission']) => workspaceSummary({ id: 9, name: 'Team', isPersonal: false, permission });

describe('roles in the shell (SPEC §2 Header, §6)', () => {
  it("a reader's global action is a quiet 'View only' that explains, not 'Create source'", async () => {
    current = team('READER');
    renderWithApp(<Header handle={{ title: 'dashboard' }} />);
    const viewOnly = await screen.findByRole('button', { name: /^View only/ });
    expect(screen.queryByRole('button', { name: 'Create source' })).toBeNull();
    fireEvent.click(viewOnly);
    const alert = await screen.findByRole('dialog', { name: "You can't create sources here" });
    expect(alert.textContent).toContain('Ask the space owner for editor access.');
  });

  it("a reader's header never shows a disabled 'Create source' while the space loads (issue #31 item 22)", async () => {
    current = team('READER');
    let release!: () => void;
    const spaces = new Promise<void>((r) => (release = r));
    const answer = api.getMockImplementation()!;
    api.mockImplementation(async (path: string, opts?: unknown) => {
      if (path === '/workspace') await spaces;
      return answer(path, opts);
    });
    renderWithApp(<Header handle={{ title: 'dashboard' }} />);
    expect(await screen.findByTestId('create-pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create source' })).toBeNull();
    release();
    expect(await screen.findByRole('button', { name: /^View only/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create source' })).toBeNull();
    expect(screen.queryByTestId('create-pending')).toBeNull();
  });

  it("an editor's global action creates a source", async () => {
    current = team('EDITOR');
    renderWithApp(<Header handle={{ title: 'dashboard' }} />);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Create source' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('button', { name: /View only/ })).toBeNull();
  });

  it('a reader keeps the folder add button, which answers with the not-authorized notice; no folder menus', async () => {
    current = team('READER');
    const { qc } = renderWithApp(<FolderNav workspaceId={9} total={2} selectedId={null} onSelect={() => {}} onSelectedDeleted={() => {}} />);
    await screen.findByRole('button', { name: 'Mood' });
    // The reader's abilities have arrived (not just 'nothing allowed while loading').
    await waitFor(() => expect(qc.getQueryData(workspaceKeys.list())).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Options for Mood' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add folder' }));
    expect(await screen.findByRole('dialog', { name: 'Not authorized' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'New folder' })).toBeNull();
  });

  it('an editor gets the folder menu and the FolderAdd dialog', async () => {
    current = team('EDITOR');
    renderWithApp(<FolderNav workspaceId={9} total={2} selectedId={null} onSelect={() => {}} onSelectedDeleted={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Options for Mood' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add folder' }));
    expect(await screen.findByRole('dialog', { name: 'New folder' })).toBeTruthy();
  });

  it("an editor's folder menu offers to share the folder as a board (issue #32; a reader has no menu)", async () => {
    current = team('EDITOR');
    renderWithApp(<FolderNav workspaceId={9} total={2} selectedId={null} onSelect={() => {}} onSelectedDeleted={() => {}} />);
    // Once the menu's parts are there (Radix's trigger has an id), it opens on a press.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Options for Mood' }).id).not.toBe(''), { timeout: 5000 });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Options for Mood' }), { button: 0 });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Rename', 'Share as a board', 'Delete']);
  });

  it("an editor's folder list gets drag and drop on first use, the focused row keeps focus; a Space pressed meanwhile lifts it", async () => {
    current = team('OWNER');
    renderWithApp(<FolderNav workspaceId={9} total={2} selectedId={null} onSelect={() => {}} onSelectedDeleted={() => {}} />);
    await screen.findByRole('button', { name: 'Options for Mood' }); // the space's abilities are known
    const plain = screen.getByRole('button', { name: 'Mood' });
    const description = () =>
      (screen.getByRole('button', { name: 'Mood' }).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' | ');
    // Drawn first without drag and drop (issue #19 item 2), saying already how to drag.
    expect(description()).toBe(`2 sources | ${DRAG_HINT}`);
    await new Promise((r) => setTimeout(r, 100)); // an idle browser loads nothing more
    expect(screen.getByRole('button', { name: 'Mood' })).toBe(plain);

    // Focus comes in (first use), and Space is pressed before drag and drop has arrived.
    act(() => plain.focus());
    fireEvent.keyDown(plain, { key: ' ', code: 'Space', keyCode: 32 });
    // Then the draggable list replaces it: a new element, still focused, the same words, and the row lifted.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mood' })).not.toBe(plain));
    const draggable = screen.getByRole('button', { name: 'Mood' });
    expect(document.activeElement).toBe(draggable);
    expect(description()).toBe(`2 sources | ${DRAG_HINT}`);
    expect(await screen.findByText('Picked up Mood. It is at position 1.')).toBeTruthy();
    fireEvent.keyDown(draggable, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(await screen.findByText('Move cancelled. Mood is back where it was.')).toBeTruthy();

    // The menu's trigger may still be the placeholder: pressing it opens the menu all the same.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Options for Mood' }), { button: 0 });
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeTruthy();
  });

  it('on a touch screen (no hover before a long press) drag and drop loads as soon as the list is shown', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(hover: none)', media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    try {
      current = team('EDITOR');
      renderWithApp(<FolderNav workspaceId={9} total={2} selectedId={null} onSelect={() => {}} onSelectedDeleted={() => {}} />);
      // No use of the list: the draggable one (its drag and drop instructions by @hello-pangea/dnd) arrives by itself.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Mood' }).getAttribute('aria-describedby')).toMatch(/rfd-hidden-text/));
    } finally {
      matchMedia.mockRestore();
    }
  });
});
