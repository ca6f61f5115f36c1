import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let alice: TestUser;
let folderA: number;
let folderB: number;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await buildUser(t, 'alice');
  const mk = async (name: string) =>
    body(await t.app.inject({ method: 'POST', url: `/api/archive/folder/${alice.workspaceId}`, headers: alice.headers, payload: { name } })).data.id as number;
  folderA = await mk('Refs');
  folderB = await mk('Later');
});

const textSauce = (over: Record<string, unknown> = {}) => ({
  type: 'TEXT',
  title: 'Grid systems',
  textSauce: { text: 'Notes on grids', link: 'https://127.0.0.1:9/grids' },
  tagSet: ['Layout', '그리드'],
  folderSet: [folderA],
  ...over,
});
const create = (u: TestUser, payload: unknown, ws = u.workspaceId) =>
  t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}`, headers: u.headers, payload: payload as object });
const list = async (u: TestUser, query = '', ws = u.workspaceId) =>
  body(await t.app.inject({ url: `/api/archive/sauce/${ws}/list?pageSize=100${query}`, headers: u.headers })).data;

describe('text sources', () => {
  it('creates one with tags stored lowercase and folders, and reads it back', async () => {
    const res = await create(alice, textSauce());
    expect(res.statusCode).toBe(200);
    const s = body(res).data;
    expect(s).toMatchObject({
      type: 'TEXT',
      title: 'Grid systems',
      textSauce: { text: 'Notes on grids', link: 'https://127.0.0.1:9/grids' },
      tagSet: [{ name: 'layout' }, { name: '그리드' }],
      folderSet: [{ id: folderA, name: 'Refs' }],
      isEditable: true,
      isShareEnabled: false,
      modeType: 'Sauce',
      userNickname: 'alice',
    });
    expect(s.textCard).toMatchObject({ link: 'https://127.0.0.1:9/grids', text: 'Notes on grids' });
    const got = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${s.id}`, headers: alice.headers })).data;
    // The link's preview and copy jobs may have run in between: their states are theirs.
    const jobs = { previewStatus: expect.any(String), copyStatus: expect.any(String) };
    expect(got).toEqual({ ...s, textCard: { ...s.textCard, ...jobs } });
    const tags = body(await t.app.inject({ url: '/api/archive/tag/list', headers: alice.headers })).data.results;
    expect(tags.map((x: any) => x.name).sort()).toEqual(['layout', '그리드']);
  });

  it('finds a source only through its own space, even for a member of both (a stranger\'s id gets 404)', async () => {
    const both = await buildUser(t, 'both');
    const team = await buildWorkspace(t, both, 'Second');
    const id = body(await create(both, textSauce({ title: 'Home only', tagSet: [], folderSet: [] }))).data.id;
    const through = (method: 'GET' | 'PATCH' | 'DELETE', ws: number) =>
      t.app.inject({ method, url: `/api/archive/sauce/${ws}/${id}`, headers: both.headers, ...(method === 'PATCH' ? { payload: { title: 'Moved?' } } : {}) });
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await through(method, team);
      expect([method, res.statusCode, body(res).error.code]).toEqual([method, 404, 'SAUCE_NOT_FOUND']);
    }
    const home = body(await through('GET', both.workspaceId)).data;
    expect([home.id, home.title]).toEqual([id, 'Home only']);
  });

  it('answers a source saved alone (no tags, folders or images) as a read of it shows it (issue #29: the save statement writes the answer)', async () => {
    const solo = await buildUser(t, 'solo');
    for (const link of ['https://127.0.0.1:9/alone', null]) {
      const res = await create(solo, textSauce({ title: 'Alone', tagSet: [], folderSet: [], textSauce: { text: 'just this', link } }));
      expect(res.statusCode).toBe(200);
      const s = body(res).data;
      expect(s).toMatchObject({ title: 'Alone', tagSet: [], folderSet: [], userNickname: 'solo', isEditable: true, modeType: 'Sauce' });
      expect(s.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const got = body(await t.app.inject({ url: `/api/archive/sauce/${solo.workspaceId}/${s.id}`, headers: solo.headers })).data;
      const jobs = link ? { previewStatus: expect.any(String), copyStatus: expect.any(String) } : {};
      expect(got).toEqual({ ...s, textCard: { ...s.textCard, ...jobs } });
    }
  });

  it('lists newest first, by folder, by tags (all must match), by search and by type', async () => {
    await create(alice, textSauce({ title: 'Color theory', tagSet: ['color', 'layout'], folderSet: [folderB] }));
    await create(alice, textSauce({ title: 'Plain note', tagSet: [], folderSet: [], textSauce: { text: 'hello 100% sure', link: null } }));
    const all = await list(alice);
    expect(all.count).toBe(3);
    expect(all.results.map((s: any) => s.title)).toEqual(['Plain note', 'Color theory', 'Grid systems']);
    expect((await list(alice, `&folder=${folderB}`)).results.map((s: any) => s.title)).toEqual(['Color theory']);
    expect((await list(alice, '&tag=layout')).count).toBe(2);
    expect((await list(alice, '&tag=layout&tag=color')).results.map((s: any) => s.title)).toEqual(['Color theory']);
    expect((await list(alice, '&tag=LAYOUT')).count).toBe(2);
    expect((await list(alice, '&search=color')).results.map((s: any) => s.title)).toEqual(['Color theory']);
    expect((await list(alice, '&search=' + encodeURIComponent('100%'))).count).toBe(1);
    expect((await list(alice, '&search=' + encodeURIComponent('%'))).count).toBe(1);
    expect((await list(alice, '&text=true')).count).toBe(3);
    expect((await list(alice, '&image=true')).count).toBe(0);
    const simple = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list/simple`, headers: alice.headers }));
    expect(simple.data.results).toHaveLength(3);
    expect((await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?tag=a&tag=b&tag=c&tag=d`, headers: alice.headers })).statusCode).toBe(400);
  });

  it('pages with count, next and previous', async () => {
    const p1 = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?pageSize=2&page=1`, headers: alice.headers })).data;
    expect(p1).toMatchObject({ count: 3, next: 2, previous: null });
    expect(p1.results).toHaveLength(2);
    const p2 = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?pageSize=2&page=2`, headers: alice.headers })).data;
    expect(p2).toMatchObject({ count: 3, next: null, previous: 1 });
  });

  it('favorite filter keeps sources that carry a favorite tag', async () => {
    await t.app.inject({ method: 'POST', url: '/api/archive/tag/favorite', headers: alice.headers, payload: { name: 'color' } });
    expect((await list(alice, '&favorite=true')).results.map((s: any) => s.title)).toEqual(['Color theory']);
  });

  it('updates title, text, link, tags and folders', async () => {
    const id = body(await create(alice, textSauce({ title: 'Before' }))).data.id;
    const res = await t.app.inject({
      method: 'PATCH', url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers,
      payload: { title: 'After', textSauce: { text: 'new', link: 'http://127.0.0.1:9/x' }, tagSet: ['one'], folderSet: [folderB] },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({
      title: 'After', textSauce: { text: 'new', link: 'http://127.0.0.1:9/x' }, tagSet: [{ name: 'one' }], folderSet: [{ id: folderB }],
    });
    const cleared = await t.app.inject({
      method: 'PATCH', url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers,
      payload: { textSauce: { link: null }, tagSet: [], folderSet: [] },
    });
    expect(body(cleared).data).toMatchObject({ textSauce: { text: 'new', link: null }, tagSet: [], folderSet: [] });
  });

  it('deletes, and the folder counts follow', async () => {
    const id = body(await create(alice, textSauce({ title: 'Doomed', folderSet: [folderA] }))).data.id;
    const count = async () =>
      body(await t.app.inject({ url: `/api/archive/folder/${alice.workspaceId}/list`, headers: alice.headers })).data.results.find((f: any) => f.id === folderA).itemCount;
    const before = await count();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers });
    expect(del.statusCode).toBe(200);
    expect(await count()).toBe(before - 1);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers });
    expect(again.statusCode).toBe(404);
    expect(body(again).error.code).toBe('SAUCE_NOT_FOUND');
  });
});

describe('bad input leaves nothing behind', () => {
  const refused = async (payload: unknown, status = 400) => {
    const before = (await list(alice)).count;
    const res = await create(alice, payload);
    expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(status);
    expect(body(res).success).toBe(false);
    expect((await list(alice)).count).toBe(before);
    return body(res).error;
  };

  it('refuses bad tags: a space, an emoji, 16 characters, a 6th tag', async () => {
    expect((await refused(textSauce({ tagSet: ['two words'] }))).code).toBe('INVALID_FORMAT');
    await refused(textSauce({ tagSet: ['fire🔥'] }));
    await refused(textSauce({ tagSet: ['a'.repeat(16)] }));
    await refused(textSauce({ tagSet: ['a', 'b', 'c', 'd', 'e', 'f'] }));
    await refused(textSauce({ tagSet: [''] }));
    const tag = await t.app.inject({ method: 'POST', url: '/api/archive/tag', headers: alice.headers, payload: { name: 'no way' } });
    expect(tag.statusCode).toBe(400);
  });

  it('refuses links that are not http(s), including javascript:', async () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com', 'example.com', 'http://', `https://e.com/${'a'.repeat(2100)}`]) {
      await refused(textSauce({ textSauce: { text: '', link } }));
    }
    const id = (await list(alice)).results[0].id;
    const patch = await t.app.inject({
      method: 'PATCH', url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers,
      payload: { textSauce: { link: 'javascript:alert(1)' } },
    });
    expect(patch.statusCode).toBe(400);
  });

  it('refuses a 1 MB title with 413 and an over-long title with 400', async () => {
    const huge = await create(alice, textSauce({ title: 'x'.repeat(1_100_000) }));
    expect(huge.statusCode).toBe(413);
    expect(body(huge).error.code).toBe('PAYLOAD_TOO_LARGE');
    await refused(textSauce({ title: 'x'.repeat(101) }));
  });

  it('refuses malformed JSON, unknown types and a folder of another workspace (nothing half-written)', async () => {
    const res = await t.app.inject({
      method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}`,
      headers: { ...alice.headers, 'content-type': 'application/json' }, payload: '{"type": "TEXT",',
    });
    expect(res.statusCode).toBe(400);
    await refused({ ...textSauce(), type: 'VIDEO' });
    const bob = await buildUser(t, 'bob');
    const bobFolder = body(await t.app.inject({ method: 'POST', url: `/api/archive/folder/${bob.workspaceId}`, headers: bob.headers, payload: { name: 'Mine' } })).data.id;
    const err = await refused(textSauce({ folderSet: [bobFolder] }), 404);
    expect(err.code).toBe('FOLDER_NOT_FOUND');
    // The transaction rolled back: no tags of the refused source were added either.
    const tags = body(await t.app.inject({ url: '/api/archive/tag/list?search=ghost', headers: alice.headers })).data;
    expect(tags.count).toBe(0);
    await refused(textSauce({ folderSet: [bobFolder], tagSet: ['ghost'] }), 404);
    expect(body(await t.app.inject({ url: '/api/archive/tag/list?search=ghost', headers: alice.headers })).data.count).toBe(0);
  });
});

describe('values PostgreSQL cannot take are 400s, and limits count as people do', () => {
  it('refuses NUL characters and ids beyond 32 bits with 400, never 500', async () => {
    const before = (await list(alice)).count;
    for (const payload of [
      textSauce({ title: 'a\u0000b' }),
      textSauce({ textSauce: { text: 'x\u0000', link: null } }),
      textSauce({ folderSet: [3_000_000_000] }),
    ]) {
      const res = await create(alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error.code).toBe('INVALID_FORMAT');
    }
    expect((await list(alice)).count).toBe(before);
    for (const q of ['folder=3000000000', 'search=%00', 'folder=1.5']) {
      const res = await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?${q}`, headers: alice.headers });
      expect(res.statusCode, q).toBe(400);
    }
    const tags = await t.app.inject({ url: '/api/archive/tag/list?search=%00', headers: alice.headers });
    expect(tags.statusCode).toBe(400);
  });

  it('counts characters, not UTF-16 units, and does not count line breaks (SPEC §5)', async () => {
    const text = 'x'.repeat(19_990) + '\n'.repeat(20);
    expect((await create(alice, textSauce({ folderSet: [], textSauce: { text, link: null } }))).statusCode).toBe(200);
    const tooLong = 'x'.repeat(20_001);
    expect((await create(alice, textSauce({ folderSet: [], textSauce: { text: tooLong, link: null } }))).statusCode).toBe(400);
    expect((await create(alice, textSauce({ folderSet: [], title: '🎨'.repeat(100) }))).statusCode).toBe(200);
    expect((await create(alice, textSauce({ folderSet: [], title: '🎨'.repeat(101) }))).statusCode).toBe(400);
  });
});

describe('authorization', () => {
  it("hides another user's workspace and sources (404)", async () => {
    const mallory = await buildUser(t, 'mallory');
    const id = (await list(alice)).results[0].id;
    expect((await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: mallory.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list`, headers: mallory.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/archive/sauce/${mallory.workspaceId}/${id}`, headers: mallory.headers })).statusCode).toBe(404);
    expect((await create(mallory, textSauce({ folderSet: [] }), alice.workspaceId)).statusCode).toBe(404);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/archive/sauce/${mallory.workspaceId}/${id}`, headers: mallory.headers, payload: { title: 'pwned' } });
    expect(patch.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: mallory.headers });
    expect(del.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers })).statusCode).toBe(200);
  });

  it('lets a reader read (not editable) but not write', async () => {
    const team = await buildWorkspace(t, alice);
    const editor = await buildMember(t, team, 'EDITOR');
    const reader = await buildMember(t, team, 'READER');
    const made = await create(editor, textSauce({ folderSet: [] }), team);
    expect(made.statusCode).toBe(200);
    const id = body(made).data.id;
    const seen = body(await t.app.inject({ url: `/api/archive/sauce/${team}/${id}`, headers: reader.headers })).data;
    expect(seen.isEditable).toBe(false);
    const denied = await create(reader, textSauce({ folderSet: [] }), team);
    expect(denied.statusCode).toBe(403);
    expect(body(denied).error).toMatchObject({ code: 'VIEWER_CANNOT_UPLOAD', message: 'Viewer members cannot upload sources.' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${team}/${id}`, headers: reader.headers })).statusCode).toBe(403);
  });

  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/archive/tag/list' })).statusCode).toBe(401);
  });
});

describe('sharing', () => {
  it('shares by an unguessable link readable signed out, and unsharing kills it', async () => {
    const id = body(await create(alice, textSauce({ title: 'Shared', folderSet: [folderA] }))).data.id;
    const on = body(await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}/${id}/share`, headers: alice.headers, payload: { isShareEnabled: true } })).data;
    expect(on.link).toMatch(/\/archive\/sauce\/share\/[A-Za-z0-9_-]{32}$/);
    const shareId = on.link.split('/').pop();
    const pub = await t.app.inject({ url: `/api/archive/sauce/share/${shareId}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cache-control']).toBe('no-cache');
    expect(body(pub).data).toMatchObject({ title: 'Shared', isEditable: false });
    // Nothing private of the owner's workspace: no folder names.
    expect(body(pub).data.folderSet).toEqual([]);
    expect(JSON.stringify(body(pub).data)).not.toContain('Refs');
    // Turning sharing on twice at once gives one link, not two that fight.
    const both = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}/${id}/share`, headers: alice.headers, payload: { isShareEnabled: true } })));
    expect(both.map((r) => body(r).data.link)).toEqual([on.link, on.link]);
    const off = body(await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}/${id}/share`, headers: alice.headers, payload: { isShareEnabled: false } })).data;
    expect(off.link).toBeNull();
    // Issue #19: a link turned off says the source is private (SPEC §8), and shows nothing of it.
    const closed = await t.app.inject({ url: `/api/archive/sauce/share/${shareId}` });
    expect(closed.statusCode).toBe(404);
    expect(body(closed)).toEqual({ success: false, error: { code: 'SAUCE_PRIVATE', message: 'This source is private.' } });
    // An id that never was a share link is not found, as is a source id.
    for (const unknown of [id, 'A'.repeat(32)]) {
      const res = await t.app.inject({ url: `/api/archive/sauce/share/${unknown}` });
      expect([res.statusCode, body(res).error.code]).toEqual([404, 'SAUCE_NOT_FOUND']);
    }
    // Turning sharing off again, or twice at once, keeps it private.
    const offAgain = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}/${id}/share`, headers: alice.headers, payload: { isShareEnabled: false } })));
    expect(offAgain.map((r) => body(r).data.link)).toEqual([null, null]);
    expect(body(await t.app.inject({ url: `/api/archive/sauce/share/${shareId}` })).error.code).toBe('SAUCE_PRIVATE');
    // Shared again: a new link; the old one stays dead (not found: it is no one's link now).
    const again = body(await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${alice.workspaceId}/${id}/share`, headers: alice.headers, payload: { isShareEnabled: true } })).data;
    expect(again.link).toMatch(/\/archive\/sauce\/share\/[A-Za-z0-9_-]{32}$/);
    expect(again.link).not.toBe(on.link);
    expect((await t.app.inject({ url: new URL(again.link).pathname.replace(/^/, '/api') })).statusCode).toBe(200);
    const old = await t.app.inject({ url: `/api/archive/sauce/share/${shareId}` });
    expect([old.statusCode, body(old).error.code]).toEqual([404, 'SAUCE_NOT_FOUND']);
    // A deleted source's link is not found either.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers })).statusCode).toBe(200);
    const gone = await t.app.inject({ url: `/api/archive/sauce/share/${new URL(again.link).pathname.split('/').pop()}` });
    expect([gone.statusCode, body(gone).error.code]).toEqual([404, 'SAUCE_NOT_FOUND']);
  });
});

describe('beta limit', () => {
  it('stops at 100 sources per workspace (SPEC §9)', async () => {
    const zoe = await buildUser(t, 'zoe');
    const payload = { type: 'TEXT', title: 'n', textSauce: { text: 'x', link: null } };
    for (let i = 0; i < 100; i++) expect((await create(zoe, payload)).statusCode).toBe(200);
    const res = await create(zoe, payload);
    expect(res.statusCode).toBe(422);
    expect(body(res).error.details).toEqual({ resource: 'sources', limit: 100 });
  });
});

describe('list: membership in the same statement, empty pages, timestamps', () => {
  it('answers an empty workspace to its members (200) and 404 to anyone else', async () => {
    const owner = await buildUser(t, 'olga');
    const empty = await buildWorkspace(t, owner, 'Empty');
    const reader = await buildMember(t, empty, 'READER');
    const stranger = await buildUser(t, 'sam');
    for (const u of [owner, reader]) {
      expect(await list(u, '', empty)).toEqual({ results: [], count: 0, next: null, previous: null, nextCursor: null, highlight: [] });
    }
    const res = await t.app.inject({ url: `/api/archive/sauce/${empty}/list`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect(body(res).error.code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: `/api/archive/sauce/99999999/list`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('counts past the last page, and marks list entries editable by role', async () => {
    const team = await buildWorkspace(t, alice, 'Paged');
    const reader = await buildMember(t, team, 'READER');
    for (const title of ['one', 'two']) expect((await create(alice, textSauce({ title, folderSet: [] }), team)).statusCode).toBe(200);
    const past = body(await t.app.inject({ url: `/api/archive/sauce/${team}/list?pageSize=1&page=5`, headers: reader.headers })).data;
    expect(past).toEqual({ results: [], count: 2, next: null, previous: 4, nextCursor: null, highlight: [] });
    const p2 = body(await t.app.inject({ url: `/api/archive/sauce/${team}/list?pageSize=1&page=2&tag=layout`, headers: reader.headers })).data;
    expect(p2).toMatchObject({ count: 2, next: null, previous: 1 });
    expect(p2.results.map((s: any) => s.title)).toEqual(['one']);
    expect((await list(reader, '', team)).results.map((s: any) => s.isEditable)).toEqual([false, false]);
    expect((await list(alice, '', team)).results.map((s: any) => s.isEditable)).toEqual([true, true]);
  });

  it('writes timestamps as Date#toISOString does (UTC, milliseconds truncated)', async () => {
    // No link: its preview would land (as failed) between the two reads (issue #23).
    const id = body(await create(alice, textSauce({ title: 'Stamped', textSauce: { text: 'x', link: null } }))).data.id;
    await t.db.execute(sql`UPDATE sauces SET created_at = '2026-01-02 12:04:05.999999+09', updated_at = '2026-03-04 05:06:07+00' WHERE id = ${id}`);
    const listed = (await list(alice)).results.find((s: any) => s.id === id);
    expect(listed).toMatchObject({ createdAt: '2026-01-02T03:04:05.999Z', updatedAt: '2026-03-04T05:06:07.000Z' });
    const read = body(await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/${id}`, headers: alice.headers })).data;
    expect(read).toEqual(listed);
  });
});
