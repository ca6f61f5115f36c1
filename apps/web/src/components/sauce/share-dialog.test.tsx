import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../test/i18n.ts';
import { ApiError } from '../../lib/api.ts';
import { useAppStore } from '../../state/app-store.ts';
import { ShareDialog } from './share-dialog.tsx';
import { deferred } from '../../test/render.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api,
}));

const LINK = 'http://localhost/archive/sauce/share/abc';


function setup(isShareEnabled: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ShareDialog open onOpenChange={() => {}} workspaceId={1} sauceId={7} isShareEnabled={isShareEnabled} />
    </QueryClientProvider>,
  );
  return {
    toggle: () => screen.getByRole('switch', { name: 'Share with a link' }),
    copy: () => screen.getByRole('button', { name: 'Copy link' }) as HTMLButtonElement,
    linkField: () => screen.queryByRole('textbox', { name: 'Share link' }) as HTMLInputElement | null,
  };
}

const toasts = () => useAppStore.getState().toasts.map((t) => `${t.kind}:${t.message}`);

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
});

describe('ShareDialog (SPEC §4 Sharing)', () => {
  it('starts off: no call, no link, copy disabled', () => {
    const { toggle, copy, linkField } = setup(false);
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(copy().disabled).toBe(true);
    expect(linkField()!.value).toBe('');
    expect(linkField()!.disabled).toBe(true);
    expect(api).not.toHaveBeenCalled();
  });

  it('turning on sends the new state, shows a placeholder until the answer, then the link', async () => {
    const answer = deferred<unknown>();
    api.mockReturnValueOnce(answer.promise);
    const { toggle, copy, linkField } = setup(false);
    fireEvent.click(toggle());
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/archive/sauce/1/7/share', { method: 'POST', body: { isShareEnabled: true } }),
    );
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    expect(linkField()).toBeNull();
    expect(screen.getByText('Getting the link…')).toBeTruthy();
    expect(copy().disabled).toBe(true);
    await act(async () => answer.resolve({ link: LINK, isShareEnabled: true }));
    expect(linkField()!.value).toBe(LINK);
    expect(copy().disabled).toBe(false);
  });

  it('copies the link with a toast; a clipboard failure is only logged', async () => {
    api.mockResolvedValue({ link: LINK, isShareEnabled: true });
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { copy, linkField } = setup(true);
    await screen.findByDisplayValue(LINK);
    expect(api).toHaveBeenCalledTimes(1); // asked for the current link on opening
    expect(linkField()!.disabled).toBe(false);
    await act(async () => fireEvent.click(copy()));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(toasts()).toEqual(['success:Link copied.']);
    await act(async () => fireEvent.click(copy()));
    expect(error).toHaveBeenCalledWith('failed to copy the share link', expect.any(Error));
    expect(toasts()).toEqual(['success:Link copied.']);
  });

  it('turning off hides the link and disables copy', async () => {
    api.mockResolvedValueOnce({ link: LINK, isShareEnabled: true }).mockResolvedValueOnce({ link: null, isShareEnabled: false });
    const { toggle, copy, linkField } = setup(true);
    await screen.findByDisplayValue(LINK);
    await act(async () => fireEvent.click(toggle()));
    expect(api).toHaveBeenLastCalledWith('/archive/sauce/1/7/share', { method: 'POST', body: { isShareEnabled: false } });
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(linkField()!.value).toBe('');
    expect(copy().disabled).toBe(true);
  });

  it('rolls the switch back with an error toast when the change fails', async () => {
    const answer = deferred<unknown>();
    api.mockReturnValueOnce(answer.promise);
    const { toggle, copy } = setup(false);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    await act(async () => answer.reject(new ApiError(500, 'SYSTEM_ERROR', 'boom')));
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(copy().disabled).toBe(true);
    expect(toasts()).toEqual(['error:Couldn\'t change the sharing setting. Please try again.']);
  });
});
