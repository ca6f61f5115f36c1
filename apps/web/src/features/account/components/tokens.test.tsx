import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { inTimeZone } from '../../../test/time-zone.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { CONNECT_CHANNEL } from '@sauce/contract/connect';
import { HELLO_TIMEOUT_MS } from '../api/extension-bridge.ts';
import { ConnectExtension } from './connect-extension.tsx';
import { TokensPanel } from './tokens-panel.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());
inTimeZone('Asia/Seoul');

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(status < 400 ? { success: true, data } : { success: false, error: data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fetch stand-in answering by method and path; records the calls. */
function stubApi(routes: Record<string, (body: unknown) => Response>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(String(url), 'http://x').pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body });
      const route = routes[key];
      return route ? route(body) : json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    }),
  );
  return calls;
}

const token = { id: 7, name: 'Build script', scope: 'read', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null, expiresAt: null };

describe('Access tokens on my page (issue #20)', () => {
  it('makes a token with a name and scope, shows its secret once, lists and revokes', async () => {
    let list = [token];
    const calls = stubApi({
      'GET /api/auth/tokens': () => json(list),
      'POST /api/auth/tokens': (b) => {
        const made = { ...token, id: 8, name: (b as { name: string }).name, scope: (b as { scope: string }).scope };
        list = [...list, made];
        return json({ ...made, token: 'sauce_pat_secretsecretsecret' });
      },
      'DELETE /api/auth/tokens/7': () => {
        list = list.filter((x) => x.id !== 7);
        return json(null);
      },
    });
    renderWithApp(<TokensPanel />);
    expect(await screen.findByText('Build script')).toBeTruthy();
    expect(screen.getByText(/never used/)).toBeTruthy();

    const create = screen.getByRole('button', { name: 'Create token' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Laptop' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Read and write' }));
    fireEvent.click(create);
    expect(await screen.findByText('sauce_pat_secretsecretsecret')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /api/auth/tokens')?.body).toEqual({ name: 'Laptop', scope: 'write' });
    expect(await screen.findByText('Laptop')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Build script' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('Build script')).toBeNull());
    expect(calls.some((c) => c.key === 'DELETE /api/auth/tokens/7')).toBe(true);
  });
});

/** A token's line of facts (each fact its own span, so that a date keeps to its time), by its text. */
const factsLine = (re: RegExp) => screen.getByText((_, el) => el?.querySelector('span') != null && re.test(el.textContent ?? '') && !el.querySelector('li'));

describe('Access tokens: when (issue #31 item 13)', () => {
  afterEach(cleanup);
  // Near midnight UTC, shown in the person's time zone (Seoul, UTC+9), 24-hour, the same in both languages.
  const used = { ...token, createdAt: '2026-11-20T14:59:00.000Z', lastUsedAt: '2026-11-30T15:05:00.000Z', expiresAt: '2027-11-20T03:00:00.000Z' };

  it('writes created, last used and expires as YYYY.MM.DD HH:mm', async () => {
    stubApi({ 'GET /api/auth/tokens': () => json([used]) });
    renderWithApp(<TokensPanel />);
    await screen.findByText('Build script');
    expect(factsLine(/^Read only · created/).textContent).toBe(
      'Read only · created 2026.11.20 23:59 · last used 2026.12.01 00:05 · expires 2027.11.20 12:00',
    );
  });

  it('writes them the same way in Korean, with the Korean words around them', async () => {
    initI18n('ko');
    try {
      stubApi({ 'GET /api/auth/tokens': () => json([used, { ...token, id: 8, name: 'Laptop' }]) });
      renderWithApp(<TokensPanel />);
      await screen.findByText('Build script');
      expect(factsLine(/^읽기만 · 2026\.11\.20 23:59 생성 · 2026/).textContent).toBe('읽기만 · 2026.11.20 23:59 생성 · 2026.12.01 00:05 마지막 사용 · 2027.11.20 12:00 만료');
      expect(factsLine(/^읽기만 · .*사용한 적 없음$/).textContent).toBe('읽기만 · 2026.11.20 19:00 생성 · 사용한 적 없음');
    } finally {
      initI18n('en');
    }
  });
});

describe('Connecting the browser extension (issue #20; issue #28 item 5)', () => {
  const challenge = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
  const grantCode = 'C'.repeat(43);
  let removeExtension = () => {};
  afterEach(() => {
    cleanup();
    removeExtension();
    vi.useRealTimers();
  });

  /**
   * The extension's connect bridge as the page sees it (apps/extension/src/connect.ts): answers
   * hello with `waiting`, a code with `connected` (each answer in turn); records the codes it got.
   */
  function fakeExtension(waiting: boolean, connected: boolean[] = [true]) {
    const codes: string[] = [];
    const answer = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, origin: location.origin, source: window }));
    const onMessage = (e: MessageEvent) => {
      const m = e.data as { channel?: string; from?: string; kind?: string; challenge: string; code?: string };
      if (m?.channel !== CONNECT_CHANNEL || m.from !== 'page') return;
      if (m.kind === 'hello') answer({ channel: CONNECT_CHANNEL, from: 'extension', kind: 'hello', challenge: m.challenge, waiting });
      else if (m.kind === 'code' && codes.push(m.code!) > 0) {
        answer({ channel: CONNECT_CHANNEL, from: 'extension', kind: 'result', challenge: m.challenge, connected: connected.shift() ?? true });
      }
    };
    window.addEventListener('message', onMessage);
    removeExtension = () => window.removeEventListener('message', onMessage);
    return codes;
  }

  it('offers Allow once the extension that opened the tab waits for it, and hands the code to that extension only', async () => {
    const codes = fakeExtension(true);
    const calls = stubApi({
      'GET /api/auth/session': () => json({ user: { nickname: 'mina' } }),
      'POST /api/auth/tokens/grants': () => json({ code: grantCode }),
    });
    renderWithApp(<ConnectExtension challenge={challenge} browser="Chrome" />);
    expect(screen.getByRole('heading', { name: 'Allow the Sauce extension for Chrome?' })).toBeTruthy();
    expect(screen.getByText('ABCD-EFGH')).toBeTruthy();
    const allow = screen.getByRole('button', { name: 'Allow' }) as HTMLButtonElement;
    await waitFor(() => expect(allow.disabled).toBe(false));
    fireEvent.click(allow);
    expect(await screen.findByRole('heading', { name: 'Connected — you can close this tab' })).toBeTruthy();
    expect(screen.getByText('The Sauce extension for Chrome now saves to your spaces as mina.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /api/auth/tokens/grants')?.body).toEqual({ challenge, browser: 'Chrome' });
    expect(codes).toEqual([grantCode]);
  });

  it('a link someone else made: no extension answers for it, so Allow is never offered and nothing is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({ 'GET /api/auth/session': () => json({ user: { nickname: 'mina' } }) });
    renderWithApp(<ConnectExtension challenge={challenge} browser="Chrome" />);
    expect((screen.getByRole('button', { name: 'Allow' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Looking for the Sauce extension that opened this tab…')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(HELLO_TIMEOUT_MS + 100);
    expect(await screen.findByRole('heading', { name: "The Sauce extension isn't answering" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it('an extension waiting for another connection (its own challenge) is not offered this one', async () => {
    fakeExtension(false);
    stubApi({ 'GET /api/auth/session': () => json({ user: { nickname: 'mina' } }) });
    renderWithApp(<ConnectExtension challenge={challenge} browser="Edge" />);
    expect(await screen.findByRole('heading', { name: "The Sauce extension isn't answering" })).toBeTruthy();
  });

  it('says when the extension did not take the code, and hands the same code again on Try again', async () => {
    const codes = fakeExtension(true, [false, true]);
    stubApi({
      'GET /api/auth/session': () => json({ user: { nickname: 'mina' } }),
      'POST /api/auth/tokens/grants': () => json({ code: grantCode }),
    });
    renderWithApp(<ConnectExtension challenge={challenge} browser="Chrome" />);
    const allow = screen.getByRole('button', { name: 'Allow' }) as HTMLButtonElement;
    await waitFor(() => expect(allow.disabled).toBe(false));
    fireEvent.click(allow);
    expect(await screen.findByRole('heading', { name: "The extension didn't receive the connection" })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Connected — you can close this tab' })).toBeTruthy();
    expect(codes).toEqual([grantCode, grantCode]);
  });

  it('a challenge already allowed (409) says so', async () => {
    fakeExtension(true);
    stubApi({
      'GET /api/auth/session': () => json({ user: { nickname: 'mina' } }),
      'POST /api/auth/tokens/grants': () => json({ code: 'CONNECTION_USED', message: 'used' }, 409),
    });
    renderWithApp(<ConnectExtension challenge={challenge} browser="Chrome" />);
    const allow = screen.getByRole('button', { name: 'Allow' }) as HTMLButtonElement;
    await waitFor(() => expect(allow.disabled).toBe(false));
    fireEvent.click(allow);
    expect(await screen.findByRole('heading', { name: 'This connection request was already answered' })).toBeTruthy();
  });

  it('refuses a link without a valid challenge, sending nothing', () => {
    const calls = stubApi({ 'GET /api/auth/session': () => json({ user: { nickname: 'mina' } }) });
    renderWithApp(<ConnectExtension challenge="short" browser="Chrome" />);
    expect(screen.getByRole('heading', { name: "This connection link isn't valid" })).toBeTruthy();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });
});
