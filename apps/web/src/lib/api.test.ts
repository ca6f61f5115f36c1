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
});
