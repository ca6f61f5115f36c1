import { BETA_PLAN, type Plan } from '@sauce/contract/limits';
import type { Workspace } from '@sauce/contract/workspaces';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '../../../lib/api.ts';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { inTimeZone } from '../../../test/time-zone.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { workspaceSummary } from '../../../test/workspaces.ts';
import { MemberList } from './member-list.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api,
}));

const team = workspaceSummary({ id: 7, name: 'Design team', isPersonal: false });
const member = (id: number, nickname: string, permission: 'OWNER' | 'EDITOR' | 'READER') => ({
  id,
  nickname,
  profileImage: null,
  permission,
  joinedAt: '2026-10-31T15:30:00.000Z', // 2026.11.01 00:30 in Seoul
});
const calls: string[] = [];
/** The installation's plan GET /app/config answers. */
let plan: Plan = BETA_PLAN;

beforeAll(() => {
  initI18n('en');
});
beforeEach(() => {
  calls.length = 0;
  plan = BETA_PLAN;
  api.mockReset();
  api.mockImplementation(async (path: string, opts: RequestOptions = {}) => {
    if (path === '/auth/session') {
      return { user: { id: 1, email: null, nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
    }
    if (path === '/workspace/7' && !opts.method) {
      return { ...team, folders: [], users: [member(1, 'mina', 'OWNER'), member(2, 'jun', 'EDITOR')] } satisfies Workspace;
    }
    if (path === '/workspace') return [team];
    if (path === '/app/config') return { plan, links: { feedback: null, android: null, ios: null, plugin: null } };
    calls.push(`${opts.method} ${path} ${JSON.stringify(opts.body ?? null)}`);
    return opts.method === 'PATCH' ? member(2, 'jun', 'READER') : null;
  });
});
afterEach(() => cleanup());
inTimeZone('Asia/Seoul');

describe('MemberList: when each member joined (issue #31 item 13)', () => {
  it("writes the day they joined as cards write dates, in the person's time zone, in both languages", async () => {
    renderWithApp(<MemberList workspace={team} />);
    expect(await screen.findAllByText('Joined 2026.11.01')).toHaveLength(2);
    cleanup();
    initI18n('ko');
    try {
      renderWithApp(<MemberList workspace={team} />);
      expect(await screen.findAllByText('2026.11.01 참여')).toHaveLength(2);
    } finally {
      initI18n('en');
    }
  });
});

describe('MemberList: the plan is the installation’s (issue #22)', () => {
  it('counts members against the plan, or without a limit when it sets none', async () => {
    renderWithApp(<MemberList workspace={team} />);
    expect(await screen.findByText('2 of 5 members')).toBeTruthy();
    cleanup();
    plan = { ...BETA_PLAN, members: null };
    renderWithApp(<MemberList workspace={team} />);
    expect(await screen.findByText('2 members')).toBeTruthy();
  });
});

describe('MemberList: an owner deciding about a member (issue #18)', () => {
  it('says which invite links a demotion resets, and changes nothing when cancelled', async () => {
    renderWithApp(<MemberList workspace={team} />);
    const select = await screen.findByRole('combobox', { name: 'Permission of jun' });
    fireEvent.change(select, { target: { value: 'READER' } });
    const dialog = await screen.findByRole('dialog', { name: 'Make jun Viewer?' });
    expect(dialog.textContent).toContain('The invite links for Editor are reset');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    fireEvent.change(select, { target: { value: 'READER' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Change permission' }));
    await waitFor(() => expect(calls).toEqual(['PATCH /workspace/7/user/2 {"permission":"READER"}']));
  });

  it('asks nothing for a promotion', async () => {
    renderWithApp(<MemberList workspace={team} />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Permission of jun' }), { target: { value: 'OWNER' } });
    await waitFor(() => expect(calls).toEqual(['PATCH /workspace/7/user/2 {"permission":"OWNER"}']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a removal resets the links of every permission up to the one held', async () => {
    renderWithApp(<MemberList workspace={team} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove jun from the space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove jun from the space?' });
    expect(dialog.textContent).toContain('the invite links for Editor and Viewer are reset');
  });
});
