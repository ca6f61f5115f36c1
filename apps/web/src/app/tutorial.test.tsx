import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../state/app-store.ts';
import { initI18n } from '../test/i18n.ts';
import { renderWithApp } from '../test/render.tsx';
import { workspaceSummary } from '../test/workspaces.ts';
import { Tutorial } from './tutorial.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../lib/api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/api.ts')>()), api }));

let space: WorkspaceSummary;
let sources: number;
beforeAll(() => initI18n('en'));
beforeEach(() => {
  useAppStore.setState({ selectedWorkspaceId: 9 });
  api.mockReset();
  api.mockImplementation(async (path: string) => {
    if (path === '/auth/session') return { user: { id: 1, email: null, nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
    if (path === '/workspace') return [space];
    if (path === '/workspace/9/status') return { textSauceCount: sources, imageSauceCount: 0, storageBytes: 0 };
    throw new Error(path);
  });
});
afterEach(cleanup);

const show = () => renderWithApp(<Tutorial />, { url: '/dashboard', path: '/dashboard' });
/** Lets the queries and the lazy walkthrough settle. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('the first-visit walkthrough (issue #31 item 7)', () => {
  it('shows an owner of an empty space how to create a source', async () => {
    space = workspaceSummary({ id: 9, permission: 'OWNER' });
    sources = 0;
    show();
    expect((await screen.findByRole('region', { name: 'Save your first source' })).textContent).toContain('Create source');
  });

  it('is not shown in a space that already holds sources', async () => {
    space = workspaceSummary({ id: 9, permission: 'OWNER' });
    sources = 11;
    show();
    await settle();
    expect(screen.queryByRole('region')).toBeNull();
    expect(api.mock.calls.map(([path]) => path)).toContain('/workspace/9/status');
  });

  it('tells a viewer what they can do, never to press Create source', async () => {
    space = workspaceSummary({ id: 9, name: 'Team', isPersonal: false, permission: 'READER' });
    sources = 0;
    show();
    const card = await screen.findByRole('region', { name: 'Look around this space' });
    expect(card.textContent).not.toContain('Create source');
  });
});
