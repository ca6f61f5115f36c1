import { workspaceKeys } from '../../lib/query-keys.ts';
import type { InvitationInfo } from '@sauce/contract/workspaces';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../test/i18n.ts';
import { ApiError, type RequestOptions } from '../../lib/api.ts';
import { InvitationPage } from './invitation-page.tsx';
import { useAppStore } from '../../state/app-store.ts';
import { renderWithApp } from '../../test/render.tsx';
import { inTimeZone } from '../../test/time-zone.ts';
import { workspaceSummary } from '../../test/workspaces.ts';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api,
}));

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const info = (patch: Partial<InvitationInfo> = {}): InvitationInfo => ({
  id: ID,
  permission: 'EDITOR',
  expiresAt: '2031-05-08T06:00:00.000Z',
  expired: false,
  workspace: { id: 7, name: 'Design team', image: null, memberCount: 3 },
  inviter: { nickname: 'mina', profileImage: null },
  isMember: false,
  ...patch,
});
const team = workspaceSummary({ id: 7, name: 'Design team', isPersonal: false, permission: 'EDITOR' });

type Handler = (path: string, opts: RequestOptions) => unknown;
let lookup: Handler;
let acceptAnswer: Handler;

beforeAll(() => {
  initI18n('en');
});
inTimeZone('Asia/Seoul');
beforeEach(() => {
  useAppStore.setState({ toasts: [], selectedWorkspaceId: null });
  lookup = () => info();
  acceptAnswer = () => team;
  api.mockReset();
  api.mockImplementation(async (path: string, opts: RequestOptions = {}) => {
    if (path === '/auth/session') return { user: { id: 2, email: 'j@x', nickname: 'jun', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
    if (path === `/workspace/invitation/${ID}`) {
      const answer = (opts.method === 'POST' ? acceptAnswer : lookup)(path, opts);
      if (answer instanceof Error) throw answer;
      return answer;
    }
    throw new Error(`unexpected ${opts.method ?? 'GET'} ${path}`);
  });
});
afterEach(async () => {
  for (const dialog of screen.queryAllByRole('dialog')) fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  cleanup();
});

const open = (id = ID) => renderWithApp(<InvitationPage />, { url: `/workspace/invitation?id=${id}`, path: '/workspace/invitation' });
const toasts = () => useAppStore.getState().toasts.map((t) => `${t.kind}:${t.message}`);
const EXPIRED = 'The invite link has expired.';

describe('/workspace/invitation (SPEC §2, §4, §8)', () => {
  it('shows the space, its members, the inviter and the permission', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Design team' })).toBeTruthy();
    expect(screen.getByText('3 members')).toBeTruthy();
    expect(screen.getByText('mina invited you as Editor')).toBeTruthy();
    expect(screen.getByText('Editor')).toBeTruthy();
    // When the link stops working, to the minute in the person's time zone (06:00 UTC is 15:00 in Seoul).
    expect(screen.getByText('Link valid until').nextElementSibling!.textContent).toBe('2031.05.08 15:00');
    expect(screen.getByRole('button', { name: 'Join space' })).toBeTruthy();
  });

  it('accepting joins the space: it is listed and selected, the app goes to /dashboard, a toast says so', async () => {
    const { qc, router } = open();
    qc.setQueryData(workspaceKeys.list(), [workspaceSummary()]);
    const join = await screen.findByRole('button', { name: 'Join space' });
    await act(async () => fireEvent.click(join));
    expect(api).toHaveBeenCalledWith(`/workspace/invitation/${ID}`, { method: 'POST' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(useAppStore.getState().selectedWorkspaceId).toBe(7);
    expect(qc.getQueryData(workspaceKeys.list())).toEqual([workspaceSummary(), team]);
    expect(toasts()).toEqual(["success:You joined 'Design team'."]);
  });

  it('an unknown, expired or revoked link (404) says the link has expired', async () => {
    lookup = () => new ApiError(404, 'INVITATION_EXPIRED', 'expired');
    open();
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    expect(screen.getByText('Ask for a new one. Invite links work for 1 week.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join space' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a link the server marks expired, and a malformed id (not even asked), say the same', async () => {
    lookup = () => info({ expired: true });
    open();
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    cleanup();
    api.mockClear();
    open('nope');
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith(expect.stringContaining('/workspace/invitation/'), expect.anything());
  });

  it('a failed lookup that is not the link (server down) also offers a retry', async () => {
    lookup = () => new ApiError(0, 'NETWORK', 'Network error');
    open();
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    lookup = () => info();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Join space' })).toBeTruthy();
  });

  it('a member is told they already joined and can open the space', async () => {
    lookup = () => info({ isMember: true });
    const { router } = open();
    expect(await screen.findByText('Already joined this space.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open space' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useAppStore.getState().selectedWorkspaceId).toBe(7);
  });

  it('a full space (422) shows the beta notice and stays on the invitation', async () => {
    acceptAnswer = () => new ApiError(422, 'LIMIT_REACHED', 'full', { resource: 'members', limit: 5 });
    const { router } = open();
    const join = await screen.findByRole('button', { name: 'Join space' });
    await act(async () => fireEvent.click(join));
    const notice = await screen.findByRole('dialog', { name: 'This space is full' });
    expect(within(notice).getByText(/up to 5 members/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/workspace/invitation');
    expect(useAppStore.getState().selectedWorkspaceId).toBeNull();
  });

  it('joining after someone else used the last chance (409 ALREADY_JOINED) shows the member state', async () => {
    acceptAnswer = () => new ApiError(409, 'ALREADY_JOINED', 'Already joined this space');
    open();
    await screen.findByRole('button', { name: 'Join space' });
    lookup = () => info({ isMember: true });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Join space' })));
    expect(await screen.findByText('Already joined this space.')).toBeTruthy();
  });
});
