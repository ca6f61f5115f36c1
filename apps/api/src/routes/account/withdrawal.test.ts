import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { photo } from '../../test/image-fixtures.ts';
import { multipart, multipartForm } from '../../test/upload.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const get = (u: TestUser | { headers: Record<string, string> } | null, url: string) =>
  t.app.inject({ url: `/api${url}`, headers: u?.headers ?? {} });
const send = (u: { headers: Record<string, string> } | null, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: u?.headers ?? {}, ...(payload ? { payload } : {}) });
const withdraw = (u: { headers: Record<string, string> } | null, payload: object = { reason: 3 }) => send(u, 'POST', '/auth/withdrawal', payload);

/** Signs in by the development sign-in, as a browser or app would. */
async function devSignIn(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev/signin', payload: { email } });
  const { accessToken, refreshToken } = body(res).data;
  return { headers: { authorization: `Bearer ${accessToken}` }, refreshToken: refreshToken as string };
}
const profileOf = async (u: { headers: Record<string, string> }) => body(await get(u, '/auth/profile')).data;
async function upload(u: TestUser, workspaceId: number) {
  const f = multipart(photo('autumn-2560x1600.jpg'));
  return body(
    await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${workspaceId}/image/upload/single`,
      headers: { ...u.headers, ...f.headers },
      payload: f.payload,
    }),
  ).data;
}
const fileStatus = async (url: string) => (await t.app.inject({ url })).statusCode;

describe('POST /auth/withdrawal: bad input', () => {
  it('needs one reason from 1 to 6 and writes nothing otherwise', async () => {
    const u = await buildUser(t);
    for (const payload of [{}, { reason: 0 }, { reason: 7 }, { reason: '2' }, { reason: 2.5 }, { reason: null }]) {
      const res = await withdraw(u, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error.code).toBe('INVALID_FORMAT');
    }
    expect((await get(u, '/auth/profile')).statusCode).toBe(200);
    expect((await withdraw(null)).statusCode).toBe(401);
  });

  it('refuses the only owner of a space with other members (409 OWNS_SHARED_SPACES), until they hand it over', async () => {
    const owner = await buildUser(t);
    const ws = await buildWorkspace(t, owner, 'Studio');
    const editor = await buildMember(t, ws, 'EDITOR');
    await buildMember(t, ws, 'READER');
    const preview = body(await get(owner, '/auth/withdrawal')).data;
    expect(preview.blockingWorkspaces).toEqual([{ id: ws, name: 'Studio', memberCount: 3 }]);

    const res = await withdraw(owner);
    expect(res.statusCode).toBe(409);
    expect(body(res).error).toMatchObject({ code: 'OWNS_SHARED_SPACES', details: { workspaces: [{ id: ws, name: 'Studio' }] } });
    expect((await get(owner, '/auth/profile')).statusCode).toBe(200);
    const { rows } = await t.db.execute(sql`SELECT count(*)::int AS n FROM withdrawal_reasons`);
    const reasonsBefore = (rows[0] as { n: number }).n;

    // Handing the space over lifts the block: the owner then just leaves it.
    expect((await send(owner, 'PATCH', `/workspace/${ws}/user/${editor.userId}`, { permission: 'OWNER' })).statusCode).toBe(200);
    expect(body(await get(owner, '/auth/withdrawal')).data).toMatchObject({ blockingWorkspaces: [], leftWorkspaces: [{ id: ws, name: 'Studio' }] });
    expect((await withdraw(owner)).statusCode).toBe(200);
    const space = body(await get(editor, `/workspace/${ws}`)).data;
    expect(space.users.map((m: { id: number }) => m.id)).not.toContain(owner.userId);
    const after = await t.db.execute(sql`SELECT count(*)::int AS n FROM withdrawal_reasons`);
    expect((after.rows[0] as { n: number }).n).toBe(reasonsBefore + 1);
  });

  it('answers 401 the second time (the account is gone), also when both requests race', async () => {
    const u = await devSignIn(`twice-${Date.now()}@example.com`);
    const [a, b] = await Promise.all([withdraw(u), withdraw(u)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    expect((await withdraw(u)).statusCode).toBe(401);
  });
});

describe('POST /auth/withdrawal: what goes and what stays', () => {
  it('deletes the account, its personal space, sources and files; keeps shared spaces and teammates’ work', async () => {
    const email = `leaver-${Date.now()}@example.com`;
    const me = await devSignIn(email);
    const profile = await profileOf(me);
    const personal = body(await get(me, '/workspace')).data[0].id as number;
    const meUser = { userId: profile.id, workspaceId: personal, accessToken: '', headers: me.headers } as TestUser;

    // A profile picture, an image source and a note in the personal space, a team space of
    // their own alone, and a source plus a comment in a teammate's space.
    const avatar = multipartForm([{ name: 'image', data: photo('autumn-2560x1600.jpg') }]);
    const avatarUrl = body(
      await t.app.inject({ method: 'PATCH', url: '/api/auth/profile/image', headers: { ...me.headers, ...avatar.headers }, payload: avatar.payload }),
    ).data.profileImage as string;
    const img = await upload(meUser, personal);
    expect((await send(me, 'POST', `/archive/sauce/${personal}`, { type: 'IMAGE', imageSauce: [{ id: img.id, comments: [] }] })).statusCode).toBe(200);
    await send(me, 'POST', `/archive/sauce/${personal}`, { type: 'TEXT', textSauce: { text: 'private note' }, tagSet: ['mine'] });
    const soloForm = multipartForm([{ name: 'name', value: 'Solo' }]);
    const solo = body(await t.app.inject({ method: 'POST', url: '/api/workspace', headers: { ...me.headers, ...soloForm.headers }, payload: soloForm.payload })).data.id as number;

    const teammate = await buildUser(t);
    const team = await buildWorkspace(t, teammate, 'Team');
    await t.db.execute(sql`INSERT INTO workspace_members (workspace_id, user_id, permission) VALUES (${team}, ${profile.id}, 'EDITOR')`);
    const theirs = body(await send(teammate, 'POST', `/archive/sauce/${team}`, { type: 'TEXT', textSauce: { text: 'team note' } })).data.id;
    const mine = body(await send(me, 'POST', `/archive/sauce/${team}`, { type: 'TEXT', textSauce: { text: 'my team note' } })).data.id;
    // An image of theirs that the person commented on, and an image the person added to it.
    const tImg = await upload(teammate, team);
    const added = await upload(meUser, team);
    const tSauce = body(
      await send(teammate, 'POST', `/archive/sauce/${team}`, { type: 'IMAGE', imageSauce: [{ id: tImg.id, comments: [] }] }),
    ).data.id;
    const edit = await send(me, 'PATCH', `/archive/sauce/${team}/${tSauce}`, {
      imageSauce: [
        { id: tImg.id, comments: [{ id: 'c1', message: 'from the leaver', x: 0.5, y: 0.5 }] },
        { id: added.id, comments: [] },
      ],
    });
    expect(edit.statusCode).toBe(200);

    const preview = body(await get(me, '/auth/withdrawal')).data;
    expect(preview).toMatchObject({
      sauceCount: 3,
      deletedWorkspaces: [{ id: personal, name: 'My space' }, { id: solo, name: 'Solo' }],
      leftWorkspaces: [{ id: team, name: 'Team' }],
      blockingWorkspaces: [],
    });

    const res = await withdraw(me, { reason: 5 });
    expect(res.statusCode).toBe(200);
    // The session cookies are cleared for the browser.
    expect(String(res.headers['set-cookie'])).toMatch(/access_token=;/);

    const count = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)).rows[0] as { n: number }).n;
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE id = ${profile.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM workspaces WHERE id IN (${personal}, ${solo})`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM sauces WHERE author_id = ${profile.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM tags WHERE user_id = ${profile.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = ${profile.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM image_comments WHERE message = 'from the leaver'`)).toBe(0);
    // Files: the profile picture and the personal source's image are gone.
    expect(await fileStatus(avatarUrl)).toBe(404);
    expect(await fileStatus(img.url)).toBe(404);

    // The team space stays, with the teammate's sources; the person's source there is gone.
    const list = body(await get(teammate, `/archive/sauce/${team}/list`)).data.results.map((s: { id: number }) => s.id);
    expect(list).toContain(theirs);
    expect(list).toContain(tSauce);
    expect(list).not.toContain(mine);
    // The image the person added to the teammate's source stays in it.
    const kept = body(await get(teammate, `/archive/sauce/${team}/${tSauce}`)).data.imageSauce;
    expect(kept.map((i: { id: number }) => i.id)).toEqual([tImg.id, added.id]);
    expect(await fileStatus(kept[1].url)).toBe(200);

    // The reason is kept alone: the reason and the day, nothing naming the person.
    const cols = await t.db.execute(sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'withdrawal_reasons' ORDER BY ordinal_position`);
    expect(cols.rows.map((r) => (r as { column_name: string }).column_name)).toEqual(['id', 'reason', 'created_on']);
    expect(await count(sql`SELECT count(*)::int AS n FROM withdrawal_reasons WHERE reason = 5`)).toBeGreaterThanOrEqual(1);
  });

  it('stops the old tokens at once (401), refresh included, and a new sign-in makes a fresh account', async () => {
    const email = `again-${Date.now()}@example.com`;
    const first = await devSignIn(email);
    const before = await profileOf(first);
    await send(first, 'POST', `/archive/sauce/${body(await get(first, '/workspace')).data[0].id}`, { type: 'TEXT', textSauce: { text: 'old' } });
    expect((await withdraw(first)).statusCode).toBe(200);

    for (const url of ['/auth/profile', '/workspace', '/archive/tag/list', '/auth/profile/count']) {
      const res = await get(first, url);
      expect(res.statusCode, url).toBe(401);
      expect(body(res).error.code).toBe('UNAUTHENTICATED');
    }
    const refresh = await send(null, 'POST', '/auth/token/refresh', { refresh: first.refreshToken });
    expect(refresh.statusCode).toBe(401);
    // The probe says signed out, quietly.
    expect(body(await get(first, '/auth/session')).data.user).toBeNull();

    const again = await devSignIn(email);
    const after = await profileOf(again);
    expect(after.id).not.toBe(before.id);
    const spaces = body(await get(again, '/workspace')).data;
    expect(spaces).toHaveLength(1);
    expect(body(await get(again, `/archive/sauce/${spaces[0].id}/list`)).data.count).toBe(0);
  });

  it('stops the tokens on every API process on the database (LISTEN/NOTIFY, no per-request query)', async () => {
    const other = await buildApp({ config: t.config, db: t.db, secret: t.secret, logger: false });
    await other.ready();
    try {
      const u = await buildUser(t);
      expect((await other.inject({ url: '/api/auth/profile', headers: u.headers })).statusCode).toBe(200);
      expect((await withdraw(u)).statusCode).toBe(200);
      const deadline = Date.now() + 3000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await other.inject({ url: '/api/workspace', headers: u.headers })).statusCode;
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('a process started after the withdrawal refuses the token too (read from the table)', async () => {
    const u = await buildUser(t);
    expect((await withdraw(u)).statusCode).toBe(200);
    const late = await buildApp({ config: t.config, db: t.db, secret: t.secret, logger: false });
    await late.ready();
    try {
      expect((await late.inject({ url: '/api/workspace', headers: u.headers })).statusCode).toBe(401);
    } finally {
      await late.close();
    }
  });
});
