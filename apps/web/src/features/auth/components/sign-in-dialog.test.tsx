import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type RequestOptions } from '../../../lib/api.ts';
import { useAppStore } from '../../../state/app-store.ts';
import { initI18n } from '../../../test/i18n.ts';
import { deferred, renderWithApp } from '../../../test/render.tsx';
import { useAppleSignUpOnLoad, withoutAppleMarker } from '../hooks/use-apple-sign-up.ts';
import { SignInDialog } from './sign-in-dialog.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api,
}));

const CONFIG = { devLogin: false, google: null, apple: { clientId: 'com.sauce.web' } };
/** Every call but GET /auth/config. */
const calls = vi.fn();

beforeEach(() => {
  initI18n('en');
  api.mockReset();
  calls.mockReset();
  calls.mockResolvedValue({ accessToken: 'a', refreshToken: 'r' });
  api.mockImplementation((path: string, opts?: RequestOptions) => (path === '/auth/config' ? Promise.resolve(CONFIG) : calls(path, opts)));
  useAppStore.getState().reset();
  useAppStore.setState({ toasts: [] });
});
afterEach(cleanup);

/** The shell's part (layout.tsx): the marker opens the dialog. */
function Shell() {
  useAppleSignUpOnLoad();
  return <SignInDialog />;
}

const START = '/archive/text?sauceId=7&signup=apple#top';
const setup = (url = START) => renderWithApp(<Shell />, { url });
const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Agree and continue' }) as HTMLButtonElement;
const toasts = () => useAppStore.getState().toasts.map((t) => `${t.kind}:${t.message}`);

describe('Apple sign-up terms (issue #31 item 4)', () => {
  it('opens the sign-in dialog at the terms step when the page has ?signup=apple', async () => {
    setup();
    expect(await screen.findByRole('dialog', { name: 'Review our terms' })).toBeTruthy();
    expect(useAppStore.getState().login).toEqual({ open: true, preventClose: false });
    expect(box(/Terms of Service/).checked).toBe(false);
    expect(box(/personal information/).checked).toBe(false);
    expect(box(/Marketing/).checked).toBe(false);
    expect(submit().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).toBeNull();
  });

  it('shows the same terms in Korean', async () => {
    initI18n('ko');
    setup();
    expect(await screen.findByRole('dialog', { name: '약관에 동의해 주세요' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /마케팅 정보 수신 동의/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '동의하고 시작하기' })).toBeTruthy();
  });

  it('does nothing without the marker', async () => {
    setup('/archive/text?sauceId=7&signup=google');
    await Promise.resolve();
    expect(useAppStore.getState().login.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('posts the marketing choice on agreeing, then signs in and takes the marker off the address', async () => {
    const answer = deferred<{ accessToken: string; refreshToken: string }>();
    calls.mockReturnValueOnce(answer.promise);
    const { router } = setup();
    await screen.findByRole('dialog', { name: 'Review our terms' });
    fireEvent.click(box(/Agree to all/));
    fireEvent.click(submit());
    expect(calls).toHaveBeenCalledTimes(1);
    expect(calls).toHaveBeenCalledWith('/auth/apple/signup', { method: 'POST', body: { agreeMarketing: true } });
    await waitFor(() => expect(submit().disabled).toBe(true)); // pending
    answer.resolve({ accessToken: 'a', refreshToken: 'r' });
    await waitFor(() => expect(useAppStore.getState().login.open).toBe(false));
    const { pathname, search, hash } = router.state.location;
    expect({ pathname, search, hash }).toEqual({ pathname: '/archive/text', search: '?sauceId=7', hash: '#top' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends agreeMarketing false when only the required terms are agreed', async () => {
    setup();
    await screen.findByRole('dialog', { name: 'Review our terms' });
    fireEvent.click(box(/Terms of Service/));
    fireEvent.click(box(/personal information/));
    fireEvent.click(submit());
    expect(calls).toHaveBeenCalledWith('/auth/apple/signup', { method: 'POST', body: { agreeMarketing: false } });
  });

  it('cancelling (Back) posts nothing and takes the marker off; the sign-in choices show', async () => {
    const { router } = setup();
    await screen.findByRole('dialog', { name: 'Review our terms' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('button', { name: 'Continue with Apple' });
    expect(router.state.location.search).toBe('?sauceId=7');
    expect(router.state.location.hash).toBe('#top');
    expect(calls).not.toHaveBeenCalled();
  });

  it('closing the dialog posts nothing and takes the marker off', async () => {
    const { router } = setup();
    await screen.findByRole('dialog', { name: 'Review our terms' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(useAppStore.getState().login.open).toBe(false));
    expect(router.state.location.search).toBe('?sauceId=7');
    expect(calls).not.toHaveBeenCalled();
  });

  it('says so when the waiting sign-up expired (401), and goes back to the sign-in choices', async () => {
    calls.mockRejectedValueOnce(new ApiError(401, 'UNAUTHENTICATED', 'The sign-up took longer than 10 minutes and has expired.'));
    const { router } = setup();
    await screen.findByRole('dialog', { name: 'Review our terms' });
    fireEvent.click(box(/Agree to all/));
    fireEvent.click(submit());
    await waitFor(() => expect(toasts()).toEqual(['error:Your Apple sign-up has expired. Please continue with Apple again.']));
    expect(router.state.location.search).toBe('?sauceId=7');
    await screen.findByRole('button', { name: 'Continue with Apple' });
  });
});

describe('withoutAppleMarker', () => {
  it('drops only the marker, keeping the other parameters as written', () => {
    expect(withoutAppleMarker('?signup=apple')).toBe('');
    expect(withoutAppleMarker('?a=1&signup=apple&b=%20x')).toBe('?a=1&b=%20x');
    expect(withoutAppleMarker('?signup=google')).toBe('?signup=google');
    expect(withoutAppleMarker('')).toBe('');
  });
});
