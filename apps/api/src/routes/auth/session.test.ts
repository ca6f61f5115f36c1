import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TTL_S, REFRESH_REUSE_GRACE_S, REFRESH_TTL_S, signAccessToken } from '../../auth/tokens.ts';
import { refreshTokens } from '../../db/schema.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const cookieMap = (res: LightMyRequestResponse) => Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

const devSignIn = (email: string, nickname?: string, app = t) =>
  app.app.inject({ method: 'POST', url: '/api/auth/dev/signin', payload: { email, ...(nickname ? { nickname } : {}) } });

/** Signs a fresh user in; returns the tokens and the cookies a browser would now hold. */
async function session(app = t) {
  const res = await devSignIn(`s${randomBytes(4).toString('hex')}@example.com`, undefined, app);
  expect(res.statusCode).toBe(200);
  const { accessToken, refreshToken } = body(res).data as { accessToken: string; refreshToken: string };
  const cookies = cookieMap(res);
  return { res, accessToken, refreshToken, cookies, workspaceId: Number(cookies.workspace_id) };
}

/** Backdates the rotation of `token` past the reuse grace window. */
const rotatedLongAgo = (token: string) =>
  t.db
    .update(refreshTokens)
    .set({ rotatedAt: new Date(Date.now() - (REFRESH_REUSE_GRACE_S + 60) * 1000) })
    .where(eq(refreshTokens.tokenHash, createHash('sha256').update(token).digest('hex')));

const profileOf = async (accessToken: string) =>
  body(await t.app.inject({ url: '/api/auth/profile', headers: bearer(accessToken) })).data as { id: number; nickname: string };

const refresh = (opts: { refresh?: string; cookies?: Record<string, string>; headers?: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token/refresh',
    cookies: opts.cookies,
    headers: opts.headers,
    ...(opts.refresh ? { payload: { refresh: opts.refresh } } : {}),
  });

describe('dev sign-in', () => {
  it("creates the user with a personal workspace 'My space' they own, once", async () => {
    const res = await devSignIn('Dana@Example.com', 'dana');
    expect(res.statusCode).toBe(200);
    const { data } = body(res);
    expect(data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const me = body(await t.app.inject({ url: '/api/auth/profile', headers: bearer(data.accessToken) })).data;
    expect(me).toMatchObject({ nickname: 'dana', email: 'dana@example.com' });

    const list = body(await t.app.inject({ url: '/api/workspace', headers: bearer(data.accessToken) })).data;
    expect(list).toEqual([
      { id: expect.any(Number), name: 'My space', image: null, isPersonal: true, permission: 'OWNER', abilities: expect.any(Object) },
    ]);
    expect(list[0].abilities).toMatchObject({ createSauce: true, inviteMembers: false, deleteWorkspace: false });
    expect(cookieMap(res).workspace_id).toBe(String(list[0].id));
    const ws = body(await t.app.inject({ url: `/api/workspace/${list[0].id}`, headers: bearer(data.accessToken) })).data;
    expect(ws).toMatchObject({ name: 'My space', folders: [], users: [{ id: me.id, nickname: 'dana', permission: 'OWNER' }] });

    // Again (any case of the address): the same user, still one workspace.
    const again = body(await devSignIn('dana@example.com')).data;
    expect(body(await t.app.inject({ url: '/api/auth/profile', headers: bearer(again.accessToken) })).data.id).toBe(me.id);
    expect(body(await t.app.inject({ url: '/api/workspace', headers: bearer(again.accessToken) })).data).toHaveLength(1);
  });

  it('is off (404) in production unless AUTH_DEV_LOGIN=true', async () => {
    const [prod, on] = await Promise.all([
      buildTestApp({ NODE_ENV: 'production' }),
      buildTestApp({ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'true', PUBLIC_URL: 'https://sauce.example' }),
    ]);
    const off = await devSignIn('p@example.com', undefined, prod);
    expect(off.statusCode).toBe(404);
    expect(body(off).error.code).toBe('NOT_FOUND');
    expect(body(await prod.app.inject({ url: '/api/auth/config' })).data.devLogin).toBe(false);

    const res = await devSignIn('p@example.com', undefined, on);
    expect(res.statusCode).toBe(200);
    // Over https every session cookie is Secure.
    for (const c of res.cookies) expect(c.secure, c.name).toBe(true);
  });

  it('serves only requests from this machine: a remote peer or a proxied request gets 404 and is not offered it (issue #28)', async () => {
    const signIn = (headers: Record<string, string>, remoteAddress?: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/dev/signin', payload: { email: 'far@example.com' }, headers, ...(remoteAddress ? { remoteAddress } : {}) });
    const offered = async (headers: Record<string, string>, remoteAddress?: string) =>
      body(await t.app.inject({ url: '/api/auth/config', headers, ...(remoteAddress ? { remoteAddress } : {}) })).data.devLogin;
    for (const [headers, peer] of [
      [{}, '203.0.113.7'],
      [{}, '10.0.0.2'],
      [{}, '::ffff:192.168.1.4'],
      // X-Forwarded-For is the client's word, not its address: it cannot make a peer local…
      [{ 'x-forwarded-for': '127.0.0.1' }, '203.0.113.7'],
      // …and a reverse proxy on this machine connects from loopback on anyone's behalf.
      [{ 'x-forwarded-for': '203.0.113.7' }, '127.0.0.1'],
      [{ forwarded: 'for=203.0.113.7' }, '127.0.0.1'],
      [{ 'x-real-ip': '203.0.113.7' }, '::1'],
    ] as const) {
      const res = await signIn(headers, peer);
      expect(res.statusCode, `${peer} ${JSON.stringify(headers)}`).toBe(404);
      expect(res.cookies.map((c) => c.name)).toEqual(['csrf_token']);
      expect(await offered(headers, peer)).toBe(false);
    }
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await signIn({}, peer)).statusCode, peer).toBe(200);
      expect(await offered({}, peer)).toBe(true);
    }
  });

  it('turned on where others may reach the server, warns at start and on every sign-in (issue #28)', async () => {
    const lines: string[] = [];
    const exposed = await buildTestApp(
      { HOST: '0.0.0.0', AUTH_DEV_LOGIN: 'true', LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    const warnings = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string; email?: string }).filter((l) => l.level === 40);
    expect(warnings().map((w) => w.msg).join('\n')).toMatch(/AUTH_DEV_LOGIN=true on a server others may reach/);
    expect((await devSignIn('seen@example.com', undefined, exposed)).statusCode).toBe(200);
    expect((await devSignIn('seen@example.com', undefined, exposed)).statusCode).toBe(200);
    expect(warnings().filter((w) => w.email === 'seen@example.com')).toHaveLength(2);
    // Still from this machine only.
    const far = await exposed.app.inject({ method: 'POST', url: '/api/auth/dev/signin', payload: { email: 'x@example.com' }, remoteAddress: '198.51.100.1' });
    expect(far.statusCode).toBe(404);
  });

  it('lets simultaneous sign-ins of one new address all through: one user, one personal workspace', async () => {
    const results = await Promise.all([1, 2, 3].map(() => devSignIn('Twice@Example.com')));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = await Promise.all(results.map(async (r) => (await profileOf(body(r).data.accessToken)).id));
    expect(new Set(ids).size).toBe(1);
    const { rows } = await t.db.$client.query(
      `SELECT w.id FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id
        WHERE m.user_id = $1 AND w.is_personal`,
      [ids[0]],
    );
    expect(rows).toHaveLength(1);
    for (const r of results) expect(cookieMap(r).workspace_id).toBe(String(rows[0].id));
    // No personal workspace was left behind by a sign-up that lost the race.
    const orphans = await t.db.execute(sql`SELECT w.id FROM workspaces w
      WHERE NOT EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = w.id)`);
    expect(orphans.rows).toEqual([]);
  });

  it('gives simultaneous new users asking for the same nickname different ones', async () => {
    const results = await Promise.all([devSignIn('twin1@example.com', 'twin'), devSignIn('twin2@example.com', 'twin')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = await Promise.all(results.map((r) => profileOf(body(r).data.accessToken)));
    expect(a!.id).not.toBe(b!.id);
    expect([a!.nickname, b!.nickname]).toContain('twin');
    expect(a!.nickname).not.toBe(b!.nickname);
    for (const n of [a!.nickname, b!.nickname]) expect(n).toMatch(/^twin\d*$/);
  });

  it('refuses a malformed address (400)', async () => {
    expect((await devSignIn('not-an-email')).statusCode).toBe(400);
  });

  it('lists every auth route in the OpenAPI document', async () => {
    const doc = body(await t.app.inject({ url: '/api/docs/json' }));
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/auth/dev/signin', '/api/auth/token/refresh', '/api/auth/google/user',
      '/api/auth/apple/authorize', '/api/auth/apple/user', '/api/auth/apple/signin', '/auth/apple/callback',
    ]));
  });
});

describe('session cookies', () => {
  it('are HttpOnly SameSite=Lax (the anti-forgery and workspace ones readable by the page)', async () => {
    const { res } = await session();
    const c = Object.fromEntries(res.cookies.map((x) => [x.name, x]));
    // The cookie outlives the 15-minute token so that an expired one reads TOKEN_EXPIRED.
    expect(c.access_token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: REFRESH_TTL_S });
    expect(c.refresh_token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/token', maxAge: REFRESH_TTL_S });
    expect(c.workspace_id).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(c.workspace_id?.httpOnly).toBeFalsy();
    expect(c.csrf_token).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(c.csrf_token?.httpOnly).toBeFalsy();
    // Issue #31 item 24: when the access token expires (ms), readable, so the page refreshes first.
    expect(c.access_expires).toMatchObject({ sameSite: 'Lax', path: '/', maxAge: REFRESH_TTL_S });
    expect(c.access_expires?.httpOnly).toBeFalsy();
    expect(Math.abs(Number(c.access_expires!.value) - (Date.now() + ACCESS_TTL_S * 1000))).toBeLessThan(60_000);
    for (const x of res.cookies) expect(x.secure, x.name).toBeFalsy(); // plain http here
  });

  it('authenticate reads by cookie', async () => {
    const s = await session();
    const res = await t.app.inject({ url: '/api/auth/profile', cookies: { access_token: s.cookies.access_token! } });
    expect(res.statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate via the cookie (with the anti-forgery header) and via the body', async () => {
    const s = await session();
    const viaCookie = await refresh({
      cookies: { refresh_token: s.cookies.refresh_token!, csrf_token: s.cookies.csrf_token! },
      headers: { 'x-csrf-token': s.cookies.csrf_token! },
    });
    expect(viaCookie.statusCode).toBe(200);
    const next = body(viaCookie).data;
    expect(next.refreshToken).not.toBe(s.refreshToken);
    expect(cookieMap(viaCookie)).toMatchObject({ access_token: next.accessToken, refresh_token: next.refreshToken });
    expect((await t.app.inject({ url: '/api/auth/profile', headers: bearer(next.accessToken) })).statusCode).toBe(200);

    const viaBody = await refresh({ refresh: next.refreshToken });
    expect(viaBody.statusCode).toBe(200);
    expect(body(viaBody).data.refreshToken).not.toBe(next.refreshToken);
  });

  it('refuses a cookie refresh without the anti-forgery header (403)', async () => {
    const s = await session();
    const res = await refresh({ cookies: { refresh_token: s.cookies.refresh_token!, csrf_token: s.cookies.csrf_token! } });
    expect(res.statusCode).toBe(403);
    expect(body(res).error.code).toBe('CSRF_FAILED');
  });

  it(`treat a token reused over ${REFRESH_REUSE_GRACE_S} s after its rotation as theft: 401, and its whole family is revoked`, async () => {
    const s = await session();
    const first = body(await refresh({ refresh: s.refreshToken })).data.refreshToken;
    await rotatedLongAgo(s.refreshToken);
    const reused = await refresh({ refresh: s.refreshToken });
    expect(reused.statusCode).toBe(401);
    expect(body(reused).error.code).toBe('UNAUTHENTICATED');
    // The refused refresh also clears the cookies.
    expect(cookieMap(reused)).toMatchObject({ access_token: '', refresh_token: '' });
    expect((await refresh({ refresh: first })).statusCode).toBe(401);

    // Another sign-in of the same person is another family and is unaffected.
    const other = await session();
    expect((await refresh({ refresh: other.refreshToken })).statusCode).toBe(200);
  });

  it('let two simultaneous refreshes with one token both through, and both successors keep working', async () => {
    const s = await session();
    const cookies = { refresh_token: s.cookies.refresh_token!, csrf_token: s.cookies.csrf_token! };
    const headers = { 'x-csrf-token': s.cookies.csrf_token! };
    const results = await Promise.all([refresh({ cookies, headers }), refresh({ cookies, headers })]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const tokens = results.map((r) => body(r).data as { accessToken: string; refreshToken: string });
    expect(new Set([s.refreshToken, ...tokens.map((x) => x.refreshToken)]).size).toBe(3);
    for (const [i, r] of results.entries()) {
      expect(cookieMap(r)).toMatchObject({ access_token: tokens[i]!.accessToken, refresh_token: tokens[i]!.refreshToken });
      expect((await profileOf(tokens[i]!.accessToken)).id).toBe((await profileOf(s.accessToken)).id);
    }
    for (const { refreshToken } of tokens) {
      const next = await refresh({ refresh: refreshToken });
      expect(next.statusCode).toBe(200);
      expect((await refresh({ refresh: body(next).data.refreshToken })).statusCode).toBe(200);
    }
  });

  it('revoke the siblings issued in the grace window too when a token is reused after it', async () => {
    const s = await session();
    const [a, b] = await Promise.all([refresh({ refresh: s.refreshToken }), refresh({ refresh: s.refreshToken })]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    await rotatedLongAgo(s.refreshToken);
    expect((await refresh({ refresh: s.refreshToken })).statusCode).toBe(401);
    expect((await refresh({ refresh: body(a!).data.refreshToken })).statusCode).toBe(401);
    expect((await refresh({ refresh: body(b!).data.refreshToken })).statusCode).toBe(401);
  });

  it('refuse a just-rotated token once its family is revoked (logout)', async () => {
    const s = await session();
    const next = body(await refresh({ refresh: s.refreshToken })).data.refreshToken;
    await t.app.inject({ method: 'POST', url: '/api/auth/token/logout', payload: { refresh: next } });
    expect((await refresh({ refresh: s.refreshToken })).statusCode).toBe(401);
  });

  it('refuse unknown or missing tokens (401)', async () => {
    expect((await refresh({ refresh: 'made-up' })).statusCode).toBe(401);
    expect((await refresh({})).statusCode).toBe(401);
  });

  it('are revoked by logout, which clears the cookies', async () => {
    const s = await session();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/token/logout', payload: { refresh: s.refreshToken } });
    expect(out.statusCode).toBe(200);
    expect(body(out)).toEqual({ success: true, data: null });
    expect(cookieMap(out)).toMatchObject({ access_token: '', refresh_token: '', workspace_id: '' });
    expect((await refresh({ refresh: s.refreshToken })).statusCode).toBe(401);

    // By cookie, with the anti-forgery header.
    const c = await session();
    const cookies = { refresh_token: c.cookies.refresh_token!, access_token: c.cookies.access_token!, csrf_token: c.cookies.csrf_token! };
    const byCookie = await t.app.inject({
      method: 'POST', url: '/api/auth/token/logout', cookies, headers: { 'x-csrf-token': cookies.csrf_token },
    });
    expect(byCookie.statusCode).toBe(200);
    expect((await refresh({ refresh: c.refreshToken })).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  const profile = (token: string, by: 'bearer' | 'cookie') =>
    t.app.inject({
      url: '/api/auth/profile',
      ...(by === 'bearer' ? { headers: bearer(token) } : { cookies: { access_token: token } }),
    });

  it('refuse expired (TOKEN_EXPIRED) and forged or malformed ones (UNAUTHENTICATED), by header or cookie', async () => {
    const s = await session();
    const me = body(await profile(s.accessToken, 'bearer')).data;
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(me.id))
      .setIssuer('sauce')
      .setIssuedAt(now - 2 * ACCESS_TTL_S)
      .setExpirationTime(now - ACCESS_TTL_S)
      .sign(t.secret);
    const forged = await signAccessToken(new TextEncoder().encode(randomBytes(32).toString('hex')), me.id);
    const noExpiry = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(me.id)).setIssuer('sauce').sign(t.secret);
    const cases: [string, string][] = [
      [expired, 'TOKEN_EXPIRED'],
      [forged, 'UNAUTHENTICATED'],
      [noExpiry, 'UNAUTHENTICATED'],
      ['garbage', 'UNAUTHENTICATED'],
    ];
    for (const [token, code] of cases) {
      for (const by of ['bearer', 'cookie'] as const) {
        const res = await profile(token, by);
        expect(res.statusCode, `${code} ${by}`).toBe(401);
        expect(body(res).error.code, `${code} ${by}`).toBe(code);
      }
    }
    expect((await t.app.inject({ url: '/api/auth/profile' })).statusCode).toBe(401);
  });

  it('refuse a token once it expires, though it was accepted (and its signature remembered) before', async () => {
    const s = await session();
    const me = body(await profile(s.accessToken, 'bearer')).data;
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(me.id))
      .setIssuer('sauce')
      .setIssuedAt(now)
      .setExpirationTime(now + 2)
      .sign(t.secret);
    expect((await profile(shortLived, 'bearer')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, (now + 2) * 1000 - Date.now() + 50));
    const res = await profile(shortLived, 'bearer');
    expect(res.statusCode).toBe(401);
    expect(body(res).error.code).toBe('TOKEN_EXPIRED');
  });
});

describe('anti-forgery check', () => {
  it('needs x-csrf-token equal to the csrf_token cookie on cookie-authenticated writes', async () => {
    const s = await session();
    const cookies = { access_token: s.cookies.access_token!, csrf_token: s.cookies.csrf_token! };
    const create = (headers: Record<string, string> = {}, name = 'Folder') =>
      t.app.inject({ method: 'POST', url: `/api/archive/folder/${s.workspaceId}`, cookies, headers, payload: { name } });

    const missing = await create();
    expect(missing.statusCode).toBe(403);
    expect(body(missing).error).toMatchObject({ code: 'CSRF_FAILED' });
    expect((await create({ 'x-csrf-token': 'wrong' })).statusCode).toBe(403);
    const { csrf_token: _c, ...noCookie } = cookies;
    const noCsrfCookie = await t.app.inject({
      method: 'POST', url: `/api/archive/folder/${s.workspaceId}`, cookies: noCookie, headers: { 'x-csrf-token': cookies.csrf_token }, payload: { name: 'X' },
    });
    expect(noCsrfCookie.statusCode).toBe(403);

    const okRes = await create({ 'x-csrf-token': cookies.csrf_token });
    expect(okRes.statusCode).toBe(200);
    // Reads need no header.
    expect((await t.app.inject({ url: `/api/archive/folder/${s.workspaceId}/list`, cookies })).statusCode).toBe(200);
  });

  it('does not apply to bearer-authenticated writes', async () => {
    const s = await session();
    const url = `/api/archive/folder/${s.workspaceId}`;
    const plain = await t.app.inject({ method: 'POST', url, headers: bearer(s.accessToken), payload: { name: 'A' } });
    expect(plain.statusCode).toBe(200);
    // Even when the browser's cookies ride along.
    const withCookies = await t.app.inject({
      method: 'POST', url, headers: bearer(s.accessToken), cookies: { access_token: s.cookies.access_token! }, payload: { name: 'B' },
    });
    expect(withCookies.statusCode).toBe(200);
  });

  it('hands a csrf_token cookie to a browser that has none, and keeps an existing one', async () => {
    const fresh = await t.app.inject({ url: '/api/auth/config' });
    expect(cookieMap(fresh).csrf_token).toMatch(/^[\w-]{32}$/);
    const kept = await t.app.inject({ url: '/api/auth/config', cookies: { csrf_token: 'abc' } });
    expect(cookieMap(kept).csrf_token).toBeUndefined();
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 RATE_LIMITED past AUTH_RATE_LIMIT attempts a minute', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT: '3' });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await devSignIn(`r${i}@example.com`, undefined, limited)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await devSignIn('r9@example.com', undefined, limited);
    expect(res.statusCode).toBe(429);
    expect(body(res)).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
  });
});
