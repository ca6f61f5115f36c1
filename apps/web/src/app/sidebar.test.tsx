import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../state/app-store.ts';
import { initI18n } from '../test/i18n.ts';
import { renderWithApp } from '../test/render.tsx';
import { workspaceSummary } from '../test/workspaces.ts';
import { Sidebar } from './sidebar.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../lib/api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/api.ts')>()), api }));

const team: WorkspaceSummary = workspaceSummary({ id: 9, name: 'Team', isPersonal: false, permission: 'EDITOR' });
beforeAll(() => initI18n('en'));
beforeEach(() => {
  useAppStore.setState({ selectedWorkspaceId: 9, sidebarOpen: true });
  api.mockReset();
  api.mockImplementation(async (path: string) => {
    if (path === '/auth/session') return { user: { id: 1, email: null, nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
    if (path === '/workspace') return [workspaceSummary(), team];
    if (path === '/archive/folder/9/list') return { results: [{ id: 3, name: 'Mood', order: 1, itemCount: 2 }], count: 1 };
    if (path === '/workspace/9/status') return { textSauceCount: 1, imageSauceCount: 1, storageBytes: 0 };
    throw new Error(path);
  });
});
afterEach(cleanup);

/** The folder's row (not its ⋯ menu). */
const folderRow = async (name: string) =>
  (await screen.findAllByRole('button', { name: new RegExp(name) })).find((b) => !b.hasAttribute('aria-haspopup'))!;

describe('choosing a folder (SPEC §2 Sidebar)', () => {
  it('keeps the list’s tag filter (issue #31 item 8), the folder’s name as the heading', async () => {
    const { router } = renderWithApp(<Sidebar />, { url: '/dashboard?title=landing&tag=landing&tag=hero', path: '/dashboard' });
    fireEvent.click(await folderRow('Mood'));
    await waitFor(() => expect(router.state.location.search).toContain('folder=3'));
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('title')).toBe('Mood');
    expect(q.getAll('tag')).toEqual(['landing', 'hero']);
  });

  it('starts without tags from a page that is not the list', async () => {
    const { router } = renderWithApp(<Sidebar />, { url: '/mypage?tag=landing' });
    fireEvent.click(await folderRow('Mood'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(new URLSearchParams(router.state.location.search).getAll('tag')).toEqual([]);
  });
});
