import type { Permission } from '@sauce/contract/common';
import type { Invitation } from '@sauce/contract/workspaces';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import type { RequestOptions } from '../../../lib/api.ts';
import { useAppStore } from '../../../state/app-store.ts';
import { deferred, renderWithApp } from '../../../test/render.tsx';
import { inTimeZone } from '../../../test/time-zone.ts';
import { workspaceSummary } from '../../../test/workspaces.ts';
import { InviteMemberDialog } from './invite-member-dialog.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api,
}));

const team = workspaceSummary({ id: 7, name: 'Design team', isPersonal: false });
const EXPIRES = '2031-05-08T06:00:00.000Z';
const invitation = (permission: Permission, n = 1): Invitation => ({
  id: `${permission.toLowerCase()}-${n}-aaaaaaaaaaaaaaaaaaaaaa`,
  link: `http://localhost/workspace/invitation?id=${permission.toLowerCase()}-${n}`,
  permission,
  expiresAt: EXPIRES,
  expired: false,
});

/** Answers invite/create with link n of the permission (n grows after a reset). */
let generation: Record<string, number>;
beforeAll(() => {
  initI18n('en');
});
inTimeZone('Asia/Seoul');
beforeEach(() => {
  generation = { OWNER: 1, EDITOR: 1, READER: 1 };
  api.mockReset();
  api.mockImplementation(async (path: string, opts: RequestOptions = {}) => {
    if (path === '/workspace/invite/create') {
      const { permission } = opts.body as { permission: Permission };
      return invitation(permission, generation[permission]);
    }
    if (path.startsWith('/workspace/invitation/') && opts.method === 'DELETE') {
      const permission = path.includes('reader') ? 'READER' : path.includes('editor') ? 'EDITOR' : 'OWNER';
      generation[permission]! += 1;
      return null;
    }
    if (path === '/app/config') return { plan: { sources: 100, folders: 5, members: 5, spaces: 2 }, links: { feedback: null, android: null, ios: null, plugin: null } };
    throw new Error(`unexpected ${opts.method} ${path}`);
  });
  useAppStore.setState({ toasts: [] });
});
afterEach(async () => {
  // Dismiss the alerts and confirmations (a global queue); the dialog under test stays open.
  for (const dialog of screen.queryAllByRole('dialog')) fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryAllByRole('dialog', { hidden: true })).toHaveLength(1));
  cleanup();
});

const toasts = () => useAppStore.getState().toasts.map((t) => `${t.kind}:${t.message}`);
const field = (role: string) => screen.getByRole('textbox', { name: `${role} invite link` }) as HTMLInputElement;

describe('InviteWorkspaceMember (SPEC §2, §6)', () => {
  it('asks for one link per permission and shows each with its expiry', async () => {
    renderWithApp(<InviteMemberDialog workspace={team} open onOpenChange={() => {}} />);
    await waitFor(() => expect(field('Viewer').value).toContain('reader-1'));
    expect(field('Owner').value).toContain('owner-1');
    expect(field('Editor').value).toContain('editor-1');
    const bodies = api.mock.calls.map(([, opts]) => (opts as RequestOptions | undefined)?.body);
    expect(bodies).toEqual(
      expect.arrayContaining([
        { workspace: { id: 7 }, permission: 'OWNER' },
        { workspace: { id: 7 }, permission: 'EDITOR' },
        { workspace: { id: 7 }, permission: 'READER' },
      ]),
    );
    expect(screen.getAllByText('Valid for 1 week, until 2031.05.08 15:00')).toHaveLength(3);
  });

  it('shows a placeholder per row until its link arrives', async () => {
    const slow = deferred<Invitation>();
    const answer = api.getMockImplementation()!;
    api.mockImplementation((path: string, opts: RequestOptions) =>
      (opts.body as { permission?: string } | undefined)?.permission === 'OWNER' ? slow.promise : answer(path, opts),
    );
    renderWithApp(<InviteMemberDialog workspace={team} open onOpenChange={() => {}} />);
    expect(screen.getByText('Making the Owner link…')).toBeTruthy();
    await waitFor(() => expect(field('Editor').value).toContain('editor-1'));
    expect(screen.queryByRole('textbox', { name: 'Owner invite link' })).toBeNull();
    slow.resolve(invitation('OWNER'));
    await waitFor(() => expect(field('Owner').value).toContain('owner-1'));
    expect(screen.queryByText('Making the Owner link…')).toBeNull();
  });

  it('copies a link with a toast, and says "Failed to copy!" when the clipboard refuses', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<InviteMemberDialog workspace={team} open onOpenChange={() => {}} />);
    const copy = await screen.findByRole('button', { name: 'Copy the Editor invite link' });
    await act(async () => fireEvent.click(copy));
    expect(writeText).toHaveBeenCalledWith(field('Editor').value);
    expect(toasts()).toEqual(['success:Link copied.']);
    await act(async () => fireEvent.click(copy));
    expect(await screen.findByRole('dialog', { name: 'Failed to copy!' })).toBeTruthy();
    expect(toasts()).toEqual(['success:Link copied.']);
  });

  it('resets a link after a confirmation: revokes it, then shows a new one', async () => {
    renderWithApp(<InviteMemberDialog workspace={team} open onOpenChange={() => {}} />);
    await waitFor(() => expect(field('Viewer').value).toContain('reader-1'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset the Viewer invite link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the Viewer link?' });
    expect(api).not.toHaveBeenCalledWith(expect.stringContaining('/workspace/invitation/'), expect.anything());
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Reset link' })));
    await waitFor(() => expect(field('Viewer').value).toContain('reader-2'));
    expect(api).toHaveBeenCalledWith(`/workspace/invitation/${invitation('READER').id}`, { method: 'DELETE' });
    expect(field('Editor').value).toContain('editor-1');
    expect(toasts()).toEqual(['success:Made a new Viewer link.']);
  });

  it('offers no reset to someone who may not invite', async () => {
    const editor = workspaceSummary({ id: 7, isPersonal: false, permission: 'EDITOR' });
    renderWithApp(<InviteMemberDialog workspace={editor} open onOpenChange={() => {}} />);
    await waitFor(() => expect(field('Viewer').value).toContain('reader-1'));
    expect(screen.queryByRole('button', { name: /Reset/ })).toBeNull();
  });
});
