import { randomBytes, scryptSync } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { startOfRoomyWindow } from '../../test/rate-window.ts';
import { multipart } from '../../test/upload.ts';

/**
 * Issue #32: boards — a folder shared as one public page — through HTTP: the owner's
 * settings, what visitors see and page through, and every bad input of the list.
 */

let t: TestApp;
/** The app's clock (ms): tests move it forward to see links expire. */
let clock = Date.now();
let owner: TestUser;
let editor: TestUser;
let reader: TestUser;
let stranger: TestUser;
let ws: number;

beforeAll(async () => {
  t = await buildTestApp({ PLAN_SOURCES_PER_SPACE: '5000', PLAN_FOLDERS_PER_SPACE: '50' }, { now: () => clock });
  owner = await buildUser(t, 'owner');
  ws = await buildWorkspace(t, owner, 'Studio');
  editor = await buildMember(t, ws, 'EDITOR');
  reader = await buildMember(t, ws, 'READER');
  stranger = await buildUser(t);
});

const call = (u: TestUser | null, opts: InjectOptions) => t.app.inject({ ...opts, headers: { ...(u?.headers ?? {}), ...opts.headers } });
async function ok(u: TestUser, opts: InjectOptions) {
  const res = await call(u, opts);
  if (res.statusCode !== 200) throw new Error(`${opts.method ?? 'GET'} ${opts.url}: ${res.statusCode} ${res.body}`);
  return body(res).data;
}
const folder = async (name: string, space = ws, u = owner): Promise<number> =>
  (await ok(u, { method: 'POST', url: `/api/archive/folder/${space}`, payload: { name } })).id;
const textSauce = (folderId: number, title: string, space = ws) =>
  ok(owner, { method: 'POST', url: `/api/archive/sauce/${space}`, payload: { type: 'TEXT', title, textSauce: { text: `${title} notes`, link: null }, tagSet: ['ref'], folderSet: [folderId] } });
const png = (background: string) => sharp({ create: { width: 64, height: 48, channels: 3, background } }).png().toBuffer();
async function imageSauce(folderId: number, title: string, colours = ['#ff6b3d']) {
  const ids = [];
  for (const c of colours) {
    const f = multipart(await png(c), { filename: 'a.png', contentType: 'image/png' });
    ids.push((await ok(owner, { method: 'POST', url: `/api/archive/sauce/${ws}/image/upload/single`, headers: f.headers, payload: f.payload })).id);
  }
  const imageSauce = ids.map((id, i) => ({ id, comments: i === 0 ? [{ id: 'pin', message: 'Look here', x: 0.25, y: 0.75 }] : [] }));
  return ok(owner, { method: 'POST', url: `/api/archive/sauce/${ws}`, payload: { type: 'IMAGE', title, imageSauce, folderSet: [folderId] } });
}
const settings = (folderId: number, payload: object, u = owner, space = ws) =>
  call(u, { method: 'PATCH', url: `/api/archive/folder/${space}/${folderId}/share`, payload });
const share = async (folderId: number, payload: object = { enabled: true }) => {
  const res = await settings(folderId, payload);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { shareId: string; url: string | null; enabled: boolean; expiresAt: string | null; hasPassword: boolean };
};
const visit = (shareId: string, opts: { query?: string; headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  t.app.inject({ url: `/api/board/${shareId}${opts.query ?? ''}`, headers: opts.headers, remoteAddress: opts.remoteAddress });
const unlock = (shareId: string, password: string, remoteAddress = '203.0.113.1') =>
  t.app.inject({ method: 'POST', url: `/api/board/${shareId}/unlock`, payload: { password }, remoteAddress });
const errorOf = (res: LightMyRequestResponse) => [res.statusCode, body(res).error?.code];

describe('sharing a folder as a board', () => {
  it('reads a folder never shared, turns it on, and shows its sources in order, each as its own share shows it', async () => {
    const f = await folder('Moodboard');
    const other = await folder('Elsewhere');
    expect(await ok(owner, { url: `/api/archive/folder/${ws}/${f}/share` })).toEqual({ shareId: null, url: null, enabled: false, expiresAt: null, hasPassword: false, indexable: false });
    const a = await textSauce(f, 'First');
    const b = await imageSauce(f, 'Second', ['#ff6b3d', '#3d6bff']);
    await textSauce(other, 'Not on the board');
    const c = await textSauce(f, 'Third');

    const state = await share(f);
    expect(state).toMatchObject({ enabled: true, expiresAt: null, hasPassword: false });
    expect(state.shareId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(state.url).toBe(`http://localhost:3000/board/${state.shareId}`);
    // An editor may share too, and reads the same state; the link stays while it is on.
    expect(await ok(editor, { url: `/api/archive/folder/${ws}/${f}/share` })).toEqual(state);
    expect((await share(f, { enabled: true })).shareId).toBe(state.shareId);

    const res = await visit(state.shareId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const board = body(res).data;
    expect(Object.keys(board).sort()).toEqual(['folder', 'nextCursor', 'sauces', 'shareId', 'space']);
    expect(board).toMatchObject({ shareId: state.shareId, space: { name: 'Studio' }, folder: { name: 'Moodboard' }, nextCursor: null });
    expect(board.sauces.map((s: { id: number }) => s.id)).toEqual([c.id, b.id, a.id]);
    // Exactly what each source's own public link shows — nothing more — but whether it has one.
    for (const s of board.sauces) {
      const link = (await ok(owner, { method: 'POST', url: `/api/archive/sauce/${ws}/${s.id}/share`, payload: { isShareEnabled: true } })).link;
      const single = body(await t.app.inject({ url: `/api/archive/sauce/share/${link.split('/').pop()}` })).data;
      expect(s).toEqual({ ...single, isShareEnabled: false });
      expect(s).toMatchObject({ isEditable: false, folderSet: [], savedCopy: null });
    }
    const image = board.sauces[1];
    expect(image.imageSauce).toHaveLength(2);
    expect(image.imageSauce[0].comments).toEqual([expect.objectContaining({ message: 'Look here', x: 0.25, y: 0.75, isEditable: false })]);
    // Signed in or not, a member or not, the same board.
    expect(body(await call(stranger, { url: `/api/board/${state.shareId}` })).data).toEqual(board);
  }, 60_000);

  it('answers a board turned off as private at once; on again it has a new link, and the old one is no board’s', async () => {
    const f = await folder('Campaign');
    await textSauce(f, 'Ref');
    const first = await share(f);
    const off = await share(f, { enabled: false });
    expect(off).toEqual({ shareId: first.shareId, url: null, enabled: false, expiresAt: null, hasPassword: false, indexable: false });
    const closed = await visit(first.shareId);
    expect(errorOf(closed)).toEqual([404, 'BOARD_PRIVATE']);
    expect(body(closed).error.message).toBe('This board is private.');
    const again = await share(f);
    expect(again.shareId).not.toBe(first.shareId);
    // Replaced, as a source's link is (SPEC §8): not found, never back.
    expect(errorOf(await visit(first.shareId))).toEqual([404, 'NOT_FOUND']);
    expect((await visit(again.shareId)).statusCode).toBe(200);
  });

  it('refuses a viewer (403) and hides the space from strangers and signed-out callers', async () => {
    const f = await folder('Roles');
    expect(errorOf(await settings(f, { enabled: true }, reader))).toEqual([403, 'NOT_AUTHORIZED']);
    expect(errorOf(await call(reader, { url: `/api/archive/folder/${ws}/${f}/share` }))).toEqual([403, 'NOT_AUTHORIZED']);
    expect((await settings(f, { enabled: true }, stranger)).statusCode).toBe(404);
    expect(errorOf(await call(null, { method: 'PATCH', url: `/api/archive/folder/${ws}/${f}/share`, payload: { enabled: true } }))).toEqual([401, 'UNAUTHENTICATED']);
    expect(await ok(owner, { url: `/api/archive/folder/${ws}/${f}/share` })).toMatchObject({ enabled: false, shareId: null });
  });

  it("answers a folder of another space, addressed by id through one's own, FOLDER_NOT_FOUND", async () => {
    const elsewhere = await buildWorkspace(t, stranger, 'Theirs');
    const theirs = await folder('Private', elsewhere, stranger);
    // The owner of both spaces alike: the folder must be the addressed space's.
    await t.db.execute(sql`INSERT INTO workspace_members (workspace_id, user_id, permission) VALUES (${elsewhere}, ${owner.userId}, 'OWNER')`);
    expect(errorOf(await settings(theirs, { enabled: true }))).toEqual([404, 'FOLDER_NOT_FOUND']);
    expect(errorOf(await call(owner, { url: `/api/archive/folder/${ws}/${theirs}/share` }))).toEqual([404, 'FOLDER_NOT_FOUND']);
    expect(errorOf(await settings(2_000_000_000, { enabled: true }))).toEqual([404, 'FOLDER_NOT_FOUND']);
    const { rows } = await t.db.execute(sql`SELECT 1 FROM folder_shares WHERE folder_id = ${theirs}`);
    expect(rows).toEqual([]);
  });

  it('answers wrong and unknown links, and a folder or a space deleted while the board is open, NOT_FOUND', async () => {
    for (const id of ['A'.repeat(32), 'nope', '%22%3E%3Cx', '-'.repeat(64)]) expect(errorOf(await visit(id)), id).toEqual([404, 'NOT_FOUND']);
    expect((await visit('x'.repeat(65))).statusCode).toBe(400);
    const f = await folder('Doomed');
    await textSauce(f, 'Ref');
    const { shareId } = await share(f);
    expect((await visit(shareId)).statusCode).toBe(200);
    await ok(owner, { method: 'DELETE', url: `/api/archive/folder/${ws}/${f}` });
    expect(errorOf(await visit(shareId))).toEqual([404, 'NOT_FOUND']);
    expect(body(await visit(shareId)).error.message).toBe('This board does not exist.');

    const space = await buildWorkspace(t, owner, 'Gone');
    const g = await folder('Board', space);
    const board = body(await settings(g, { enabled: true }, owner, space)).data;
    expect((await visit(board.shareId)).statusCode).toBe(200);
    await ok(owner, { method: 'DELETE', url: `/api/workspace/${space}` });
    expect(errorOf(await visit(board.shareId))).toEqual([404, 'NOT_FOUND']);
  });
});

describe('pages and revalidation', () => {
  it('pages a large board by an opaque cursor, neither skipping nor repeating a source saved meanwhile', async () => {
    const f = await folder('Large');
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push((await textSauce(f, `Ref ${i}`)).id);
    const { shareId } = await share(f);
    const first = body(await visit(shareId)).data;
    expect(first.sauces).toHaveLength(48);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    // Saved meanwhile: newer than the first page, so on none of the next ones.
    const late = await textSauce(f, 'Late');
    const second = body(await visit(shareId, { query: `?cursor=${first.nextCursor}` })).data;
    const third = body(await visit(shareId, { query: `?cursor=${second.nextCursor}` })).data;
    expect([second.sauces.length, third.sauces.length, third.nextCursor]).toEqual([48, 4, null]);
    const seen = [...first.sauces, ...second.sauces, ...third.sauces].map((s: { id: number }) => s.id);
    expect(seen).toEqual([...ids].reverse());
    expect(body(await visit(shareId)).data.sauces[0].id).toBe(late.id);

    for (const cursor of ['nope!', 'MTIzNDU', Buffer.from('1.99999999999').toString('base64url'), 'x'.repeat(201)]) {
      expect((await visit(shareId, { query: `?cursor=${cursor}` })).statusCode, cursor).toBe(400);
    }
  }, 60_000);

  it('carries an ETag from the space’s version: 304 while nothing changed, a new one when the board does', async () => {
    const f = await folder('Cached');
    const s = await textSauce(f, 'One');
    const { shareId } = await share(f);
    const etagOf = async () => (await visit(shareId)).headers.etag as string;
    const etag = await etagOf();
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await visit(shareId, { headers: { 'if-none-match': etag } });
    expect([again.statusCode, again.body, again.headers.etag]).toEqual([304, '', etag]);

    const changes: [string, () => Promise<unknown>][] = [
      ['a source added', () => textSauce(f, 'Two')],
      ['a source edited', () => ok(owner, { method: 'PATCH', url: `/api/archive/sauce/${ws}/${s.id}`, payload: { title: 'Renamed' } })],
      ['the folder renamed', () => ok(owner, { method: 'PATCH', url: `/api/archive/folder/${ws}/${f}`, payload: { name: 'Cached 2' } })],
      ['the space renamed', () => t.db.execute(sql`UPDATE workspaces SET name = 'Studio 2' WHERE id = ${ws}`)],
      ['a source removed', () => ok(owner, { method: 'DELETE', url: `/api/archive/sauce/${ws}/${s.id}` })],
    ];
    let last = etag;
    for (const [what, change] of changes) {
      await change();
      const res = await visit(shareId, { headers: { 'if-none-match': last } });
      expect(res.statusCode, what).toBe(200);
      expect(res.headers.etag, what).not.toBe(last);
      last = res.headers.etag as string;
    }
    expect(body(await visit(shareId)).data).toMatchObject({ space: { name: 'Studio 2' }, folder: { name: 'Cached 2' } });
    await t.db.execute(sql`UPDATE workspaces SET name = 'Studio' WHERE id = ${ws}`);
    // A 304 is never an answer to a board that closed meanwhile.
    await share(f, { enabled: false });
    expect(errorOf(await visit(shareId, { headers: { 'if-none-match': last } }))).toEqual([404, 'BOARD_PRIVATE']);
  });
});

describe('expiry', () => {
  it('takes a date in the future within 3,660 days, answers SHARE_EXPIRED after it, and can be changed without a new link', async () => {
    const f = await folder('Expiring');
    await textSauce(f, 'Ref');
    const day = 86_400_000;
    for (const expiresAt of [new Date(clock - 1000).toISOString(), new Date(clock + 3661 * day).toISOString(), 'tomorrow', '2030-01-01']) {
      const res = await settings(f, { enabled: true, expiresAt });
      expect(errorOf(res), expiresAt).toEqual([400, 'INVALID_FORMAT']);
    }
    const at = new Date(clock + 7 * day);
    const state = await share(f, { enabled: true, expiresAt: at.toISOString().replace('Z', '+00:00') });
    expect(state.expiresAt).toBe(at.toISOString());
    expect((await visit(state.shareId)).statusCode).toBe(200);
    clock += 7 * day;
    try {
      const res = await visit(state.shareId);
      expect(errorOf(res)).toEqual([410, 'SHARE_EXPIRED']);
      expect(body(res).error.message).toBe('This link has expired.');
      // Never again: the link stays, without an expiry.
      const renewed = await share(f, { enabled: true, expiresAt: null });
      expect(renewed).toMatchObject({ shareId: state.shareId, expiresAt: null });
      expect((await visit(state.shareId)).statusCode).toBe(200);
      // Off and on again: a new link, and an expiry already past does not come with it.
      await share(f, { enabled: true, expiresAt: new Date(clock + day).toISOString() });
      clock += 2 * day;
      await share(f, { enabled: false });
      const fresh = await share(f, { enabled: true });
      expect(fresh.shareId).not.toBe(state.shareId);
      expect(fresh.expiresAt).toBeNull();
    } finally {
      clock = Date.now();
    }
  });
});

describe('passwords', () => {
  it('asks for the password, unlocks this board alone with a cookie, and forgets it when the password changes', async () => {
    const f = await folder('Protected');
    const g = await folder('Other protected');
    await textSauce(f, 'Secret ref');
    await textSauce(g, 'Other ref');
    const state = await share(f, { enabled: true, password: 'moodboard 2026' });
    const other = await share(g, { enabled: true, password: 'moodboard 2026' });
    expect(state.hasPassword).toBe(true);
    expect(JSON.stringify(await ok(owner, { url: `/api/archive/folder/${ws}/${f}/share` }))).not.toContain('moodboard');
    const { rows } = await t.db.execute<{ password_hash: string }>(sql`SELECT password_hash FROM folder_shares WHERE folder_id = ${f}`);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);

    const locked = await visit(state.shareId);
    expect(errorOf(locked)).toEqual([401, 'SHARE_PASSWORD_REQUIRED']);
    expect(locked.body).not.toContain('Secret ref');
    expect(errorOf(await unlock(state.shareId, 'moodboard 2025'))).toEqual([403, 'SHARE_PASSWORD_WRONG']);

    const opened = await unlock(state.shareId, 'moodboard 2026', '203.0.113.9');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(body(opened)).toEqual({ success: true, data: null });
    const cookie = opened.cookies.find((c) => c.name.startsWith('sauce_unlock_'))!;
    expect(cookie).toMatchObject({ path: `/api/board/${state.shareId}`, httpOnly: true, sameSite: 'Lax' });
    expect(cookie.secure).toBeUndefined(); // http://localhost: no Secure
    expect(cookie.maxAge).toBe(30 * 86_400);
    const jar = { cookie: `${cookie.name}=${cookie.value}` };
    const res = await visit(state.shareId, { headers: jar });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(body(res).data.sauces[0].title).toBe('Secret ref');
    // Scoped to that board: the same password's other board stays locked with this cookie.
    expect(errorOf(await visit(other.shareId, { headers: jar }))).toEqual([401, 'SHARE_PASSWORD_REQUIRED']);
    // A forged or stale cookie is no unlock.
    expect((await visit(state.shareId, { headers: { cookie: `${cookie.name}=${cookie.value.slice(0, -2)}xx` } })).statusCode).toBe(401);

    // A new password makes every earlier unlock worthless; removing it opens the board.
    await share(f, { enabled: true, password: 'new password' });
    expect(errorOf(await visit(state.shareId, { headers: jar }))).toEqual([401, 'SHARE_PASSWORD_REQUIRED']);
    const kept = await share(f, { enabled: true });
    expect(kept).toMatchObject({ shareId: state.shareId, hasPassword: true });
    const removed = await share(f, { enabled: true, password: null });
    expect(removed).toMatchObject({ shareId: state.shareId, hasPassword: false });
    expect((await visit(state.shareId)).statusCode).toBe(200);
  }, 60_000);

  it('answers an unknown, a private or an unprotected link exactly as a wrong password', async () => {
    const f = await folder('Open board');
    const open = await share(f);
    const wrong = await unlock(open.shareId, 'anything', '203.0.113.20');
    const unknown = await unlock('B'.repeat(32), 'anything', '203.0.113.21');
    const malformed = await unlock('%22x', 'anything', '203.0.113.22');
    for (const res of [wrong, unknown, malformed]) {
      expect(errorOf(res)).toEqual([403, 'SHARE_PASSWORD_WRONG']);
      expect(res.body).toBe(unknown.body);
      expect(res.cookies.filter((c) => c.name.startsWith('sauce_unlock_'))).toEqual([]);
    }
  }, 60_000);

  it('refuses a password of 10,000 characters or of invisible characters alone (400), and stores none', async () => {
    const f = await folder('Bad passwords');
    for (const password of ['x'.repeat(10_000), '\u200b\u200b\u200b', ' \t ', '\u3164', '']) {
      expect(errorOf(await settings(f, { enabled: true, password })), JSON.stringify(password.slice(0, 5))).toEqual([400, 'INVALID_FORMAT']);
    }
    expect(await ok(owner, { url: `/api/archive/folder/${ws}/${f}/share` })).toMatchObject({ hasPassword: false, enabled: false });
    const { shareId } = await share(f, { enabled: true, password: 'ok' });
    expect(errorOf(await unlock(shareId, 'x'.repeat(10_000)))).toEqual([400, 'INVALID_FORMAT']);
    // Composed the other way (NFC), the same password.
    const nfc = await share(f, { enabled: true, password: 'café' });
    expect((await unlock(nfc.shareId, 'cafe\u0301', '203.0.113.30')).statusCode).toBe(200);
  }, 60_000);

  /**
   * A board whose stored hash names a small scrypt cost (N = 2^10): checks honour the
   * parameters a hash was made with (lib/passwords.ts), so this board's wrong tries cost a
   * millisecond — the limits are what is tested here, not the hash's cost.
   */
  const cheaplyProtected = async (name: string) => {
    const f = await folder(name);
    const { shareId } = await share(f, { enabled: true });
    const salt = randomBytes(16);
    const key = scryptSync('right one', salt, 32, { N: 1024, r: 8, p: 1 });
    const hash = ['scrypt', 10, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await t.db.execute(sql`UPDATE folder_shares SET password_hash = ${hash} WHERE folder_id = ${f}`);
    return shareId;
  };

  it('limits wrong tries from one address (10 a minute) and for one board from many (100 an hour): 429, the right password too', async () => {
    const shareId = await cheaplyProtected('Hammered');
    const many = { shareId: await cheaplyProtected('Hammered too') };
    // All of it within one window of each limit (fixed windows: lib/shared-state.ts).
    await startOfRoomyWindow(60_000, 20_000);
    await startOfRoomyWindow(3_600_000, 60_000);
    const fromOne: number[] = [];
    for (let i = 0; i < 1000; i += 100) {
      const batch = await Promise.all(Array.from({ length: 100 }, (_, j) => unlock(shareId, `guess ${i + j}`, '198.51.100.7')));
      fromOne.push(...batch.map((r) => r.statusCode));
    }
    expect(fromOne.filter((s) => s === 403)).toHaveLength(10);
    expect(fromOne.filter((s) => s === 429)).toHaveLength(990);
    expect(errorOf(await unlock(shareId, 'right one', '198.51.100.7'))).toEqual([429, 'RATE_LIMITED']);
    // Unknown links count alike: the answer says nothing either way.
    const unknown = await Promise.all(Array.from({ length: 11 }, () => unlock('C'.repeat(32), 'guess', '198.51.100.8')));
    expect(unknown.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(403), 429]);

    const statuses: number[] = [];
    for (let start = 0; start < 1000; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, j) => unlock(many.shareId, `guess ${start + j}`, `10.${(start + j) >> 8}.${(start + j) & 255}.1`)),
      );
      statuses.push(...batch.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s === 403)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(900);
    expect((await unlock(many.shareId, 'right one', '192.0.2.200')).statusCode).toBe(429);
    expect(statuses.every((s) => s !== 500)).toBe(true);
    expect((await unlock(shareId, 'right one', '192.0.2.201')).statusCode).toBe(200);
    // Its time: up to 20 s and 60 s waiting for roomy windows (in an hour's last minute), then the tries.
  }, 150_000);
});
