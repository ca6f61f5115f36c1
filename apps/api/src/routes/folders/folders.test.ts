import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await buildUser(t, 'alice');
});

const create = (u: TestUser, name: unknown, ws = u.workspaceId) =>
  t.app.inject({ method: 'POST', url: `/api/archive/folder/${ws}`, headers: u.headers, payload: { name } });
const list = async (u: TestUser, ws = u.workspaceId) =>
  body(await t.app.inject({ url: `/api/archive/folder/${ws}/list?ordering=order`, headers: u.headers })).data.results;

describe('folders', () => {
  it('creates folders ordered from 1 and lists them with counts', async () => {
    const a = await create(alice, 'Moodboard');
    expect(a.statusCode).toBe(200);
    expect(body(a).data).toMatchObject({ name: 'Moodboard', order: 1, itemCount: 0 });
    await create(alice, 'Typography');
    expect((await list(alice)).map((f: any) => [f.name, f.order])).toEqual([['Moodboard', 1], ['Typography', 2]]);
  });

  it('refuses empty, 16-character and duplicate names', async () => {
    for (const bad of ['', '   ', 'x'.repeat(16), 42, 'a\u0000b', '🎨'.repeat(16)]) {
      const res = await create(alice, bad);
      expect(res.statusCode).toBe(400);
      expect(body(res).error.code).toBe('INVALID_FORMAT');
    }
    expect((await create(alice, 'x'.repeat(15))).statusCode).toBe(200);
    expect((await create(alice, '🎨'.repeat(15))).statusCode).toBe(200); // 15 characters, 30 UTF-16 units
    const dup = await create(alice, 'Moodboard');
    expect(dup.statusCode).toBe(409);
    expect(body(dup).error).toMatchObject({ code: 'FOLDER_NAME_EXISTS', message: 'The folder name already exists.' });
  });

  it('stops at 5 folders per workspace, also when requests race', async () => {
    const bob = await buildUser(t, 'bob');
    const results = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => create(bob, n)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(2);
    expect(body(refused[0]!).error).toMatchObject({ code: 'LIMIT_REACHED', details: { resource: 'folders', limit: 5 } });
    expect((await list(bob)).map((f: any) => f.order)).toEqual([1, 2, 3, 4, 5]);
  });

  it('renames, and refuses a rename to an existing name', async () => {
    const [first, second] = await list(alice);
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/archive/folder/${alice.workspaceId}/${first.id}`, headers: alice.headers, payload: { name: 'Mood' } });
    expect(body(ok).data.name).toBe('Mood');
    const dup = await t.app.inject({ method: 'PATCH', url: `/api/archive/folder/${alice.workspaceId}/${second.id}`, headers: alice.headers, payload: { name: 'Mood' } });
    expect(dup.statusCode).toBe(409);
    // Renaming a folder to its own name is fine.
    const same = await t.app.inject({ method: 'PATCH', url: `/api/archive/folder/${alice.workspaceId}/${first.id}`, headers: alice.headers, payload: { name: 'Mood' } });
    expect(same.statusCode).toBe(200);
  });

  it('reorders with a complete payload and refuses foreign, missing and duplicate entries', async () => {
    const carol = await buildUser(t, 'carol');
    for (const n of ['one', 'two', 'three']) await create(carol, n);
    const [one, two, three] = await list(carol);
    const url = `/api/archive/folder/${carol.workspaceId}/order`;
    const res = await t.app.inject({ method: 'PATCH', url, headers: carol.headers, payload: [
      { id: three.id, order: 1 }, { id: one.id, order: 2 }, { id: two.id, order: 3 },
    ] });
    expect(res.statusCode).toBe(200);
    expect(body(res).data.map((f: any) => f.name)).toEqual(['three', 'one', 'two']);

    const [aliceFolder] = await list(alice);
    const bad = [
      [{ id: one.id, order: 1 }, { id: two.id, order: 2 }, { id: aliceFolder.id, order: 3 }],
      [{ id: one.id, order: 1 }, { id: two.id, order: 2 }],
      [{ id: one.id, order: 1 }, { id: two.id, order: 1 }, { id: three.id, order: 3 }],
      [{ id: one.id, order: 1 }, { id: one.id, order: 2 }, { id: three.id, order: 3 }],
      [{ id: one.id, order: 1 }, { id: two.id, order: 2 }, { id: three.id, order: 9 }],
      [{ id: one.id, order: 1 }, { id: two.id, order: 2 }, { id: 3_000_000_000, order: 3 }],
      'not a list',
    ];
    for (const payload of bad) {
      const r = await t.app.inject({ method: 'PATCH', url, headers: carol.headers, payload: payload as never });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await list(carol)).map((f: any) => f.name)).toEqual(['three', 'one', 'two']);
  });

  it('deletes a folder and closes the gap in the order', async () => {
    const dave = await buildUser(t, 'dave');
    for (const n of ['a', 'b', 'c']) await create(dave, n);
    const [a] = await list(dave);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/archive/folder/${dave.workspaceId}/${a.id}`, headers: dave.headers });
    expect(del.statusCode).toBe(200);
    expect((await list(dave)).map((f: any) => [f.name, f.order])).toEqual([['b', 1], ['c', 2]]);
  });

  it('hides another workspace (404) and lets a reader read but not write (403)', async () => {
    const eve = await buildUser(t, 'eve');
    const [aliceFolder] = await list(alice);
    expect((await t.app.inject({ url: `/api/archive/folder/${alice.workspaceId}/list`, headers: eve.headers })).statusCode).toBe(404);
    expect((await create(eve, 'intrude', alice.workspaceId)).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/archive/folder/${alice.workspaceId}/${aliceFolder.id}`, headers: eve.headers });
    expect(del.statusCode).toBe(404);
    // A folder id of another workspace through one's own workspace is a 404 too.
    const cross = await t.app.inject({ method: 'DELETE', url: `/api/archive/folder/${eve.workspaceId}/${aliceFolder.id}`, headers: eve.headers });
    expect(cross.statusCode).toBe(404);

    const team = await buildWorkspace(t, alice);
    const reader = await buildMember(t, team, 'READER');
    expect((await t.app.inject({ url: `/api/archive/folder/${team}/list`, headers: reader.headers })).statusCode).toBe(200);
    const denied = await create(reader, 'nope', team);
    expect(denied.statusCode).toBe(403);
    expect(body(denied).error.code).toBe('NOT_AUTHORIZED');
    const editor = await buildMember(t, team, 'EDITOR');
    expect((await create(editor, 'fine', team)).statusCode).toBe(200);
  });

  it('answers 401 signed out and 400 for malformed JSON or ids', async () => {
    expect((await t.app.inject({ url: `/api/archive/folder/${alice.workspaceId}/list` })).statusCode).toBe(401);
    const malformed = await t.app.inject({
      method: 'POST', url: `/api/archive/folder/${alice.workspaceId}`,
      headers: { ...alice.headers, 'content-type': 'application/json' }, payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).success).toBe(false);
    expect((await t.app.inject({ url: '/api/archive/folder/abc/list', headers: alice.headers })).statusCode).toBe(400);
  });
});
