import type { Notice } from '@sauce/contract/account';
import type { User } from '@sauce/contract/auth';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import type { RequestOptions } from '../../../lib/api.ts';
import { useAppStore } from '../../../state/app-store.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { inTimeZone } from '../../../test/time-zone.ts';
import { NoticeList } from './notice-list.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api,
}));

const person = (isAdmin: boolean): User => ({
  id: 1,
  email: 'a@example.com',
  nickname: 'mina',
  profileImage: null,
  jobType: 'none',
  agreeMarketing: false,
  tutorial: true,
  isAdmin,
});

let notices: Notice[];
beforeAll(() => {
  initI18n('en');
});
beforeEach(() => {
  notices = [{ id: 3, title: 'Maintenance', body: 'Sunday night.', createdAt: new Date().toISOString(), isNew: false }];
  api.mockReset();
  api.mockImplementation(async (path: string, opts: RequestOptions = {}) => {
    if (path === '/notice' && !opts.method) return { results: notices, count: notices.length, next: null };
    if (path === '/notice/read') return null;
    if (path === '/notice/3' && opts.method === 'PATCH') {
      notices = [{ ...notices[0]!, ...(opts.body as object) }];
      return notices[0];
    }
    throw new Error(`unexpected ${opts.method} ${path}`);
  });
  useAppStore.setState({ toasts: [] });
});
afterEach(cleanup);
inTimeZone('Asia/Seoul');

describe('NoticeList (SPEC §2 My page notice)', () => {
  it('says when a notice was posted: just now, or its date, with the exact time on hover (issue #31 item 13)', async () => {
    renderWithApp(<NoticeList user={person(false)} />);
    const fresh = await screen.findByRole('article', { name: 'Maintenance' });
    expect(within(fresh).getByText('just now').tagName).toBe('TIME');
    cleanup();
    // More than a week away: its date, in the person's time zone (00:20 on 1 November in Seoul).
    notices = [{ ...notices[0]!, createdAt: '2026-10-31T15:20:00.000Z' }];
    renderWithApp(<NoticeList user={person(false)} />);
    const old = await screen.findByRole('article', { name: 'Maintenance' });
    const time = within(old).getByText('2026.11.01');
    expect(time.getAttribute('datetime')).toBe('2026-10-31T15:20:00.000Z');
    fireEvent.pointerEnter(time, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('tooltip', { hidden: true })?.textContent).toBe('2026.11.01 00:20'));
  });

  it('lets an administrator reword a notice: the editor opens filled, saves with PATCH, the list shows the new text', async () => {
    renderWithApp(<NoticeList user={person(true)} />);
    const notice = await screen.findByRole('article', { name: 'Maintenance' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ }) as HTMLInputElement;
    expect(title.value).toBe('Maintenance');
    fireEvent.change(title, { target: { value: 'Maintenance moved' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('article', { name: 'Maintenance moved' });
    expect(api).toHaveBeenCalledWith('/notice/3', { method: 'PATCH', body: { title: 'Maintenance moved', body: 'Sunday night.' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useAppStore.getState().toasts.map((t) => t.message)).toContain('The notice is updated.');
  });

  it('shows no edit or delete buttons to other people', async () => {
    renderWithApp(<NoticeList user={person(false)} />);
    const notice = await screen.findByRole('article', { name: 'Maintenance' });
    expect(within(notice).queryByRole('button')).toBeNull();
  });
});
