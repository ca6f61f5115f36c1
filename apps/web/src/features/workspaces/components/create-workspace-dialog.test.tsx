import { workspaceKeys } from '../../../lib/query-keys.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { ApiError, type RequestOptions } from '../../../lib/api.ts';
import { useAppStore } from '../../../state/app-store.ts';
import { deferred, renderWithApp } from '../../../test/render.tsx';
import { workspaceSummary } from '../../../test/workspaces.ts';
import { CreateWorkspaceDialog } from './create-workspace-dialog.tsx';

const api = vi.hoisted(() => vi.fn());
/** Every call but GET /workspace/quota, which answers {@link quota}. */
const calls = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api,
}));

const personal = workspaceSummary();
const team = workspaceSummary({ id: 7, name: 'Design team', isPersonal: false });

beforeAll(() => {
  initI18n('en');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
let quota: { created: number; limit: number | null };
beforeEach(() => {
  api.mockReset();
  calls.mockReset();
  quota = { created: 0, limit: 2 };
  api.mockImplementation((path: string, opts?: RequestOptions) => (path === '/workspace/quota' ? Promise.resolve(quota) : calls(path, opts)));
  useAppStore.setState({ toasts: [], selectedWorkspaceId: null, loading: false });
});
afterEach(cleanup);

function setup() {
  const onOpenChange = vi.fn();
  const app = renderWithApp(<CreateWorkspaceDialog open onOpenChange={onOpenChange} />, { url: '/workspace/usageStatus' });
  app.qc.setQueryData(workspaceKeys.list(), [personal]);
  const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
  return {
    ...app,
    onOpenChange,
    name: () => screen.getByRole('textbox', { name: 'Space name' }) as HTMLInputElement,
    confirm: () => screen.getByRole('button', { name: 'Create space' }) as HTMLButtonElement,
    choose: (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } }),
  };
}

const png = (bytes = 1000) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });
const toasts = () => useAppStore.getState().toasts.map((t) => `${t.kind}:${t.message}`);

describe('CreateWorkspace (SPEC §2, §4, §5)', () => {
  it('keeps confirm disabled until there is an image and a name with visible characters', () => {
    const { name, confirm, choose } = setup();
    expect(confirm().disabled).toBe(true);
    fireEvent.change(name(), { target: { value: 'Design team' } });
    expect(confirm().disabled).toBe(true);
    choose(png());
    expect(confirm().disabled).toBe(false);
    fireEvent.change(name(), { target: { value: ' \u200b ' } });
    expect(confirm().disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Use at least one letter, number or symbol.');
  });

  it('caps the name at 15 characters with a counter', () => {
    const { name } = setup();
    fireEvent.change(name(), { target: { value: 'abcdefghijklmnopqrst' } });
    expect(name().value).toBe('abcdefghijklmno');
    expect(screen.getByText('15/15')).toBeTruthy();
  });

  it('refuses an image over 5.0MB and a file that is not an image, with a toast', () => {
    const { name, confirm, choose } = setup();
    fireEvent.change(name(), { target: { value: 'Design team' } });
    choose(png(5_242_881));
    expect(toasts()).toEqual(['error:The maximum image upload size is 5.0MB.']);
    expect(confirm().disabled).toBe(true);
    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(toasts()[1]).toBe("error:That file isn't an image. Choose a JPG, PNG, WebP or GIF.");
    expect(confirm().disabled).toBe(true);
    choose(png(5_242_880));
    expect(confirm().disabled).toBe(false);
  });

  it('creates the space, appends and selects it, goes to /dashboard and says so', async () => {
    const answer = deferred<unknown>();
    calls.mockReturnValueOnce(answer.promise);
    const { name, confirm, choose, qc, router, onOpenChange } = setup();
    const image = png();
    fireEvent.change(name(), { target: { value: '  Design team ' } });
    choose(image);
    fireEvent.click(confirm());
    await waitFor(() => expect(calls).toHaveBeenCalledTimes(1));
    const [path, opts] = calls.mock.calls[0] as [string, RequestOptions];
    expect(path).toBe('/workspace');
    expect(opts.method).toBe('POST');
    const body = opts.body as FormData;
    expect(body.get('name')).toBe('Design team');
    expect((body.get('image') as File).name).toBe('logo.png');
    // Pending: the loading overlay is on and the dialog cannot be closed or sent again.
    expect(useAppStore.getState().loading).toBe(true);
    expect(screen.getByRole('button', { name: 'Create space' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await act(async () => answer.resolve(team));
    expect(qc.getQueryData(workspaceKeys.list())).toEqual([personal, team]);
    expect(useAppStore.getState().selectedWorkspaceId).toBe(7);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(toasts()).toEqual(["success:Created the space 'Design team'."]);
    expect(useAppStore.getState().loading).toBe(false);
  });

  it('a limit reached meanwhile (another tab) shows the beta notice and keeps what was typed', async () => {
    calls.mockRejectedValueOnce(new ApiError(422, 'LIMIT_REACHED', 'limit', { resource: 'workspaces', limit: 2 }));
    const { name, confirm, choose, onOpenChange, router } = setup();
    fireEvent.change(name(), { target: { value: 'Third' } });
    choose(png());
    await act(async () => fireEvent.click(confirm()));
    const notice = await screen.findByRole('dialog', { name: 'You can create up to 2 spaces' });
    expect(notice.textContent).toContain('each person can create up to 2 team spaces');
    fireEvent.click(within(notice).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'You can create up to 2 spaces' })).toBeNull());
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(name().value).toBe('Third');
    expect(confirm().disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/workspace/usageStatus');
    expect(useAppStore.getState().selectedWorkspaceId).toBeNull();
  });

  it('a 413 from the server shows the size message with its limit', async () => {
    calls.mockRejectedValueOnce(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'too large', { limitBytes: 5_242_880 }));
    const { name, confirm, choose } = setup();
    fireEvent.change(name(), { target: { value: 'Team' } });
    choose(png());
    await act(async () => fireEvent.click(confirm()));
    expect(toasts()).toEqual(['error:The maximum image upload size is 5.0MB.']);
  });

  it('says the image is required, and what Create still needs (issue #19 item 8)', async () => {
    const { name, confirm, choose } = setup();
    expect(screen.getByRole('button', { name: 'Space image (Required)' })).toBeTruthy();
    const missing = () => document.getElementById(confirm().getAttribute('aria-describedby') ?? '')?.textContent;
    expect(missing()).toBe('Add an image and a name to create the space.');
    fireEvent.change(name(), { target: { value: 'Design team' } });
    expect(missing()).toBe('Add an image to create the space.');
    expect(confirm().disabled).toBe(true);
    choose(png());
    expect(confirm().disabled).toBe(false);
    expect(confirm().getAttribute('aria-describedby')).toBeNull();
    fireEvent.change(name(), { target: { value: '' } });
    expect(missing()).toBe('Add a name to create the space.');
  });

  it('says from the start how many more spaces may be made (SPEC §9, issue #19 item 8)', async () => {
    quota = { created: 1, limit: 2 };
    setup();
    expect(await screen.findByText('During the beta you can create 1 more space (up to 2).')).toBeTruthy();
  });

  it('at the limit, says so in place of the form, before anything is typed', async () => {
    quota = { created: 2, limit: 2 };
    const { onOpenChange } = setup();
    const notice = await screen.findByRole('dialog', { name: 'You can create up to 2 spaces' });
    expect(notice.textContent).toContain('each person can create up to 2 team spaces');
    expect(screen.queryByRole('textbox', { name: 'Space name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create space' })).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Confirm' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls).not.toHaveBeenCalled();
  });

  it('without a space limit (an installation without one) says nothing of it', async () => {
    quota = { created: 7, limit: null };
    const { name } = setup();
    await waitFor(() => expect(api.mock.calls.map(([path]) => path)).toContain('/workspace/quota'));
    expect(name()).toBeTruthy();
    expect(screen.queryByText(/more space/)).toBeNull();
  });
});
