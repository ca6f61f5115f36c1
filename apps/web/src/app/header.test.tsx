import { workspaceKeys } from '../lib/query-keys.ts';
import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { cleanup, fireEvent, screen, waitFor } from '../test/testing-library.ts';
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

  it("an editor's folder list gets drag and drop once idle, the focused row keeps focus; a menu opens on its first press", async () => {
    current = team('OWNER');
    renderWithApp(<FolderNav workspaceId={9} total={2} selectedId={null} onSelect={() => {}} onSelectedDeleted={() => {}} />);
    const plain = await screen.findByRole('button', { name: 'Mood' });
    // Drawn first without drag and drop (issue #11 item 2): no drag instructions yet.
    expect(plain.getAttribute('aria-describedby')).not.toContain(' ');
    plain.focus();
    // Then the draggable list replaces it: a new element, with the instructions, still focused.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mood' }).getAttribute('aria-describedby')).toContain(' '));
    const draggable = screen.getByRole('button', { name: 'Mood' });
    expect(draggable).not.toBe(plain);
    expect(document.activeElement).toBe(draggable);

    // The menu's trigger may still be the placeholder: pressing it opens the menu all the same.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Options for Mood' }), { button: 0 });
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeTruthy();
  });
});
