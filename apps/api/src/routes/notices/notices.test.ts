import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let admin: { headers: Record<string, string> };
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: 'chief@example.com' });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev/signin', payload: { email: 'Chief@example.com' } });
  admin = { headers: { authorization: `Bearer ${body(res).data.accessToken}` } };
});

type Who = { headers: Record<string, string> } | null;
const get = (u: Who, url: string) => t.app.inject({ url: `/api${url}`, headers: u?.headers ?? {} });
const send = (u: Who, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: u?.headers ?? {}, ...(payload ? { payload } : {}) });
const unread = async (u: TestUser) => body(await get(u, '/notice/unread')).data.count as number;

describe('notices (SPEC §2 /mypage/notice)', () => {
  it('are written by administrators only', async () => {
    const u = await buildUser(t);
    const res = await send(u, 'POST', '/notice', { title: 'Hi', body: 'There' });
    expect(res.statusCode).toBe(403);
    expect(body(res).error.code).toBe('NOT_AUTHORIZED');
    expect((await send(null, 'POST', '/notice', { title: 'Hi', body: 'There' })).statusCode).toBe(401);
  });

  it('are listed newest first, new until the page is opened, with the unread count for the dot', async () => {
    const u = await buildUser(t);
    const first = body(await send(admin, 'POST', '/notice', { title: ' Beta started ', body: 'Welcome to the beta.' })).data;
    expect(first).toMatchObject({ title: 'Beta started', body: 'Welcome to the beta.', isNew: true });
    await send(admin, 'POST', '/notice', { title: 'Import is here', body: 'Bring your bookmarks.\nAll of them.' });
    expect(await unread(u)).toBeGreaterThanOrEqual(2);
    const list = body(await get(u, '/notice?pageSize=2')).data;
    expect(list.results.map((n: { title: string }) => n.title)).toEqual(['Import is here', 'Beta started']);
    expect(list.results.every((n: { isNew: boolean }) => n.isNew)).toBe(true);

    expect((await send(u, 'POST', '/notice/read')).statusCode).toBe(200);
    expect(await unread(u)).toBe(0);
    expect(body(await get(u, '/notice')).data.results.some((n: { isNew: boolean }) => n.isNew)).toBe(false);
    await new Promise((r) => setTimeout(r, 5));
    await send(admin, 'POST', '/notice', { title: 'Later', body: 'Something new.' });
    expect(await unread(u)).toBe(1);
  });

  it('refuses empty, invisible-only and too long titles and bodies', async () => {
    for (const payload of [
      { title: '', body: 'x' },
      { title: '   ', body: 'x' },
      { title: 'x', body: '' },
      { title: 'x'.repeat(101), body: 'x' },
      { title: 'x', body: 'y'.repeat(5001) },
      { title: 'x' },
      { title: 'a\u0000b', body: 'x' },
    ]) {
      const res = await send(admin, 'POST', '/notice', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
  });

  it('can be corrected and deleted by administrators; others get 403, unknown ids 404', async () => {
    const u = await buildUser(t);
    const n = body(await send(admin, 'POST', '/notice', { title: 'Typo', body: 'Teh body' })).data;
    expect((await send(u, 'PATCH', `/notice/${n.id}`, { title: 'x', body: 'y' })).statusCode).toBe(403);
    expect((await send(u, 'DELETE', `/notice/${n.id}`)).statusCode).toBe(403);
    const fixed = await send(admin, 'PATCH', `/notice/${n.id}`, { title: 'Fixed', body: 'The body' });
    expect(body(fixed).data).toMatchObject({ id: n.id, title: 'Fixed', body: 'The body', createdAt: n.createdAt });
    expect((await send(admin, 'DELETE', `/notice/${n.id}`)).statusCode).toBe(200);
    expect((await send(admin, 'DELETE', `/notice/${n.id}`)).statusCode).toBe(404);
    expect((await send(admin, 'PATCH', '/notice/999999', { title: 'x', body: 'y' })).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', '/notice/abc')).statusCode).toBe(400);
  });

  it('need sign-in to read', async () => {
    expect((await get(null, '/notice')).statusCode).toBe(401);
    expect((await get(null, '/notice/unread')).statusCode).toBe(401);
  });
});
