import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';

/**
 * Issue #32: a source's share gains an expiry and a password (`GET`/`PATCH …/share`), and its
 * public link checks them; SPEC §7's `POST …/share {isShareEnabled}` goes on as it was.
 */

let t: TestApp;
let clock = Date.now();
let owner: TestUser;
let reader: TestUser;
let ws: number;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  owner = await buildUser(t, 'owner');
  ws = await buildWorkspace(t, owner, 'Studio');
  reader = await buildMember(t, ws, 'READER');
});

const call = (u: TestUser | null, opts: InjectOptions) => t.app.inject({ ...opts, headers: { ...(u?.headers ?? {}), ...opts.headers } });
const errorOf = (res: LightMyRequestResponse) => [res.statusCode, body(res).error?.code];
const source = async (space = ws, u = owner) =>
  body(await call(u, { method: 'POST', url: `/api/archive/sauce/${space}`, payload: { type: 'TEXT', title: 'Secret plans', textSauce: { text: 'x', link: null } } })).data.id as number;
const patch = (id: number, payload: object, u: TestUser = owner) => call(u, { method: 'PATCH', url: `/api/archive/sauce/${ws}/${id}/share`, payload });
const legacy = async (id: number, isShareEnabled: boolean) =>
  body(await call(owner, { method: 'POST', url: `/api/archive/sauce/${ws}/${id}/share`, payload: { isShareEnabled } })).data as { link: string | null; isShareEnabled: boolean };
const visit = (shareId: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/archive/sauce/share/${shareId}`, headers });
const unlock = (shareId: string, password: string, remoteAddress = '203.0.113.50') =>
  t.app.inject({ method: 'POST', url: `/api/archive/sauce/share/${shareId}/unlock`, payload: { password }, remoteAddress });

describe("a source's share settings (issue #32)", () => {
  it('reads and changes them, the password never returned; SPEC §7’s toggle keeps working beside them', async () => {
    const id = await source();
    expect(body(await call(owner, { url: `/api/archive/sauce/${ws}/${id}/share` })).data).toEqual({ shareId: null, url: null, enabled: false, expiresAt: null, hasPassword: false, indexable: false });
    const expiresAt = new Date(clock + 30 * 86_400_000).toISOString();
    const on = await patch(id, { enabled: true, expiresAt, password: 'pass phrase' });
    expect(on.statusCode, on.body).toBe(200);
    const state = body(on).data;
    expect(state).toMatchObject({ enabled: true, expiresAt, hasPassword: true });
    expect(state.url).toBe(`http://localhost:3000/archive/sauce/share/${state.shareId}`);
    expect(on.body).not.toContain('pass phrase');
    // The toggle answers as it always did, and leaves the expiry and the password alone.
    expect(await legacy(id, true)).toEqual({ link: state.url, isShareEnabled: true });
    expect(await legacy(id, false)).toEqual({ link: null, isShareEnabled: false });
    expect(errorOf(await visit(state.shareId))).toEqual([404, 'SAUCE_PRIVATE']);
    const again = await legacy(id, true);
    expect(again.link).not.toBe(state.url);
    expect(body(await call(owner, { url: `/api/archive/sauce/${ws}/${id}/share` })).data).toMatchObject({ expiresAt, hasPassword: true, enabled: true });
    // The card says whether it is shared, as before.
    expect(body(await call(owner, { url: `/api/archive/sauce/${ws}/${id}` })).data.isShareEnabled).toBe(true);
  }, 60_000);

  it('asks for the password on the public link, and unlocks this source alone for this browser', async () => {
    const id = await source();
    const { shareId } = body(await patch(id, { enabled: true, password: 'open sesame' })).data;
    const locked = await visit(shareId);
    expect(errorOf(locked)).toEqual([401, 'SHARE_PASSWORD_REQUIRED']);
    expect(locked.body).not.toContain('Secret plans');
    expect(errorOf(await unlock(shareId, 'open says me'))).toEqual([403, 'SHARE_PASSWORD_WRONG']);
    expect(errorOf(await unlock('Z'.repeat(32), 'open sesame'))).toEqual([403, 'SHARE_PASSWORD_WRONG']);
    const opened = await unlock(shareId, 'open sesame');
    expect(opened.statusCode).toBe(200);
    const cookie = opened.cookies.find((c) => c.name.startsWith('sauce_unlock_'))!;
    expect(cookie).toMatchObject({ path: `/api/archive/sauce/share/${shareId}`, httpOnly: true, sameSite: 'Lax' });
    const res = await visit(shareId, { cookie: `${cookie.name}=${cookie.value}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(body(res).data).toMatchObject({ id, title: 'Secret plans', isEditable: false, folderSet: [] });
  }, 60_000);

  it('answers SHARE_EXPIRED past the expiry; the link stays and opens again when the expiry is removed', async () => {
    const id = await source();
    const { shareId } = body(await patch(id, { enabled: true, expiresAt: new Date(clock + 86_400_000).toISOString() })).data;
    expect((await visit(shareId)).statusCode).toBe(200);
    clock += 86_400_000;
    try {
      expect(errorOf(await visit(shareId))).toEqual([410, 'SHARE_EXPIRED']);
      expect(errorOf(await unlock(shareId, 'anything'))).toEqual([403, 'SHARE_PASSWORD_WRONG']);
      expect(body(await patch(id, { enabled: true, expiresAt: null })).data).toMatchObject({ shareId, expiresAt: null });
      expect((await visit(shareId)).statusCode).toBe(200);
    } finally {
      clock = Date.now();
    }
  });

  it('refuses a viewer, another space’s source by id, and bad values — and changes nothing', async () => {
    const id = await source();
    expect(errorOf(await patch(id, { enabled: true }, reader))).toEqual([403, 'NOT_AUTHORIZED']);
    expect(errorOf(await call(reader, { url: `/api/archive/sauce/${ws}/${id}/share` }))).toEqual([403, 'NOT_AUTHORIZED']);
    const stranger = await buildUser(t);
    const theirs = await source(stranger.workspaceId, stranger);
    expect(errorOf(await patch(theirs, { enabled: true }))).toEqual([404, 'SAUCE_NOT_FOUND']);
    for (const payload of [
      { enabled: true, password: 'x'.repeat(10_000) },
      { enabled: true, password: '\u200b\u3164 ' },
      { enabled: true, expiresAt: new Date(clock - 1).toISOString() },
      { enabled: true, expiresAt: new Date(clock + 3661 * 86_400_000).toISOString() },
      { enabled: 'yes' },
      {},
    ]) {
      expect(errorOf(await patch(id, payload)), JSON.stringify(payload).slice(0, 60)).toEqual([400, 'INVALID_FORMAT']);
    }
    expect(body(await call(owner, { url: `/api/archive/sauce/${ws}/${id}/share` })).data).toEqual({ shareId: null, url: null, enabled: false, expiresAt: null, hasPassword: false, indexable: false });
  });
});
