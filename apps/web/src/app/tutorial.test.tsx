import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { workspaceKeys } from '../lib/query-keys.ts';
import { useAppStore } from '../state/app-store.ts';
import { initI18n } from '../test/i18n.ts';
import { renderWithApp } from '../test/render.tsx';
import { workspaceSummary } from '../test/workspaces.ts';
import { Tutorial } from './tutorial.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../lib/api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/api.ts')>()), api }));

let space: WorkspaceSummary;
let sauces: number;
beforeAll(() => initI18n('en'));
beforeEach(() => {
  useAppStore.setState({ selectedWorkspaceId: 9 });
  api.mockReset();
  api.mockImplementation(async (path: string) => {
    if (path === '/auth/session') return { user: { id: 1, email: null, nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
    if (path === '/workspace') return [space];
    if (path === '/workspace/9/status') return { textSauceCount: sauces, imageSauceCount: 0, storageBytes: 0 };
    throw new Error(path);
  });
});
afterEach(cleanup);

const show = () => renderWithApp(<Tutorial />, { url: '/dashboard', path: '/dashboard' });

/**
 * Waits, without a sleep, for what decides whether the walkthrough shows: the space's status
 * has come (the mocked request answered and the query holds it) and React has rendered with it.
 * Once the walkthrough's lazy chunk has loaded (its first showing), that render is the last:
 * what is not on screen then does not come.
 */
async function decided(qc: QueryClient) {
  await waitFor(() => expect(qc.getQueryState(workspaceKeys.status(9))?.status).toBe('success'));
  // The query's observers hear of the answer in React Query's next batch (after those already
  // queued); act() renders what they set.
  await act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));
}

describe('the first-visit walkthrough (issue #31 item 7)', () => {
  it('shows an owner of an empty space how to create a source', async () => {
    space = workspaceSummary({ id: 9, permission: 'OWNER' });
    sauces = 0;
    show();
    expect((await screen.findByRole('region', { name: 'Save your first source' })).textContent).toContain('Create source');
  });

  it('is not shown in a space that already holds sources', async () => {
    space = workspaceSummary({ id: 9, permission: 'OWNER' });
    // The same space empty shows it: the walkthrough's chunk is loaded, so below it would show
    // in the render that has the status, and its absence then is the decision, not a slow chunk.
    sauces = 0;
    show();
    expect(await screen.findByRole('region', { name: 'Save your first source' })).toBeTruthy();
    cleanup();

    sauces = 11;
    const { qc } = show();
    await decided(qc);
    expect(screen.queryByRole('region')).toBeNull();
    expect(api.mock.calls.map(([path]) => path)).toContain('/workspace/9/status');
  });

  it('tells a viewer what they can do, never to press Create source', async () => {
    space = workspaceSummary({ id: 9, name: 'Team', isPersonal: false, permission: 'READER' });
    sauces = 0;
    show();
    const card = await screen.findByRole('region', { name: 'Look around this space' });
    expect(card.textContent).not.toContain('Create source');
  });
});
