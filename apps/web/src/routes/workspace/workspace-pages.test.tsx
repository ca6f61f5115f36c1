import { BETA_PLAN, type Plan } from '@sauce/contract/limits';
import type { Member, Workspace, WorkspaceStatus, WorkspaceSummary } from '@sauce/contract/workspaces';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs/confirm.tsx';
import { initI18n } from '../../test/i18n.ts';
import { inTimeZone } from '../../test/time-zone.ts';
import { ApiError, type RequestOptions } from '../../lib/api.ts';
import { useAppStore } from '../../state/app-store.ts';
import { workspaceSummary } from '../../test/workspaces.ts';
import { MemberManagementPage } from './member-management-page.tsx';
import { SpaceManagementPage } from './space-management-page.tsx';
import { UsageStatusPage } from './usage-status-page.tsx';
import { WorkspaceLayout } from './workspace-layout.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api.ts')>()), api }));

const ME = 1;
const member = (id: number, nickname: string, permission: Member['permission']): Member => ({
  id,
  nickname,
  profileImage: null,
  permission,
  joinedAt: '2025-03-02T09:00:00.000Z',
});
const personal = workspaceSummary();
let team: WorkspaceSummary;
let users: Member[];
let status: WorkspaceStatus | Error;
/** Answers for writes, by `METHOD path`; an Error is thrown. */
let writes: Record<string, unknown>;
/** The installation's plan (GET /app/config, issue #22). */
let plan: Plan;

beforeAll(() => {
  initI18n('en');
});
inTimeZone('Asia/Seoul');
beforeEach(() => {
  team = workspaceSummary({ id: 7, name: 'Design team', isPersonal: false, permission: 'OWNER' });
  users = [member(ME, 'mina', 'OWNER'), member(2, 'jun', 'EDITOR')];
  status = { textSauceCount: 3, imageSauceCount: 4, folderCount: 5, memberCount: 2, storageBytes: 4_404_019, limits: { sauces: 100, folders: 5, members: 5 } };
  writes = {};
  plan = BETA_PLAN;
  useAppStore.setState({ toasts: [], selectedWorkspaceId: 7 });
  api.mockReset();
  api.mockImplementation(async (path: string, opts: RequestOptions = {}) => {
    const method = opts.method ?? 'GET';
    if (method !== 'GET') {
      const answer = writes[`${method} ${path}`];
      if (answer === undefined) throw new Error(`unexpected ${method} ${path}`);
      if (answer instanceof Error) throw answer;
      return answer;
    }
    if (path === '/auth/session') return { user: { id: ME, email: null, nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
    if (path === '/workspace') return [personal, team];
    if (path === '/workspace/7') return { ...team, folders: [], users } satisfies Workspace;
    if (path === '/app/config') return { plan, links: { feedback: null, android: null, ios: null, plugin: null } };
    if (path === '/workspace/7/status') {
      if (status instanceof Error) throw status;
      return status;
    }
    throw new Error(`unexpected GET ${path}`);
  });
});
afterEach(async () => {
  for (const dialog of screen.queryAllByRole('dialog')) fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  cleanup();
});

function open(url: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      {
        path: '/workspace',
        element: <WorkspaceLayout />,
        children: [
          { index: true, element: <Navigate to="/workspace/usageStatus" replace /> },
          { path: 'usageStatus', element: <UsageStatusPage /> },
          { path: 'memberManagement', element: <MemberManagementPage /> },
          { path: 'spaceManagement', element: <SpaceManagementPage /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { qc, router };
}
const toasts = () => useAppStore.getState().toasts.map((t) => `${t.kind}:${t.message}`);
const confirmIn = async (title: string, button: string) => {
  const dialog = await screen.findByRole('dialog', { name: title });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: button })));
};

describe('workspace pages: frame and usage (SPEC §2 Workspace pages, §4)', () => {
  it('/workspace opens usage; the header names the space; the tabs are links', async () => {
    const { router } = open('/workspace');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/usageStatus'));
    expect(await screen.findByRole('button', { name: 'Design team · Switch space' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Space settings' })).getAllByRole('link');
    expect(tabs.map((a) => a.getAttribute('href'))).toEqual(['/workspace/usageStatus', '/workspace/memberManagement', '/workspace/spaceManagement']);
    // The router settles on the redirect's target a render after the location changes.
    await waitFor(() => expect(tabs[0]!.getAttribute('aria-current')).toBe('page'));
  });

  it('shows counts beside the limits as meters, and storage in readable bytes', async () => {
    open('/workspace/usageStatus');
    const sauces = await screen.findByRole('meter', { name: 'Sources' });
    expect(sauces.getAttribute('aria-valuenow')).toBe('7');
    expect(sauces.getAttribute('aria-valuemax')).toBe('100');
    expect(sauces.getAttribute('aria-valuetext')).toBe('7 of 100');
    expect(screen.getByText('Text 3 · Image 4')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Folders' }).getAttribute('aria-valuetext')).toBe('5 of 5');
    expect(screen.getByRole('meter', { name: 'Members' }).getAttribute('aria-valuenow')).toBe('2');
    expect(screen.getByText('4.2 MB')).toBeTruthy();
  });

  it("states the installation's plan: the beta plan by default, 'no limit' where the operator sets none (issue #22)", async () => {
    open('/workspace/usageStatus');
    expect(await screen.findByRole('heading', { name: 'Beta plan' })).toBeTruthy();
    expect(screen.getByText('Sources per space').nextElementSibling!.textContent).toBe('100');
    expect(screen.getByText('Team spaces per person').nextElementSibling!.textContent).toBe('2');
    cleanup();
    plan = { sources: null, folders: 20, members: null, spaces: 3 };
    status = { textSauceCount: 3, imageSauceCount: 4, folderCount: 5, memberCount: 2, storageBytes: 0, limits: { sauces: null, folders: 20, members: null } };
    open('/workspace/usageStatus');
    expect(await screen.findByRole('heading', { name: 'Plan' })).toBeTruthy();
    expect(screen.getByText('Sources per space').nextElementSibling!.textContent).toBe('No limit');
    expect(screen.getByText('Folders per space').nextElementSibling!.textContent).toBe('20');
    expect((await screen.findByRole('meter', { name: 'Sources' })).getAttribute('aria-valuetext')).toBe('7 · no limit');
  });

  it('a failed status shows zeros and a retry that loads it', async () => {
    status = new ApiError(500, 'SYSTEM_ERROR', 'boom');
    open('/workspace/usageStatus');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Sources' }).getAttribute('aria-valuenow')).toBe('0');
    status = { ...(await Promise.resolve({ textSauceCount: 1, imageSauceCount: 0, folderCount: 0, memberCount: 1, storageBytes: 0, limits: { sauces: 100, folders: 5, members: 5 } })) };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('meter', { name: 'Sources' }).getAttribute('aria-valuenow')).toBe('1'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('member management (SPEC §6)', () => {
  it('an owner changes a permission', async () => {
    writes['PATCH /workspace/7/user/2'] = member(2, 'jun', 'READER');
    open('/workspace/memberManagement');
    const select = (await screen.findByRole('combobox', { name: 'Permission of jun' })) as HTMLSelectElement;
    expect(select.value).toBe('EDITOR');
    expect(screen.getAllByText('Joined 2025.03.02')).toHaveLength(2);
    fireEvent.change(select, { target: { value: 'READER' } });
    await confirmIn('Make jun Viewer?', 'Change permission'); // a demotion resets invite links (issue #18)
    await waitFor(() => expect(api).toHaveBeenCalledWith('/workspace/7/user/2', expect.anything()));
    expect(api).toHaveBeenCalledWith('/workspace/7/user/2', { method: 'PATCH', body: { permission: 'READER' } });
    expect(toasts()).toEqual(['success:jun is now Viewer.']);
  });

  it('an owner who cancels giving up ownership keeps it, and the select shows it', async () => {
    open('/workspace/memberManagement');
    const select = (await screen.findByRole('combobox', { name: 'Permission of mina' })) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'EDITOR' } });
    expect(select.value).toBe('OWNER'); // not the new permission while it is being confirmed
    await confirmIn('Give up ownership?', 'Cancel');
    expect(select.value).toBe('OWNER');
    expect(api).not.toHaveBeenCalledWith('/workspace/7/user/1', expect.anything());
  });

  it('LAST_OWNER says to hand ownership to another member first', async () => {
    writes['PATCH /workspace/7/user/1'] = new ApiError(409, 'LAST_OWNER', 'last owner');
    open('/workspace/memberManagement');
    const select = await screen.findByRole('combobox', { name: 'Permission of mina' });
    fireEvent.change(select, { target: { value: 'EDITOR' } });
    await confirmIn('Give up ownership?', 'Change my permission');
    const alert = await screen.findByRole('dialog', { name: 'This space needs an owner' });
    expect(alert.textContent).toContain('Hand ownership to another member first.');
  });

  it('removes a member after a confirmation; the owner cannot remove themself', async () => {
    writes['DELETE /workspace/7/user/2'] = null;
    open('/workspace/memberManagement');
    expect(await screen.findByText('mina')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove mina from the space' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove jun from the space' }));
    expect(api).not.toHaveBeenCalledWith('/workspace/7/user/2', expect.anything());
    await confirmIn('Remove jun from the space?', 'Remove');
    expect(api).toHaveBeenCalledWith('/workspace/7/user/2', { method: 'DELETE' });
    expect(toasts()).toEqual(['success:Removed jun from the space.']);
  });

  it('a member who leaves goes to their personal space on /dashboard', async () => {
    team = workspaceSummary({ id: 7, name: 'Design team', isPersonal: false, permission: 'EDITOR' });
    users = [member(3, 'olga', 'OWNER'), member(ME, 'mina', 'EDITOR'), member(2, 'jun', 'EDITOR')];
    writes['DELETE /workspace/7/leave'] = null;
    const { router } = open('/workspace/memberManagement');
    expect(await screen.findByText('jun')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave space' }));
    await confirmIn("Leave 'Design team'?", 'Leave space');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useAppStore.getState().selectedWorkspaceId).toBe(1);
    expect(toasts()).toEqual(["success:You left 'Design team'."]);
  });

  it('the only owner cannot leave: the button is off and says to hand ownership over', async () => {
    open('/workspace/memberManagement');
    expect(await screen.findByText("You're the only owner. Make another member an owner first, then you can leave.")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Leave space' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a LAST_OWNER answer (the other owner left meanwhile) says to hand ownership over', async () => {
    users = [member(ME, 'mina', 'OWNER'), member(2, 'jun', 'OWNER')];
    writes['DELETE /workspace/7/leave'] = new ApiError(409, 'LAST_OWNER', 'last owner');
    const { router } = open('/workspace/memberManagement');
    fireEvent.click(await screen.findByRole('button', { name: 'Leave space' }));
    await confirmIn("Leave 'Design team'?", 'Leave space');
    expect(await screen.findByRole('dialog', { name: 'This space needs an owner' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/workspace/memberManagement');
  });

  it('a personal space explains it cannot have members', async () => {
    useAppStore.setState({ selectedWorkspaceId: 1 });
    open('/workspace/memberManagement');
    expect(await screen.findByRole('heading', { name: 'This is your personal space' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave space' })).toBeNull();
  });
});

describe('space management (SPEC §2 space editing, §4, §6, §8)', () => {
  it('delete is disabled with the SPEC message while others are members', async () => {
    open('/workspace/spaceManagement');
    await waitFor(() => expect(screen.getByText('You cannot delete a space if it has team members.')).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Delete space' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes an empty space after a confirmation naming it; the first remaining space is selected', async () => {
    users = [member(ME, 'mina', 'OWNER')];
    writes['DELETE /workspace/7'] = null;
    const { router } = open('/workspace/spaceManagement');
    const button = await screen.findByRole('button', { name: 'Delete space' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await confirmIn("Delete 'Design team'?", 'Delete space');
    expect(api).toHaveBeenCalledWith('/workspace/7', { method: 'DELETE' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useAppStore.getState().selectedWorkspaceId).toBe(1);
    expect(toasts()).toEqual(["success:Deleted the space 'Design team'."]);
  });

  it('renames the space; Save waits for a change', async () => {
    writes['PATCH /workspace/7'] = { ...team, name: 'Brand' };
    open('/workspace/spaceManagement');
    const name = (await screen.findByRole('textbox', { name: 'Space name' })) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(name.value).toBe('Design team');
    expect(save.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Brand' } });
    await act(async () => fireEvent.click(save));
    const [, opts] = api.mock.calls.find(([p, o]) => p === '/workspace/7' && (o as RequestOptions)?.method === 'PATCH') as [string, RequestOptions];
    expect((opts.body as FormData).get('name')).toBe('Brand');
    expect((opts.body as FormData).has('image')).toBe(false);
    expect(toasts()).toEqual(['success:Space updated.']);
    expect(await screen.findByRole('button', { name: 'Brand · Switch space' })).toBeTruthy();
  });

  it('non-owners see the space read-only with the reason', async () => {
    team = workspaceSummary({ id: 7, name: 'Design team', isPersonal: false, permission: 'EDITOR' });
    open('/workspace/spaceManagement');
    expect(await screen.findByText('Only the space owner can change the image and name.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete space' })).toBeNull();
  });
});
