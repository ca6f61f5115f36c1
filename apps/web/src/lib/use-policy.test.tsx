import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../state/app-store.ts';
import { abilitiesOf, workspaceSummary } from '../test/workspaces.ts';
import { NO_ABILITIES, usePolicy } from './use-policy.ts';

const api = vi.hoisted(() => vi.fn());
vi.mock('./api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('./api.ts')>()), api }));

let spaces: WorkspaceSummary[];
beforeEach(() => {
  useAppStore.setState({ selectedWorkspaceId: null });
  api.mockReset();
  api.mockImplementation(async (path: string) => {
    if (path === '/auth/session') return { user: { id: 1, email: null, nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
    if (path === '/workspace') return spaces;
    throw new Error(path);
  });
});
afterEach(cleanup);

function render() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children?: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return renderHook(() => usePolicy(), { wrapper });
}

describe('usePolicy (SPEC §6)', () => {
  it('allows nothing while the spaces load', () => {
    spaces = [workspaceSummary()];
    const { result } = render();
    expect(result.current).toMatchObject({ ready: false, canWrite: false, isReader: false, abilities: NO_ABILITIES });
  });

  it("returns the server's abilities for the selected space, not its own idea of the role", async () => {
    // A server answer that no role matrix would give: the hook must repeat it, not re-derive it.
    const odd = { ...abilitiesOf('EDITOR'), createSauce: false, inviteMembers: true };
    spaces = [workspaceSummary(), workspaceSummary({ id: 9, isPersonal: false, permission: 'EDITOR', abilities: odd })];
    useAppStore.setState({ selectedWorkspaceId: 9 });
    const { result } = render();
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.abilities).toEqual(odd);
    expect(result.current.permission).toBe('EDITOR');
    expect(result.current.canWrite).toBe(false);
    expect(result.current.isReader).toBe(true);
  });

  it('a reader may read only', async () => {
    spaces = [workspaceSummary(), workspaceSummary({ id: 9, isPersonal: false, permission: 'READER' })];
    useAppStore.setState({ selectedWorkspaceId: 9 });
    const { result } = render();
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current).toMatchObject({ canWrite: false, isReader: true, permission: 'READER' });
    expect(result.current.abilities.createFolder).toBe(false);
    expect(result.current.abilities.leaveWorkspace).toBe(true);
  });
});
