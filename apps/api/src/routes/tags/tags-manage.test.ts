import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { hold, startBlocked } from '../../test/held.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const get = (u: TestUser | null, url: string) => t.app.inject({ url: `/api${url}`, headers: u?.headers ?? {} });
const send = (u: TestUser | null, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: u?.headers ?? {}, ...(payload ? { payload } : {}) });
const note = async (u: TestUser, ws: number, tagSet: string[]) =>
  body(await send(u, 'POST', `/archive/sauce/${ws}`, { type: 'TEXT', textSauce: { text: tagSet.join(' ') }, tagSet })).data.id as number;
const usage = async (u: TestUser, q = '') => body(await get(u, `/archive/tag/usage${q}`)).data;
const tagsOf = async (u: TestUser, ws: number, id: number) =>
  body(await get(u, `/archive/sauce/${ws}/${id}`)).data.tagSet.map((t: { name: string }) => t.name);

describe('GET /archive/tag/usage (/mypage/tags)', () => {
  it('lists every tag with how many of the person’s sources carry it, favorites first', async () => {
    const u = await buildUser(t);
    await note(u, u.workspaceId, ['ux', 'color']);
    await note(u, u.workspaceId, ['ux']);
    await send(u, 'POST', '/archive/tag', { name: 'unused' });
    await send(u, 'POST', '/archive/tag/favorite', { name: 'color' });
    const page = await usage(u);
    expect(page.results).toEqual([
      { name: 'color', favorite: true, useCount: 1 },
      { name: 'unused', favorite: false, useCount: 0 },
      { name: 'ux', favorite: false, useCount: 2 },
    ]);
    expect(page.count).toBe(3);
    expect((await usage(u, '?search=U')).results.map((r: { name: string }) => r.name)).toEqual(['unused', 'ux']);
    // Favorites come first in the pickers' list too.
    expect(body(await get(u, '/archive/tag/list')).data.results[0]).toEqual({ name: 'color', favorite: true });
  });

  it('pages through thousands of tags', async () => {
    const u = await buildUser(t);
    await t.db.$client.query(
      `INSERT INTO tags (user_id, name) SELECT $1, 'tag' || lpad(g::text, 4, '0') FROM generate_series(1, 3000) g`,
      [u.userId],
    );
    const first = await usage(u, '?pageSize=500');
    expect(first.count).toBe(3000);
    expect(first.results).toHaveLength(500);
    expect(first.next).toBe(2);
    const last = await usage(u, '?pageSize=500&page=6');
    expect(last.results.at(-1).name).toBe('tag3000');
    expect(last.next).toBeNull();
    expect((await get(u, '/archive/tag/usage?pageSize=501')).statusCode).toBe(400);
  });
});

describe('PATCH /archive/tag/{name}: rename and merge', () => {
  it('renames across the person’s sources and keeps the favorite', async () => {
    const u = await buildUser(t);
    const a = await note(u, u.workspaceId, ['old', 'keep']);
    await send(u, 'POST', '/archive/tag/favorite', { name: 'old' });
    const res = await send(u, 'PATCH', '/archive/tag/old', { name: 'New' });
    expect(body(res).data).toEqual({ name: 'new', favorite: true, useCount: 1, merged: false });
    expect(await tagsOf(u, u.workspaceId, a)).toEqual(['new', 'keep']);
    expect((await usage(u)).results.map((r: { name: string }) => r.name)).toEqual(['new', 'keep']);
  });

  it('merges into an existing tag: a source with both keeps one', async () => {
    const u = await buildUser(t);
    const both = await note(u, u.workspaceId, ['ux', 'uxdesign']);
    const one = await note(u, u.workspaceId, ['uxdesign']);
    await send(u, 'POST', '/archive/tag/favorite', { name: 'uxdesign' });
    const res = await send(u, 'PATCH', '/archive/tag/uxdesign', { name: 'ux' });
    expect(body(res).data).toEqual({ name: 'ux', favorite: true, useCount: 2, merged: true });
    expect(await tagsOf(u, u.workspaceId, both)).toEqual(['ux']);
    expect(await tagsOf(u, u.workspaceId, one)).toEqual(['ux']);
    expect((await usage(u)).results).toEqual([{ name: 'ux', favorite: true, useCount: 2 }]);
  });

  it('changes only the person’s sources in spaces they may edit', async () => {
    const owner = await buildUser(t);
    const ws = await buildWorkspace(t, owner);
    const editor = await buildMember(t, ws, 'EDITOR');
    const mine = await note(editor, ws, ['shared']);
    const theirs = await note(owner, ws, ['shared']);
    await send(editor, 'PATCH', '/archive/tag/shared', { name: 'renamed' });
    expect(await tagsOf(owner, ws, mine)).toEqual(['renamed']);
    expect(await tagsOf(owner, ws, theirs)).toEqual(['shared']);
    // Made a viewer: their sources there are no longer theirs to change.
    await send(owner, 'PATCH', `/workspace/${ws}/user/${editor.userId}`, { permission: 'READER' });
    await send(editor, 'PATCH', '/archive/tag/renamed', { name: 'again' });
    expect(await tagsOf(owner, ws, mine)).toEqual(['renamed']);
  });

  it('a save adding the new name while the rename runs merges instead of failing (CI’s 500)', async () => {
    const u = await buildUser(t);
    await note(u, u.workspaceId, ['draft']);
    // A save of the person's, as the app writes its tag list: the row of a name nobody had yet.
    const held = await hold(t, [['INSERT INTO tags (user_id, name, favorite) VALUES ($1, $2, true)', [u.userId, 'final']]]);
    const { result } = await startBlocked(t, () => send(u, 'PATCH', '/archive/tag/draft', { name: 'final' }));
    await held.commit();
    const res = await result;
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ name: 'final', favorite: true, merged: true, useCount: 1 });
    expect((await usage(u)).results.map((r: { name: string }) => r.name)).toEqual(['final']);
  });

  it('refuses unknown tags (404), bad names (400) and signed-out callers (401)', async () => {
    const u = await buildUser(t);
    await note(u, u.workspaceId, ['ok']);
    expect((await send(u, 'PATCH', '/archive/tag/nothere', { name: 'x' })).statusCode).toBe(404);
    for (const name of ['', 'a b', '😀', 'x'.repeat(16), 'a-b']) {
      expect((await send(u, 'PATCH', '/archive/tag/ok', { name })).statusCode, name).toBe(400);
    }
    expect((await send(null, 'PATCH', '/archive/tag/ok', { name: 'x' })).statusCode).toBe(401);
  });
});

describe('DELETE /archive/tag/{name}', () => {
  it('removes the tag from the person’s sources and list; other people’s copies stay', async () => {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const a = await note(u, u.workspaceId, ['gone', 'stay']);
    const b = await note(other, other.workspaceId, ['gone']);
    expect((await send(u, 'DELETE', '/archive/tag/gone')).statusCode).toBe(200);
    expect(await tagsOf(u, u.workspaceId, a)).toEqual(['stay']);
    expect(await tagsOf(other, other.workspaceId, b)).toEqual(['gone']);
    expect((await usage(u)).results.map((r: { name: string }) => r.name)).toEqual(['stay']);
    expect((await send(u, 'DELETE', '/archive/tag/gone')).statusCode).toBe(404);
  });
});

describe('tags a source takes with it (issue #31 item 9)', () => {
  const del = (u: TestUser, ws: number, id: number) => send(u, 'DELETE', `/archive/sauce/${ws}/${id}`);
  const names = async (u: TestUser) => (await usage(u)).results.map((r: { name: string; useCount: number }) => `${r.name}:${r.useCount}`);

  it('leave the author’s list when a delete or an edit took the last of them, favorites and other uses kept', async () => {
    const u = await buildUser(t);
    const a = await note(u, u.workspaceId, ['solo', 'shared', 'fav']);
    const b = await note(u, u.workspaceId, ['shared', 'edited']);
    await send(u, 'POST', '/archive/tag/favorite', { name: 'fav' });
    await send(u, 'POST', '/archive/tag', { name: 'byhand' });
    expect((await del(u, u.workspaceId, a)).statusCode).toBe(200);
    expect(await names(u)).toEqual(['fav:0', 'byhand:0', 'edited:1', 'shared:1']);
    expect(body(await get(u, '/archive/tag/list')).data.results.map((r: { name: string }) => r.name)).not.toContain('solo');
    // An edit that takes a tag off: the same.
    const edit = await send(u, 'PATCH', `/archive/sauce/${u.workspaceId}/${b}`, { tagSet: ['shared'] });
    expect(edit.statusCode).toBe(200);
    expect(await names(u)).toEqual(['fav:0', 'byhand:0', 'shared:1']);
  });

  it('leave the author’s list, not the deleting editor’s, when a teammate deletes the source', async () => {
    const owner = await buildUser(t);
    const ws = await buildWorkspace(t, owner);
    const editor = await buildMember(t, ws, 'EDITOR');
    const id = await note(owner, ws, ['campaign']);
    await send(editor, 'POST', '/archive/tag', { name: 'campaign' });
    expect((await del(editor, ws, id)).statusCode).toBe(200);
    expect(await names(owner)).not.toContain('campaign:0');
    expect(await names(editor)).toContain('campaign:0');
  });

  it('a name in use without its row (a save racing the delete) is still listed, renamed and deleted', async () => {
    const u = await buildUser(t);
    const id = await note(u, u.workspaceId, ['orphan']);
    await t.db.$client.query(`DELETE FROM tags WHERE user_id = $1 AND name = 'orphan'`, [u.userId]);
    expect(await usage(u)).toMatchObject({ results: [{ name: 'orphan', favorite: false, useCount: 1 }], count: 1 });
    const renamed = await send(u, 'PATCH', '/archive/tag/orphan', { name: 'found' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await tagsOf(u, u.workspaceId, id)).toEqual(['found']);
    expect(await names(u)).toEqual(['found:1']);
  });
});
