import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from './test/build-app.ts';
import { buildUser, type TestUser } from './test/factories.ts';

/**
 * Issue #19 item 8: one letter-case rule for the names that must be unique (docs/api.md 'Names
 * and letter case'): folder names in a space and nicknames in Sauce are the same name when
 * they differ only in letter case, whichever was first and whichever case comes second;
 * they are kept and shown as typed, and a name may change to another case of itself.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const createFolder = (u: TestUser, name: string, ws = u.workspaceId) =>
  t.app.inject({ method: 'POST', url: `/api/archive/folder/${ws}`, headers: u.headers, payload: { name } });
const renameFolder = (u: TestUser, id: number, name: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/archive/folder/${u.workspaceId}/${id}`, headers: u.headers, payload: { name } });
const setNickname = (u: TestUser, nickname: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: u.headers, payload: { nickname } });
const code = (res: Awaited<ReturnType<typeof createFolder>>) => [res.statusCode, res.statusCode === 200 ? null : body(res).error.code];

/** Pairs that differ only in letter case, Latin and beyond (PostgreSQL's lower(), as the index of nicknames). */
const PAIRS: [string, string][] = [
  ['Team refs', 'team REFS'],
  ['editor', 'Editor'],
  ['ÄrgerNis', 'äRGERnIS'],
  ['Σοφία', 'ΣΟΦΊΑ'],
];

describe('names that differ only in letter case are the same name', () => {
  it.each(PAIRS)('folders: %s, then %s, in one space', async (first, second) => {
    const u = await buildUser(t);
    expect(code(await createFolder(u, first))).toEqual([200, null]);
    expect(code(await createFolder(u, second))).toEqual([409, 'FOLDER_NAME_EXISTS']);
    // Another folder cannot be renamed to it either; the folder itself may change its case.
    const other = body(await createFolder(u, 'Other')).data.id as number;
    expect(code(await renameFolder(u, other, second))).toEqual([409, 'FOLDER_NAME_EXISTS']);
    const own = body(await t.app.inject({ url: `/api/archive/folder/${u.workspaceId}/list`, headers: u.headers })).data.results[0];
    const recased = await renameFolder(u, own.id, second);
    expect(recased.statusCode).toBe(200);
    expect(body(recased).data.name).toBe(second); // kept as typed
    // In another space, the same name is free.
    const v = await buildUser(t);
    expect(code(await createFolder(v, second))).toEqual([200, null]);
  });

  it.each(PAIRS)('nicknames: %s, then %s, across Sauce', async (first, second) => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const one = first.replace(/ /g, '_');
    const two = second.replace(/ /g, '_');
    expect((await setNickname(a, one)).statusCode).toBe(200);
    const res = await setNickname(b, two);
    expect([res.statusCode, body(res).error.code]).toEqual([400, 'NICKNAME_EXISTS']);
    const recased = await setNickname(a, two);
    expect([recased.statusCode, body(recased).data.nickname]).toEqual([200, two]);
  });

  it('holds when two requests race with two cases of one folder name', async () => {
    const u = await buildUser(t);
    const results = await Promise.all(['Moods', 'MOODS', 'moods'].map((n) => createFolder(u, n)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const names = body(await t.app.inject({ url: `/api/archive/folder/${u.workspaceId}/list`, headers: u.headers })).data.results.map((f: { name: string }) => f.name);
    expect(names).toHaveLength(1);
  });
});
