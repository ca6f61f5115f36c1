import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../test/i18n.ts';
import { ApiError } from '../../lib/api.ts';
import type { ShareState, ShareTarget } from '../../lib/sauces/share-sauce.ts';
import { useAppStore } from '../../state/app-store.ts';
import { ShareDialog } from './share-dialog.tsx';
import { deferred } from '../../test/render.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api,
}));

const LINK = 'http://localhost/archive/sauce/share/abc';
const BOARD_LINK = 'http://localhost/board/xyz';
const off: ShareState = { shareId: null, url: null, enabled: false, expiresAt: null, hasPassword: false, indexable: false };
const on: ShareState = { shareId: 'abc', url: LINK, enabled: true, expiresAt: null, hasPassword: false, indexable: false };
const SAUCE: ShareTarget = { kind: 'sauce', workspaceId: 1, id: 7 };
const BOARD: ShareTarget = { kind: 'board', workspaceId: 1, folderId: 3 };

function setup(target: ShareTarget = SAUCE, enabledHint?: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ShareDialog open onOpenChange={() => {}} target={target} subject={target.kind === 'board' ? 'Spring campaign' : undefined} enabledHint={enabledHint} />
    </QueryClientProvider>,
  );
  const dialog = () => screen.getByRole('dialog');
  return {
    dialog,
    toggle: () => within(dialog()).getByRole('switch', { name: 'Share with a link' }),
    copy: () => screen.getByRole('button', { name: 'Copy link' }) as HTMLButtonElement,
    linkField: () => screen.queryByRole('textbox', { name: 'Share link' }) as HTMLInputElement | null,
    stateLine: () => screen.getByRole('status'),
    expiry: () => screen.getByRole('combobox', { name: 'Link expires' }) as HTMLSelectElement,
  };
}

/** Answers GET …/share with `state` and each PATCH with `patch(body)` (or what it returns). */
function answer(state: ShareState, patch: (body: Record<string, unknown>) => unknown = (body) => ({ ...state, ...body })) {
  api.mockImplementation(async (_path: string, opts: { method?: string; body?: Record<string, unknown> } = {}) =>
    opts.method === 'PATCH' ? patch(opts.body!) : state,
  );
}

const toasts = () => useAppStore.getState().toasts.map((t) => `${t.kind}:${t.message}`);
const patches = () => api.mock.calls.filter(([, opts]) => opts?.method === 'PATCH').map(([path, opts]) => [path, opts.body]);

beforeAll(() => {
  initI18n('en');
});
beforeEach(() => {
  api.mockReset();
  useAppStore.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('ShareDialog (SPEC §4 Sharing, issue #32)', () => {
  it('reads the state when it opens: off, no link, copy disabled, no settings', async () => {
    answer(off);
    const { toggle, copy, linkField } = setup();
    await waitFor(() => expect(api).toHaveBeenCalledWith('/archive/sauce/1/7/share', expect.anything()));
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Share with a link')).toBeTruthy();
    await waitFor(() => expect(linkField()!.disabled).toBe(true));
    expect(linkField()!.value).toBe('');
    expect(copy().disabled).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Link expires' })).toBeNull();
  });

  it('turning on sends PATCH {enabled}, shows a placeholder until the answer, then the link and its state', async () => {
    answer(off);
    const patch = deferred<unknown>();
    const { toggle, copy, linkField, stateLine } = setup();
    await waitFor(() => expect(toggle().getAttribute('aria-busy')).toBeNull());
    api.mockImplementationOnce(() => patch.promise);
    fireEvent.click(toggle());
    await waitFor(() => expect(api).toHaveBeenCalledWith('/archive/sauce/1/7/share', { method: 'PATCH', body: { enabled: true } }));
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    expect(linkField()).toBeNull();
    expect(screen.getByText('Getting the link…')).toBeTruthy();
    expect(copy().disabled).toBe(true);
    await act(async () => patch.resolve(on));
    await screen.findByDisplayValue(LINK);
    expect(copy().disabled).toBe(false);
    expect(stateLine().textContent).toBe('Never expires · no password');
  });

  it('copies the link with a toast; a clipboard failure is only logged', async () => {
    answer(on);
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { copy } = setup(SAUCE, true);
    await screen.findByDisplayValue(LINK);
    await act(async () => fireEvent.click(copy()));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(toasts()).toEqual(['success:Link copied.']);
    await act(async () => fireEvent.click(copy()));
    expect(error).toHaveBeenCalledWith('failed to copy the share link', expect.any(Error));
    expect(toasts()).toEqual(['success:Link copied.']);
  });

  it('turning off hides the link and the settings, and disables copy', async () => {
    answer(on, () => ({ ...on, enabled: false, url: null }));
    const { toggle, copy, linkField } = setup(SAUCE, true);
    await screen.findByDisplayValue(LINK);
    await act(async () => fireEvent.click(toggle()));
    expect(patches()).toEqual([['/archive/sauce/1/7/share', { enabled: false }]]);
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('false'));
    expect(linkField()!.value).toBe('');
    expect(copy().disabled).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('rolls the switch back with an error toast when the change fails', async () => {
    answer(off, () => Promise.reject(new ApiError(500, 'SYSTEM_ERROR', 'boom')));
    const { toggle, copy } = setup();
    await waitFor(() => expect(toggle().getAttribute('aria-busy')).toBeNull());
    await act(async () => fireEvent.click(toggle()));
    await waitFor(() => expect(toasts()).toEqual(["error:Couldn't change the sharing setting. Please try again."]));
    // The switch went on at the click (optimistically) and is back off once the error is in.
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('false'));
    expect(copy().disabled).toBe(true);
  });

  it('sets an expiry in days, keeps the link, and says the date in the state line', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 1, 10, 0) });
    answer(on);
    const { expiry, stateLine, linkField } = setup(SAUCE, true);
    await screen.findByDisplayValue(LINK);
    expect(expiry().value).toBe('never');
    expect([...expiry().options].map((o) => o.text)).toEqual(['Never', 'In 1 day', 'In 7 days', 'In 30 days', 'On a date…']);
    await act(async () => fireEvent.change(expiry(), { target: { value: '7' } }));
    const at = new Date(2026, 11, 8, 10, 0).toISOString();
    expect(patches()).toEqual([['/archive/sauce/1/7/share', { enabled: true, expiresAt: at }]]);
    await waitFor(() => expect(stateLine().textContent).toBe('Expires on 2026.12.08 · no password'));
    expect(linkField()!.value).toBe(LINK);
  });

  it('sets an expiry on a chosen date (the end of that day), refusing one out of range', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 1, 10, 0) });
    answer(on);
    const { expiry, stateLine } = setup(SAUCE, true);
    await screen.findByDisplayValue(LINK);
    fireEvent.change(expiry(), { target: { value: 'date' } });
    expect(patches()).toEqual([]);
    const date = screen.getByLabelText('Expiry date') as HTMLInputElement;
    expect(date.min).toBe('2026-12-01');
    fireEvent.change(date, { target: { value: '2026-11-30' } });
    expect(screen.getByRole('alert').textContent).toBe('Choose a day from today to ten years from now.');
    expect(patches()).toEqual([]);
    await act(async () => fireEvent.change(date, { target: { value: '2026-12-31' } }));
    expect(patches()).toEqual([['/archive/sauce/1/7/share', { enabled: true, expiresAt: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString() }]]);
    await waitFor(() => expect(stateLine().textContent).toBe('Expires on 2026.12.31 · no password'));
    await act(async () => fireEvent.change(expiry(), { target: { value: 'never' } }));
    expect(patches().at(-1)).toEqual(['/archive/sauce/1/7/share', { enabled: true, expiresAt: null }]);
    await waitFor(() => expect(stateLine().textContent).toBe('Never expires · no password'));
  });

  it('adds a password (checked first), changes and removes it, never showing it back', async () => {
    answer(on, (body) => ({ ...on, hasPassword: body.password !== null }));
    const { stateLine } = setup(SAUCE, true);
    await screen.findByDisplayValue(LINK);
    fireEvent.click(screen.getByRole('button', { name: 'Add a password' }));
    const field = screen.getByLabelText('New password') as HTMLInputElement;
    expect(field.type).toBe('password');
    fireEvent.change(field, { target: { value: ' \u200b ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Type a password with characters you can see.');
    expect(patches()).toEqual([]);
    fireEvent.change(field, { target: { value: 'mood-2026' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(patches()).toEqual([['/archive/sauce/1/7/share', { enabled: true, password: 'mood-2026' }]]);
    await waitFor(() => expect(stateLine().textContent).toBe('Never expires · password on'));
    await waitFor(() => expect(screen.queryByLabelText('New password')).toBeNull());
    expect(toasts()).toEqual(['success:Password set. Send it separately from the link.']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove' })));
    expect(patches().at(-1)).toEqual(['/archive/sauce/1/7/share', { enabled: true, password: null }]);
    await waitFor(() => expect(stateLine().textContent).toBe('Never expires · no password'));
  });

  it('lets search engines index the page only when asked, and says a protected page never is', async () => {
    answer(on, (body) => ({ ...on, ...body }));
    setup(SAUCE, true);
    await screen.findByDisplayValue(LINK);
    const index = screen.getByRole('switch', { name: 'Let search engines index it' });
    expect(index.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(index));
    expect(patches()).toEqual([['/archive/sauce/1/7/share', { enabled: true, indexable: true }]]);
    await waitFor(() => expect(index.getAttribute('aria-checked')).toBe('true'));
    cleanup();
    answer({ ...on, hasPassword: true });
    setup(SAUCE, true);
    await screen.findByDisplayValue(LINK);
    expect(screen.getByText('A page behind a password is never listed.')).toBeTruthy();
  });

  it('shares a folder as a board on the folder’s own calls, with its words', async () => {
    const boardOn = { ...on, shareId: 'xyz', url: BOARD_LINK, expiresAt: '2026-12-31T14:59:59.999Z', hasPassword: true };
    answer(boardOn);
    const { toggle, stateLine } = setup(BOARD);
    expect(screen.getByRole('heading', { name: 'Share as a board' })).toBeTruthy();
    expect(screen.getByText('Spring campaign')).toBeTruthy();
    await screen.findByDisplayValue(BOARD_LINK);
    expect(api).toHaveBeenCalledWith('/archive/folder/1/3/share', expect.anything());
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText("Anyone with the link sees this folder's sources on one page, no sign-in needed.")).toBeTruthy();
    expect(stateLine().textContent).toMatch(/^Expires on 2026\.12\.(31|30|01) · password on$/);
    expect((screen.getByRole('combobox', { name: 'Link expires' }) as HTMLSelectElement).value).toBe('date');
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
  });

  it('says a past expiry as expired', async () => {
    answer({ ...on, expiresAt: '2020-01-02T00:00:00.000Z' });
    const { stateLine } = setup(SAUCE, true);
    await screen.findByDisplayValue(LINK);
    expect(stateLine().textContent).toMatch(/^Expired on 2020\.01\.0[12] · no password$/);
  });

  it('writes the state line in Korean', async () => {
    initI18n('ko');
    try {
      answer({ ...on, expiresAt: '2026-12-31T03:00:00.000Z', hasPassword: true });
      setup(SAUCE, true);
      await screen.findByDisplayValue(LINK);
      expect(screen.getByRole('status').textContent).toBe('2026.12.31에 만료 · 비밀번호 사용');
      expect(screen.getByRole('switch', { name: '링크로 공유하기' })).toBeTruthy();
    } finally {
      initI18n('en');
    }
  });
});
