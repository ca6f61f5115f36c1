import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceQuota } from '../../services/workspaces.ts';
import { createFileStore, type FileStore } from '../../storage/file-store.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, type TestUser } from '../../test/factories.ts';
import { EXIF_GPS_POINTER, jpegWithGps, NOT_AN_IMAGE, photo, pngBomb } from '../../test/image-fixtures.ts';
import { multipart, multipartForm, type FormPart } from '../../test/upload.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
let t: TestApp;
let now = Date.now();
let alice: TestUser;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => now });
  alice = await buildUser(t, 'alice');
});

const get = (u: TestUser | null, url: string) => t.app.inject({ url: `/api${url}`, headers: u?.headers ?? {} });
const send = (u: TestUser | null, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: u?.headers ?? {}, ...(payload ? { payload } : {}) });
const form = (u: TestUser, method: 'POST' | 'PATCH', url: string, parts: FormPart[]) => {
  const f = multipartForm(parts);
  return t.app.inject({ method, url: `/api${url}`, headers: { ...u.headers, ...f.headers }, payload: f.payload });
};
const createSpace = (u: TestUser, name: string, image?: Buffer) =>
  form(u, 'POST', '/workspace', [{ name: 'name', value: name }, ...(image ? [{ name: 'image', data: image }] : [])]);
const spaces = async (u: TestUser) => body(await get(u, '/workspace')).data as any[];
const invite = async (owner: TestUser, workspaceId: number, permission: string) =>
  send(owner, 'POST', '/workspace/invite/create', { workspace: { id: workspaceId }, permission });
const linkId = (link: string) => new URL(link).searchParams.get('id')!;
const accept = (u: TestUser, id: string) => send(u, 'POST', `/workspace/invitation/${id}`);
/** Invites `u` into `workspaceId` as `permission` through a real link. */
async function join(owner: TestUser, workspaceId: number, u: TestUser, permission = 'EDITOR') {
  const res = await accept(u, linkId(body(await invite(owner, workspaceId, permission)).data.link));
  expect(res.statusCode).toBe(200);
}

describe('creating a space', () => {
  it('makes a team space with a 256 px WebP image stripped of EXIF, appended to the list', async () => {
    const res = await createSpace(alice, ' Studio  ', await jpegWithGps());
    expect(res.statusCode).toBe(200);
    const ws = body(res).data;
    expect(ws).toMatchObject({ name: 'Studio', isPersonal: false, permission: 'OWNER' });
    expect(ws.abilities).toMatchObject({ inviteMembers: true, deleteWorkspace: true, createSauce: true });
    expect((await spaces(alice)).map((w) => w.name)).toEqual(['My space', 'Studio']);
    const img = await t.app.inject({ url: ws.image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);
    expect(meta.exif?.includes(EXIF_GPS_POINTER) ?? false).toBe(false);
  });

  it('refuses bad names and images, and writes nothing then', async () => {
    const bob = await buildUser(t, 'bob');
    const before = await t.db.execute(sql`SELECT count(*)::int AS n FROM workspaces`);
    for (const name of ['x'.repeat(16), '   ', '\u200b\u200b', '\u3164', '\u200b \u2800', '']) {
      const res = await createSpace(bob, name, photo('autumn-2560x1600.jpg'));
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(body(res).error.code).toBe('INVALID_FORMAT');
    }
    expect((await createSpace(bob, '가'.repeat(15))).statusCode).toBe(200); // 15 characters
    // No name at all, a PDF renamed .png, 6 MB, a pixel bomb.
    const noName = await form(bob, 'POST', '/workspace', [{ name: 'image', data: photo('autumn-2560x1600.jpg') }]);
    expect(noName.statusCode).toBe(400);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), NOT_AN_IMAGE]);
    const renamed = await form(bob, 'POST', '/workspace', [{ name: 'name', value: 'Pdf' }, { name: 'image', data: pdf, filename: 'cover.png', contentType: 'image/png' }]);
    expect(renamed.statusCode).toBe(415);
    expect(body(renamed).error.code).toBe('UNSUPPORTED_IMAGE');
    const big = Buffer.concat([photo('autumn-2560x1600.jpg'), Buffer.alloc(6 * 1024 * 1024)]);
    const tooBig = await createSpace(bob, 'Big', big);
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig).error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { limitBytes: 5_242_880 } });
    const bomb = await createSpace(bob, 'Bomb', pngBomb());
    expect(bomb.statusCode).toBe(413);
    expect(body(bomb).error.code).toBe('TOO_MANY_PIXELS');
    // An unknown part, a second name.
    expect((await form(bob, 'POST', '/workspace', [{ name: 'name', value: 'a' }, { name: 'evil', value: 'b' }])).statusCode).toBe(400);
    expect((await form(bob, 'POST', '/workspace', [{ name: 'name', value: 'a' }, { name: 'name', value: 'b' }])).statusCode).toBe(400);
    const json = await send(bob, 'POST', '/workspace', { name: 'Json' });
    expect(json.statusCode).toBe(400);
    const after = await t.db.execute(sql`SELECT count(*)::int AS n FROM workspaces`);
    expect((after.rows[0] as any).n).toBe((before.rows[0] as any).n + 1);
    const avatars = await t.db.execute(sql`SELECT count(*)::int AS n FROM workspaces WHERE image_key IS NOT NULL`);
    expect((avatars.rows[0] as any).n).toBe(1); // alice's Studio only
  });

  it('allows 2 team spaces per person (the personal one not counted), also when requests race', async () => {
    const carol = await buildUser(t, 'carol');
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((n) => createSpace(carol, n)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(2);
    expect(body(refused[0]!).error).toMatchObject({ code: 'LIMIT_REACHED', details: { resource: 'workspaces', limit: 2 } });
    expect(await spaces(carol)).toHaveLength(3);
  });

  it('tells the person their space quota before they fill in the form (issue #19 item 8)', async () => {
    const dora = await buildUser(t, 'quota');
    const quota = async (u: TestUser) => body(await get(u, '/workspace/quota')).data;
    expect(await quota(dora)).toEqual({ created: 0, limit: 2 });
    const first = body(await createSpace(dora, 'One')).data.id;
    // A space one joined is not one's own: it does not count.
    const fern = await buildUser(t, 'fern');
    const theirs = body(await createSpace(fern, 'Theirs')).data.id;
    await join(fern, theirs, dora);
    expect(await quota(dora)).toEqual({ created: 1, limit: 2 });
    await createSpace(dora, 'Two');
    expect(await quota(dora)).toEqual({ created: 2, limit: 2 });
    // What the quota says is what creating does.
    expect((await createSpace(dora, 'Three')).statusCode).toBe(422);
    expect((await send(dora, 'DELETE', `/workspace/${first}`)).statusCode).toBe(200);
    expect(await quota(dora)).toEqual({ created: 1, limit: 2 });
    expect((await createSpace(dora, 'Three')).statusCode).toBe(200);
    expect((await get(null, '/workspace/quota')).statusCode).toBe(401);
    // An installation without a space limit (PLAN_SPACES_PER_PERSON=unlimited) says null.
    expect(await spaceQuota({ db: t.db, plan: { ...t.config.plan, spaces: null } }, dora.userId)).toEqual({ created: 2, limit: null });
  });

  it('needs sign-in', async () => {
    expect((await get(null, '/workspace')).statusCode).toBe(401);
    const f = multipartForm([{ name: 'name', value: 'x' }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/workspace', headers: f.headers, payload: f.payload })).statusCode).toBe(401);
  });
});

describe('invitations', () => {
  let team: number;
  let owner: TestUser;
  beforeAll(async () => {
    owner = await buildUser(t, 'owner');
    team = body(await createSpace(owner, 'Team')).data.id;
  });

  it('gives one link per permission, valid 1 week, the same one again while fresh; ids stored hashed', async () => {
    const links = [];
    for (const permission of ['OWNER', 'EDITOR', 'READER']) {
      const res = await invite(owner, team, permission);
      expect(res.statusCode).toBe(200);
      const inv = body(res).data;
      expect(inv).toMatchObject({ permission, expired: false });
      expect(new Date(inv.expiresAt).getTime()).toBe(now + WEEK_MS);
      expect(inv.id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256-bit HMAC of a 128-bit random nonce
      expect(inv.link).toBe(`http://localhost:3000/workspace/invitation?id=${inv.id}`);
      links.push(inv.id);
    }
    expect(new Set(links).size).toBe(3);
    expect(body(await invite(owner, team, 'EDITOR')).data.id).toBe(links[1]);
    // The database holds no link id, so a copy of it opens nothing.
    const dump = JSON.stringify((await t.db.execute(sql`SELECT * FROM workspace_invitations`)).rows);
    for (const id of links) expect(dump).not.toContain(id);
    // After a day the dialog gets a fresh link; the first stays valid until its week ends.
    now += WEEK_MS / 7 + 1;
    const fresh = body(await invite(owner, team, 'EDITOR')).data.id;
    expect(fresh).not.toBe(links[1]);
    expect((await get(owner, `/workspace/invitation/${links[1]}`)).statusCode).toBe(200);
  });

  it('only the owner invites; personal spaces have no invitations; bad permissions are 400', async () => {
    const editor = await buildMember(t, team, 'EDITOR');
    const reader = await buildMember(t, team, 'READER');
    const stranger = await buildUser(t);
    expect((await invite(editor, team, 'READER')).statusCode).toBe(403);
    expect((await invite(reader, team, 'READER')).statusCode).toBe(403);
    expect((await invite(stranger, team, 'READER')).statusCode).toBe(404);
    expect((await invite(owner, team, 'ADMIN')).statusCode).toBe(400);
    expect((await invite(owner, team, 'reader')).statusCode).toBe(400);
    const personal = await invite(owner, owner.workspaceId, 'EDITOR');
    expect(personal.statusCode).toBe(409);
    expect(body(personal).error.code).toBe('PERSONAL_WORKSPACE');
    for (const u of [editor, reader]) await send(owner, 'DELETE', `/workspace/${team}/user/${u.userId}`);
  });

  it('shows the space, inviter and permission; unknown, truncated, expired, revoked or deleted is expired', async () => {
    const dan = await buildUser(t, 'dan');
    const id = linkId(body(await invite(owner, team, 'READER')).data.link);
    const info = body(await get(dan, `/workspace/invitation/${id}`)).data;
    expect(info).toMatchObject({
      id,
      permission: 'READER',
      expired: false,
      workspace: { id: team, name: 'Team', image: null, memberCount: 1 },
      inviter: { nickname: 'owner' },
      isMember: false,
    });
    expect((await get(null, `/workspace/invitation/${id}`)).statusCode).toBe(401);
    for (const bad of [id.slice(0, 30), 'A'.repeat(43), `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`]) {
      const res = await get(dan, `/workspace/invitation/${bad}`);
      expect(res.statusCode).toBe(404);
      expect(body(res).error).toMatchObject({ code: 'INVITATION_EXPIRED', message: 'The invite link has expired. Please ask for a new one.' });
      expect((await accept(dan, bad)).statusCode).toBe(404);
    }
    expect((await get(dan, '/workspace/invitation/short')).statusCode).toBe(400);
    expect((await get(dan, `/workspace/invitation/${'x'.repeat(65)}`)).statusCode).toBe(400);

    // A week later the link has expired.
    const saved = now;
    now += WEEK_MS + 1;
    expect(body(await get(dan, `/workspace/invitation/${id}`)).error.code).toBe('INVITATION_EXPIRED');
    expect(body(await accept(dan, id)).error.code).toBe('INVITATION_EXPIRED');
    now = saved;

    // Reset by the owner: that permission's links stop working; a new one works.
    const editorLink = linkId(body(await invite(owner, team, 'EDITOR')).data.link);
    const other = await buildUser(t);
    expect((await send(other, 'DELETE', `/workspace/invitation/${id}`)).statusCode).toBe(404);
    expect((await send(owner, 'DELETE', `/workspace/invitation/${id}`)).statusCode).toBe(200);
    expect(body(await accept(dan, id)).error.code).toBe('INVITATION_EXPIRED');
    expect((await get(dan, `/workspace/invitation/${editorLink}`)).statusCode).toBe(200);
    const renewed = linkId(body(await invite(owner, team, 'READER')).data.link);
    expect(renewed).not.toBe(id);

    // A deleted space's links are gone with it.
    const temp = body(await createSpace(owner, 'Temp')).data.id;
    const tempLink = linkId(body(await invite(owner, temp, 'EDITOR')).data.link);
    expect((await send(owner, 'DELETE', `/workspace/${temp}`)).statusCode).toBe(200);
    expect(body(await accept(dan, tempLink)).error.code).toBe('INVITATION_EXPIRED');
  });

  it('accepting joins with the permission; again is 409; another member’s personal space never shows', async () => {
    const erin = await buildUser(t, 'erin');
    const id = linkId(body(await invite(owner, team, 'READER')).data.link);
    const res = await accept(erin, id);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ id: team, permission: 'READER', abilities: { read: true, createSauce: false } });
    const again = await accept(erin, id);
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toMatchObject({ code: 'ALREADY_JOINED', message: 'Already joined this space.' });
    expect(body(await get(erin, `/workspace/invitation/${id}`)).data.isMember).toBe(true);
    const mine = await spaces(erin);
    expect(mine.map((w) => w.id)).toEqual([erin.workspaceId, team]);
    expect(mine.map((w) => w.id)).not.toContain(owner.workspaceId);
    const members = body(await get(erin, `/workspace/${team}`)).data.users;
    expect(members.map((m: any) => [m.nickname, m.permission])).toEqual([['owner', 'OWNER'], ['erin', 'READER']]);
    await send(owner, 'DELETE', `/workspace/${team}/user/${erin.userId}`);
  });

  it('5 members at most: two people racing for the last seat, exactly one gets it', async () => {
    const boss = await buildUser(t);
    const full = body(await createSpace(boss, 'Full')).data.id;
    for (let i = 0; i < 3; i++) await join(boss, full, await buildUser(t));
    const id = linkId(body(await invite(boss, full, 'EDITOR')).data.link);
    const [x, y] = [await buildUser(t), await buildUser(t)];
    const results = await Promise.all([accept(x, id), accept(y, id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refused = results.find((r) => r.statusCode === 422)!;
    expect(body(refused).error).toMatchObject({ code: 'LIMIT_REACHED', details: { resource: 'members', limit: 5 } });
    expect(body(await get(boss, `/workspace/${full}/status`)).data.memberCount).toBe(5);
  });
});

describe('members', () => {
  it('the owner changes permissions and removes; others may not; a space keeps an owner', async () => {
    const olga = await buildUser(t, 'olga');
    const team = body(await createSpace(olga, 'Crew')).data.id;
    const [ed, rita] = [await buildUser(t, 'ed'), await buildUser(t, 'rita')];
    await join(olga, team, ed, 'EDITOR');
    await join(olga, team, rita, 'READER');
    const patchMember = (u: TestUser, target: TestUser, permission: unknown) =>
      send(u, 'PATCH', `/workspace/${team}/user/${target.userId}`, { permission } as object);

    const promoted = await patchMember(olga, rita, 'EDITOR');
    expect(promoted.statusCode).toBe(200);
    expect(body(promoted).data).toMatchObject({ id: rita.userId, nickname: 'rita', permission: 'EDITOR' });
    expect((await spaces(rita)).find((w) => w.id === team).abilities.createSauce).toBe(true);
    for (const bad of ['ADMIN', 'owner', null, 1]) expect((await patchMember(olga, rita, bad)).statusCode).toBe(400);
    expect((await patchMember(ed, rita, 'READER')).statusCode).toBe(403);
    expect((await send(ed, 'DELETE', `/workspace/${team}/user/${rita.userId}`)).statusCode).toBe(403);
    const stranger = await buildUser(t);
    expect((await patchMember(olga, stranger, 'READER')).statusCode).toBe(404);
    expect((await send(olga, 'DELETE', `/workspace/${team}/user/${stranger.userId}`)).statusCode).toBe(404);

    // The last owner cannot demote, remove or take themself out.
    for (const res of [
      await patchMember(olga, olga, 'EDITOR'),
      await send(olga, 'DELETE', `/workspace/${team}/user/${olga.userId}`),
      await send(olga, 'DELETE', `/workspace/${team}/leave`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(body(res).error.code).toBe('LAST_OWNER');
    }
    // Handing over first makes it possible.
    expect((await patchMember(olga, ed, 'OWNER')).statusCode).toBe(200);
    expect((await patchMember(olga, olga, 'EDITOR')).statusCode).toBe(200);
    expect((await patchMember(olga, ed, 'READER')).statusCode).toBe(403); // olga is an editor now
    expect((await send(ed, 'DELETE', `/workspace/${team}/user/${rita.userId}`)).statusCode).toBe(200);
    expect((await get(rita, `/workspace/${team}`)).statusCode).toBe(404);
    expect((await get(rita, `/archive/sauce/${team}/list`)).statusCode).toBe(404);
  });

  it('a member leaves and can rejoin with a new link; a personal space cannot be left', async () => {
    const pat = await buildUser(t, 'pat');
    const team = body(await createSpace(pat, 'Pat')).data.id;
    const quinn = await buildUser(t, 'quinn');
    await join(pat, team, quinn, 'EDITOR');
    expect((await send(quinn, 'DELETE', `/workspace/${team}/leave`)).statusCode).toBe(200);
    expect((await spaces(quinn)).map((w) => w.id)).toEqual([quinn.workspaceId]);
    expect((await send(quinn, 'DELETE', `/workspace/${team}/leave`)).statusCode).toBe(404);
    await join(pat, team, quinn, 'READER');
    expect((await spaces(quinn)).find((w) => w.id === team).permission).toBe('READER');
    const personal = await send(quinn, 'DELETE', `/workspace/${quinn.workspaceId}/leave`);
    expect(personal.statusCode).toBe(409);
    expect(body(personal).error.code).toBe('PERSONAL_WORKSPACE');
  });
});

describe('usage status and space management', () => {
  it('counts sources, folders, members and stored bytes beside the beta limits', async () => {
    const sam = await buildUser(t, 'sam');
    const team = body(await createSpace(sam, 'Counts')).data.id;
    await join(sam, team, await buildUser(t));
    await send(sam, 'POST', `/archive/folder/${team}`, { name: 'f' });
    await send(sam, 'POST', `/archive/sauce/${team}`, { type: 'TEXT', textSauce: { text: 'note' } });
    const upload = multipart(photo('autumn-2560x1600.jpg'));
    const up = await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${team}/image/upload/single`, headers: { ...sam.headers, ...upload.headers }, payload: upload.payload });
    const image = body(up).data;
    await send(sam, 'POST', `/archive/sauce/${team}`, { type: 'IMAGE', imageSauce: [{ id: image.id }] });
    const status = body(await get(sam, `/workspace/${team}/status`)).data;
    expect(status).toEqual({
      textSauceCount: 1,
      imageSauceCount: 1,
      folderCount: 1,
      memberCount: 2,
      storageBytes: image.byteSize,
      limits: { sauces: 100, folders: 5, members: 5 },
    });
  });

  it('the owner renames and changes the image (the old file goes); others may not; personal spaces stay', async () => {
    const uma = await buildUser(t, 'uma');
    const ws = body(await createSpace(uma, 'Old', photo('autumn-2560x1600.jpg'))).data;
    const ed = await buildUser(t);
    await join(uma, ws.id, ed, 'EDITOR');
    const renamed = await form(uma, 'PATCH', `/workspace/${ws.id}`, [{ name: 'name', value: 'New' }]);
    expect(renamed.statusCode).toBe(200);
    expect(body(renamed).data).toMatchObject({ name: 'New', image: ws.image });
    const reimaged = await form(uma, 'PATCH', `/workspace/${ws.id}`, [{ name: 'image', data: photo('colorful-cups-2560x1600.jpg') }]);
    expect(body(reimaged).data.image).not.toBe(ws.image);
    expect((await t.app.inject({ url: ws.image })).statusCode).toBe(404);
    expect((await t.app.inject({ url: body(reimaged).data.image })).statusCode).toBe(200);
    expect((await form(ed, 'PATCH', `/workspace/${ws.id}`, [{ name: 'name', value: 'Mine' }])).statusCode).toBe(403);
    expect((await form(uma, 'PATCH', `/workspace/${ws.id}`, [{ name: 'name', value: 'x'.repeat(16) }])).statusCode).toBe(400);
    expect((await form(uma, 'PATCH', `/workspace/${ws.id}`, [])).statusCode).toBe(400);
    const personal = await form(uma, 'PATCH', `/workspace/${uma.workspaceId}`, [{ name: 'name', value: 'Mine' }]);
    expect(body(personal).error.code).toBe('PERSONAL_WORKSPACE');
  });

  it('deletes a space only without other members, with its images’ files (local store)', async () => {
    await deleteSpaceWithFiles(t, createFileStore(t.config.files));
  });
});

describe('deleting a space on S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t3: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t3 = await buildTestApp(s3.env);
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('removes the space’s image and its sources’ image files from the bucket', async () => {
    expect(t3.config.files.driver).toBe('s3');
    await deleteSpaceWithFiles(t3, createFileStore(t3.config.files));
  });
});

/** The FileStore key of a signed `/files/<key>?exp…` URL. */
const keyOf = (url: string) => new URL(url, 'http://x').pathname.slice('/files/'.length);

/**
 * In app `a`: a space with an image, a saved image source and a pending upload, and a
 * second member. Deleting is refused while the member is there, allowed after; then every
 * file of the space is gone from `store` and nothing of it is left in the database.
 */
async function deleteSpaceWithFiles(a: TestApp, store: FileStore) {
  const call = (u: TestUser, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    a.app.inject({ method, url: `/api${url}`, headers: u.headers, ...(payload ? { payload } : {}) });
  const upload = async (u: TestUser, ws: number) => {
    const f = multipart(photo('colorful-cups-2560x1600.jpg'));
    return body(
      await a.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}/image/upload/single`, headers: { ...u.headers, ...f.headers }, payload: f.payload }),
    ).data;
  };
  const vic = await buildUser(a, 'vic');
  const created = multipartForm([{ name: 'name', value: 'Doomed' }, { name: 'image', data: photo('autumn-2560x1600.jpg') }]);
  const ws = body(await a.app.inject({ method: 'POST', url: '/api/workspace', headers: { ...vic.headers, ...created.headers }, payload: created.payload })).data;
  const wes = await buildMember(a, ws.id, 'EDITOR');
  const image = await upload(vic, ws.id);
  expect((await call(vic, 'POST', `/archive/sauce/${ws.id}`, { type: 'IMAGE', imageSauce: [{ id: image.id }] })).statusCode).toBe(200);
  const pending = await upload(wes, ws.id);

  expect((await call(wes, 'DELETE', `/workspace/${ws.id}`)).statusCode).toBe(403);
  const busy = await call(vic, 'DELETE', `/workspace/${ws.id}`);
  expect(busy.statusCode).toBe(409);
  expect(body(busy).error).toMatchObject({ code: 'WORKSPACE_HAS_MEMBERS', message: 'You cannot delete a space if it has team members.' });
  expect((await call(vic, 'DELETE', `/workspace/${ws.id}/user/${wes.userId}`)).statusCode).toBe(200);
  expect(body(await call(vic, 'DELETE', `/workspace/${vic.workspaceId}`)).error.code).toBe('PERSONAL_WORKSPACE');

  const keys = [ws.image, image.url, image.thumbnailUrl, image.originalUrl, pending.url, pending.originalUrl].map(keyOf);
  for (const k of keys) expect(await store.get(k), k).not.toBeNull();
  expect((await call(vic, 'DELETE', `/workspace/${ws.id}`)).statusCode).toBe(200);
  for (const k of keys) expect(await store.get(k), k).toBeNull();
  expect((await a.app.inject({ url: `/api/workspace`, headers: vic.headers })).json().data.map((w: any) => w.id)).toEqual([vic.workspaceId]);
  for (const table of ['sauces', 'sauce_images', 'folders', 'workspace_members']) {
    const rows = await a.db.execute(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE workspace_id = ${ws.id}`);
    expect(rows.rows, table).toEqual([]);
  }
  expect((await a.app.inject({ url: `/api/workspace/${ws.id}`, headers: vic.headers })).statusCode).toBe(404);
}
