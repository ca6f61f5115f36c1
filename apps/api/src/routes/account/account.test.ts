import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINKS, PROJECT_URL } from '../../config.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { EXIF_GPS_POINTER, jpegWithGps, NOT_AN_IMAGE, photo, pngBomb } from '../../test/image-fixtures.ts';
import { multipartForm } from '../../test/upload.ts';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ FEEDBACK_URL: 'https://forms.example/feedback', IOS_APP_URL: 'https://apps.example/sauce', FIGMA_PLUGIN_URL: 'off' });
  alice = await buildUser(t, 'alice');
});

const get = (u: TestUser | null, url: string) => t.app.inject({ url: `/api${url}`, headers: u?.headers ?? {} });
const patch = (u: TestUser | null, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: u?.headers ?? {}, payload });
const uploadAvatar = (u: TestUser, data: Buffer, contentType = 'image/jpeg') => {
  const f = multipartForm([{ name: 'image', data, contentType }]);
  return t.app.inject({ method: 'PATCH', url: '/api/auth/profile/image', headers: { ...u.headers, ...f.headers }, payload: f.payload });
};

describe('PATCH /auth/profile: nickname (SPEC §5)', () => {
  it('changes the nickname, job, marketing agreement and tutorial flag', async () => {
    const res = await patch(alice, { nickname: ' Alice_K ', jobType: 'Developer', agreeMarketing: true, tutorial: true });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ nickname: 'Alice_K', jobType: 'Developer', agreeMarketing: true, tutorial: true });
    expect(body(await get(alice, '/auth/profile')).data.nickname).toBe('Alice_K');
  });

  it('accepts Korean, 15 characters as people count them, and a change of case of one’s own name', async () => {
    const u = await buildUser(t);
    for (const nickname of ['소스디자이너', '가'.repeat(15), 'ABCDEFGHIJKLMNO']) {
      expect((await patch(u, { nickname })).statusCode, nickname).toBe(200);
    }
    expect((await patch(u, { nickname: 'abcdefghijklmno' })).statusCode).toBe(200);
  });

  it.each([
    ['a space', 'al ice', 'space'],
    ['a full-width space', 'al\u3000ice', 'space'],
    ['a tab', 'al\tice', 'space'],
    ['an emoji', 'alice😀', 'emoji'],
    ['a flag', 'kr🇰🇷', 'emoji'],
    ['a heart', 'love❤', 'emoji'],
    ['a keycap', 'no1\uFE0F\u20E3', 'emoji'],
    ['16 characters', 'x'.repeat(16), 'tooLong'],
    ['16 Korean characters', '가'.repeat(16), 'tooLong'],
    ['only spaces', '    ', 'empty'],
    ['nothing', '', 'empty'],
    ['a zero-width space', 'ali\u200bce', 'invisible'],
    ['only invisible characters', '\u200b\u200b', 'invisible'],
    ['a Hangul filler', '\u3164', 'invisible'],
    ['a bidi mark', 'ali\u202Ece', 'invisible'],
  ])('refuses %s (400 NICKNAME_INVALID) and changes nothing', async (_what, nickname, reason) => {
    const u = await buildUser(t);
    const before = body(await get(u, '/auth/profile')).data.nickname;
    const res = await patch(u, { nickname });
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toMatchObject({ code: 'NICKNAME_INVALID', details: { reason } });
    if (reason === 'space' || reason === 'emoji') expect(body(res).error.message).toBe('No spaces or emojis allowed.');
    expect(body(await get(u, '/auth/profile')).data.nickname).toBe(before);
  });

  it('refuses a name another person has, ignoring case (400 NICKNAME_EXISTS, SPEC §8)', async () => {
    const owner = await buildUser(t, 'Taken');
    const u = await buildUser(t);
    for (const nickname of ['Taken', 'taken', 'TAKEN', ' tAkEn ']) {
      const res = await patch(u, { nickname });
      expect(res.statusCode, nickname).toBe(400);
      expect(body(res).error).toMatchObject({ code: 'NICKNAME_EXISTS', message: 'The nickname already exists.' });
    }
    expect((await patch(owner, { nickname: 'TAKEN' })).statusCode).toBe(200);
  });

  it('lets only one of two people racing for one name (any case) have it', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const res = await Promise.all([patch(a, { nickname: 'Racer' }), patch(b, { nickname: 'racer' })]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(body(res.find((r) => r.statusCode === 400)!).error.code).toBe('NICKNAME_EXISTS');
  });

  it('refuses an unknown job, an empty body and signed-out callers', async () => {
    expect(body(await patch(alice, { jobType: 'Astronaut' })).error.code).toBe('INVALID_FORMAT');
    expect((await patch(alice, {})).statusCode).toBe(400);
    expect((await patch(null, { nickname: 'x' })).statusCode).toBe(401);
  });

  it('makes sign-up nicknames unique ignoring case too', async () => {
    await buildUser(t, 'Mina');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev/signin', payload: { email: 'x1@example.com', nickname: 'MINA' } });
    const headers = { authorization: `Bearer ${body(res).data.accessToken}` };
    const nickname = body(await t.app.inject({ url: '/api/auth/profile', headers })).data.nickname as string;
    expect(nickname.toLowerCase()).not.toBe('mina');
    expect(nickname.toLowerCase().startsWith('mina')).toBe(true);
  });
});

describe('PATCH /auth/profile/image (SPEC §5: 5,242,880 bytes)', () => {
  it('stores a 256 px WebP without EXIF, shows it on the profile and on cards, and deletes the old file', async () => {
    const u = await buildUser(t);
    const first = await uploadAvatar(u, await jpegWithGps());
    expect(first.statusCode).toBe(200);
    const url = body(first).data.profileImage as string;
    expect(url).toMatch(/^\/files\/avatars\/[0-9a-f]{32}\.webp\?exp=/);
    const img = await t.app.inject({ url });
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);
    expect(meta.exif?.includes(EXIF_GPS_POINTER) ?? false).toBe(false);

    // Cards and comments carry it.
    const sauce = await t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${u.workspaceId}`,
      headers: u.headers,
      payload: { type: 'TEXT', textSauce: { text: 'note' } },
    });
    expect(body(sauce).data.userProfileImage).toBe(url);
    const list = body(await get(u, `/archive/sauce/${u.workspaceId}/list`)).data.results;
    expect(list[0].userProfileImage).toBe(url);

    const second = await uploadAvatar(u, photo('altai-1080x1920.png'), 'image/png');
    expect(second.statusCode).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/auth/profile/image', headers: u.headers });
    expect(body(removed).data.profileImage).toBeNull();
    expect((await t.app.inject({ url: body(second).data.profileImage })).statusCode).toBe(404);
  });

  it('refuses a renamed PDF (415), 6 MB (413) and a pixel bomb (413), keeping the picture as it was', async () => {
    const u = await buildUser(t);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), Buffer.alloc(2000, 32)]);
    const cases: [Buffer, number, string][] = [
      [pdf, 415, 'UNSUPPORTED_IMAGE'],
      [NOT_AN_IMAGE, 415, 'UNSUPPORTED_IMAGE'],
      [Buffer.concat([photo('autumn-2560x1600.jpg'), Buffer.alloc(6 * 1024 * 1024)]), 413, 'PAYLOAD_TOO_LARGE'],
      [pngBomb(), 413, 'TOO_MANY_PIXELS'],
    ];
    for (const [data, status, code] of cases) {
      const res = await uploadAvatar(u, data);
      expect(res.statusCode, code).toBe(status);
      expect(body(res).error.code).toBe(code);
    }
    const big = await uploadAvatar(u, Buffer.alloc(5_242_881, 1));
    expect(body(big).error.details).toEqual({ limitBytes: 5_242_880 });
    expect(body(await get(u, '/auth/profile')).data.profileImage).toBeNull();
    const { rows } = await t.db.execute(sql`SELECT profile_image FROM users WHERE id = ${u.userId}`);
    expect(rows[0]).toEqual({ profile_image: null });
  });

  it('refuses a form without the image', async () => {
    const f = multipartForm([{ name: 'other', value: 'x' }]);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile/image', headers: { ...alice.headers, ...f.headers }, payload: f.payload });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /auth/profile/count', () => {
  it('counts the person’s own sources by type, their spaces and tags', async () => {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const post = (who: TestUser, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/archive/sauce/${who.workspaceId}`, headers: who.headers, payload });
    await post(u, { type: 'TEXT', textSauce: { text: 'a' }, tagSet: ['ux', 'ui'] });
    await post(u, { type: 'TEXT', textSauce: { text: 'b' }, tagSet: ['ux'] });
    await post(other, { type: 'TEXT', textSauce: { text: 'c' } });
    const res = await get(u, '/auth/profile/count');
    expect(body(res).data).toEqual({ sauceCount: 2, textSauceCount: 2, imageSauceCount: 0, workspaceCount: 1, tagCount: 2 });
    expect((await get(null, '/auth/profile/count')).statusCode).toBe(401);
  });
});

describe('GET /auth/session (the signed-out probe)', () => {
  it('is 200 with null signed out, the user signed in, and 401 only for an expired token', async () => {
    const out = await get(null, '/auth/session');
    expect(out.statusCode).toBe(200);
    expect(body(out).data).toEqual({ user: null });
    expect(body(await get(alice, '/auth/session')).data.user.id).toBe(alice.userId);
    const forged = await t.app.inject({ url: '/api/auth/session', headers: { cookie: 'access_token=not.a.token' } });
    expect(forged.statusCode).toBe(200);
    expect(body(forged).data.user).toBeNull();
  });
});

describe('GET /app/config', () => {
  it('gives the configured links, the project’s pages for unset ones and null for those turned off (issue #31 item 25)', async () => {
    const res = await get(null, '/app/config');
    expect(res.statusCode).toBe(200);
    expect(body(res).data.links).toEqual({
      feedback: 'https://forms.example/feedback',
      android: DEFAULT_LINKS.android,
      ios: 'https://apps.example/sauce',
      plugin: null,
    });
    expect(DEFAULT_LINKS.android).toBe(PROJECT_URL);
  });
});
