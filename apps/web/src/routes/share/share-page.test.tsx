import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { answerApi } from '../../test/fake-api.ts';
import { initI18n } from '../../test/i18n.ts';
import { renderWithApp } from '../../test/render.tsx';
import { sauceFixture } from '../../test/sauces.ts';
import { SharePage } from './share-page.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api,
}));

function setup(read: () => unknown) {
  const fake = answerApi(api);
  fake.on((path) => (path === '/auth/session' ? { user: null } : undefined));
  fake.on((path) => (path === '/archive/sauce/share/abc' ? read() : undefined));
  return { fake, ...renderWithApp(<SharePage />, { url: '/archive/sauce/share/abc', path: '/archive/sauce/share/:id' }) };
}

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
});

describe('SharePage: the expiry and password of a shared source (issue #32)', () => {
  it('an expired link says so', async () => {
    setup(() => new ApiError(410, 'SHARE_EXPIRED', 'expired'));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover Sauce' })).toBeTruthy();
  });

  it('a private source keeps SPEC §8’s notice', async () => {
    setup(() => new ApiError(404, 'SAUCE_PRIVATE', 'private'));
    expect(await screen.findByRole('heading', { level: 1, name: 'This source is private' })).toBeTruthy();
  });

  it('a protected one asks for the password, then shows the source', async () => {
    let unlocked = false;
    const { fake } = setup(() => (unlocked ? sauceFixture('TEXT', { id: 7, title: 'Brief', isEditable: false }) : new ApiError(401, 'SHARE_PASSWORD_REQUIRED', 'pw')));
    fake.on((path, opts) => {
      if (path !== '/archive/sauce/share/abc/unlock') return undefined;
      if ((opts.body as { password: string }).password !== 'letmein') return new ApiError(403, 'SHARE_PASSWORD_WRONG', 'wrong');
      unlocked = true;
      return null;
    });
    expect(await screen.findByText('Enter the password you were given to open this source.')).toBeTruthy();
    const field = screen.getByLabelText('Password');
    fireEvent.change(field, { target: { value: 'nope' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open' })));
    expect((await screen.findByRole('alert')).textContent).toBe("That password isn't right. Check it and try again.");
    fireEvent.change(field, { target: { value: 'letmein' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Brief' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Sauce' })).toBeTruthy();
  });
});
