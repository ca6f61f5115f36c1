import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { implicitClient, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';

const GOOGLE = 'google-web-client';
let t: TestApp;
let idp: TestOidcProvider;
let otherIssuer: TestOidcProvider;

beforeAll(async () => {
  idp = await startOidcProvider({ clients: [implicitClient(GOOGLE), implicitClient('another-app')] });
  // Same keys, different issuer: only the `iss` check can refuse its tokens.
  otherIssuer = await startOidcProvider({ clients: [implicitClient(GOOGLE)], keys: idp.keys });
  t = await buildTestApp({ GOOGLE_CLIENT_ID: GOOGLE, GOOGLE_ISSUER: idp.issuer, GOOGLE_JWKS_URL: idp.jwksUrl });
});
afterAll(async () => {
  await Promise.all([idp?.close(), otherIssuer?.close()]);
});

const signInGet = (token: string) =>
  t.app.inject({ url: '/api/auth/google/user', headers: { authorization: `Bearer ${token}` } });
const signUp = (token: string, agreeMarketing = false) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google/user', payload: { token, agreeMarketing } });
const profile = async (accessToken: string) =>
  body(await t.app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${accessToken}` } })).data;

describe('Google sign-in', () => {
  it('answers 404 User not exist, signs up with the marketing flag, then signs in', async () => {
    idp.accounts.set('g-alice', { email: 'Alice@Gmail.com', name: 'Alice Kim' });
    const unknown = await signInGet(await idp.idToken({ clientId: GOOGLE, subject: 'g-alice' }));
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toEqual({ success: false, error: { code: 'USER_NOT_EXIST', message: 'User not exist' } });

    const created = await signUp(await idp.idToken({ clientId: GOOGLE, subject: 'g-alice' }), true);
    expect(created.statusCode).toBe(200);
    const { data } = body(created);
    expect(data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(created.cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'workspace_id']));
    const me = await profile(data.accessToken);
    expect(me).toMatchObject({ nickname: 'AliceKim', email: 'alice@gmail.com', agreeMarketing: true });
    const spaces = body(await t.app.inject({ url: '/api/workspace', headers: { authorization: `Bearer ${data.accessToken}` } }));
    expect(spaces.data).toEqual([expect.objectContaining({ name: 'My space', permission: 'OWNER' })]);

    // The Google token rides in the same Authorization header the session plugin reads as
    // our own access token; it is refused there quietly and the route still signs in.
    const again = await signInGet(await idp.idToken({ clientId: GOOGLE, subject: 'g-alice' }));
    expect(again.statusCode).toBe(200);
    expect((await profile(body(again).data.accessToken)).id).toBe(me.id);
    expect(again.cookies.find((c) => c.name === 'access_token')?.value).toBe(body(again).data.accessToken);

    // Signing up again is a sign-in: same user, nothing changed, no second workspace.
    const twice = await signUp(await idp.idToken({ clientId: GOOGLE, subject: 'g-alice' }), false);
    expect(twice.statusCode).toBe(200);
    expect(await profile(body(twice).data.accessToken)).toMatchObject({ id: me.id, agreeMarketing: true });
    const after = body(await t.app.inject({ url: '/api/workspace', headers: { authorization: `Bearer ${body(twice).data.accessToken}` } }));
    expect(after.data).toHaveLength(1);
  });

  it('derives the nickname from a verified e-mail without a name, and keeps no unverified e-mail', async () => {
    idp.accounts.set('g-bob', { email: 'bob.builder@example.com' });
    const bob = await signUp(await idp.idToken({ clientId: GOOGLE, subject: 'g-bob' }));
    expect(bob.statusCode).toBe(200);
    expect(await profile(body(bob).data.accessToken)).toMatchObject({ email: 'bob.builder@example.com', nickname: 'bobbuilder', agreeMarketing: false });

    idp.accounts.set('g-carol', { email: 'carol@example.com', emailVerified: false });
    const carol = await signUp(await idp.idToken({ clientId: GOOGLE, subject: 'g-carol' }));
    expect(carol.statusCode).toBe(200);
    expect(await profile(body(carol).data.accessToken)).toMatchObject({ email: null, nickname: expect.stringMatching(/^sauce/) });
  });

  it('refuses forged, expired, foreign-audience, foreign-issuer and malformed tokens (401)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 2 * 60 * 60 * 1000); // issued two hours ago, valid for one
    let expired: string;
    try {
      expired = await idp.idToken({ clientId: GOOGLE, subject: 'g-mallory' });
    } finally {
      vi.useRealTimers();
    }
    const bad = {
      forged: await idp.forge({ clientId: GOOGLE, subject: 'g-mallory' }),
      expired,
      audience: await idp.idToken({ clientId: 'another-app', subject: 'g-mallory' }),
      issuer: await otherIssuer.idToken({ clientId: GOOGLE, subject: 'g-mallory' }),
      malformed: 'not.a.jwt',
    };
    for (const [what, token] of Object.entries(bad)) {
      for (const res of [await signInGet(token), await signUp(token)]) {
        expect(res.statusCode, what).toBe(401);
        expect(body(res).error.code, what).toBe('UNAUTHENTICATED');
        expect(res.cookies.find((c) => c.name === 'access_token'), what).toBeUndefined();
      }
    }
    expect(body(await signInGet(bad.expired)).error.message).toBe('The ID token has expired.');
    // None of them created the user.
    const real = await signInGet(await idp.idToken({ clientId: GOOGLE, subject: 'g-mallory' }));
    expect(body(real).error.code).toBe('USER_NOT_EXIST');
  });

  it('needs a bearer token on GET and a token in the body on POST', async () => {
    const none = await t.app.inject({ url: '/api/auth/google/user' });
    expect(none.statusCode).toBe(401);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/auth/google/user', payload: { agreeMarketing: true } });
    expect(noBody.statusCode).toBe(400);
  });
});

describe('sign-in methods without a client id', () => {
  it('are off (404): Google, Apple and the Apple callback', async () => {
    const off = await buildTestApp();
    const config = body(await off.app.inject({ url: '/api/auth/config' })).data;
    expect(config).toMatchObject({ google: null, apple: null });
    const token = await idp.idToken({ clientId: GOOGLE, subject: 'g-off' });
    const calls = [
      off.app.inject({ url: '/api/auth/google/user', headers: { authorization: `Bearer ${token}` } }),
      off.app.inject({ method: 'POST', url: '/api/auth/google/user', payload: { token } }),
      off.app.inject({ url: '/api/auth/apple/authorize?destination=/dashboard' }),
      off.app.inject({ method: 'POST', url: '/api/auth/apple/user', payload: { idToken: token } }),
      off.app.inject({ method: 'POST', url: '/api/auth/apple/signin', payload: { idToken: token } }),
      off.app.inject({
        method: 'POST',
        url: '/auth/apple/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ state: 'x', id_token: token }).toString(),
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.raw.req?.url).toBe(404);
      expect(body(res).error.code).toBe('NOT_FOUND');
    }
  });
});
