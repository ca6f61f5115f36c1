import { COOKIES } from '@sauce/contract/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'content-type': 'application/json' } });
const expired = () => new Response(JSON.stringify({ success: false, error: { code: 'TOKEN_EXPIRED', message: 'expired' } }), { status: 401 });
const setExpiry = (ms: number | null) => {
  document.cookie = ms === null ? `${COOKIES.accessExpires}=; max-age=0; path=/` : `${COOKIES.accessExpires}=${ms}; path=/`;
};

let calls: string[];
beforeEach(() => {
  calls = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  setExpiry(null);
});

describe('the session’s refresh (issue #31 item 24)', () => {
  it('happens before a request when the access token expires within a minute: no request meets a 401', async () => {
    setExpiry(Date.now() + 20_000);
    let refreshed = false;
    vi.stubGlobal('fetch', async (url: URL | string) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      calls.push(path);
      if (path === '/api/auth/token/refresh') {
        refreshed = true;
        setExpiry(Date.now() + 15 * 60_000);
        return new Response(null, { status: 200 });
      }
      return refreshed ? ok('fresh') : expired();
    });
    expect(await api('/thing')).toBe('fresh');
    expect(calls).toEqual(['/api/auth/token/refresh', '/api/thing']);
    // A token with time left: straight to the request.
    expect(await api('/thing')).toBe('fresh');
    expect(calls.slice(2)).toEqual(['/api/thing']);
  });

  it('is left to the 401 for a page signed out or whose cookie says nothing, and still works then', async () => {
    let refreshed = false;
    vi.stubGlobal('fetch', async (url: URL | string) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      calls.push(path);
      if (path === '/api/auth/token/refresh') {
        refreshed = true;
        return new Response(null, { status: 200 });
      }
      return refreshed ? ok('again') : expired();
    });
    expect(await api('/thing')).toBe('again');
    expect(calls).toEqual(['/api/thing', '/api/auth/token/refresh', '/api/thing']);
  });

  it('holds the requests made while it is under way: none goes out with the expired token (a page back from sleep)', async () => {
    // A fresh module: the refresh above counts for a minute.
    vi.resetModules();
    const { api: freshApi } = await import('./api.ts');
    setExpiry(Date.now() - 1_000);
    let refreshed = false;
    let answerRefresh = () => {};
    vi.stubGlobal('fetch', async (url: URL | string) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      calls.push(path);
      if (path === '/api/auth/token/refresh') {
        await new Promise<void>((resolve) => (answerRefresh = resolve));
        refreshed = true;
        setExpiry(Date.now() + 15 * 60_000);
        return new Response(null, { status: 200 });
      }
      return refreshed ? ok(path) : expired();
    });
    // Three at once, as a page's queries start together.
    const answers = Promise.all([freshApi('/one'), freshApi('/two'), freshApi('/three')]);
    await vi.waitFor(() => expect(calls).toContain('/api/auth/token/refresh'));
    // While the refresh is on its way, nothing else has gone out.
    expect(calls).toEqual(['/api/auth/token/refresh']);
    answerRefresh();
    expect(await answers).toEqual(['/api/one', '/api/two', '/api/three']);
    expect(calls.slice(1).sort()).toEqual(['/api/one', '/api/three', '/api/two']);
  });
});
