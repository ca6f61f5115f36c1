import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signPendingSignUp } from '../../auth/pending-sign-up.ts';
import { signAccessToken } from '../../auth/tokens.ts';
import { markDestination } from './apple.ts';
import { users } from '../../db/schema.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { hybridClient, implicitClient, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';

const APPLE = 'com.sauce.web'; // the Services ID the web flow uses
const IOS = 'com.sauce.ios'; // the app's bundle id: a second accepted audience
const PUBLIC_URL = 'https://sauce.test';
const CALLBACK = `${PUBLIC_URL}/auth/apple/callback`;
const APPLE_COOKIES = ['apple_state', 'apple_nonce', 'apple_destination'];

let t: TestApp;
let idp: TestOidcProvider;

beforeAll(async () => {
  idp = await startOidcProvider({
    clients: [hybridClient(APPLE, CALLBACK), implicitClient(IOS), implicitClient('google-web-client')],
  });
  t = await buildTestApp({
    PUBLIC_URL,
    APPLE_CLIENT_ID: `${APPLE}, ${IOS}`,
    APPLE_ISSUER: idp.issuer,
    APPLE_JWKS_URL: idp.jwksUrl,
    APPLE_AUTHORIZE_URL: idp.authorizeUrl,
  });
});
afterAll(async () => {
  await idp?.close();
});

const cookieMap = (res: LightMyRequestResponse) => Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));

/** GET /api/auth/apple/authorize, as the web app's Apple button does. */
async function authorize(destination?: string, app = t) {
  const query = destination === undefined ? '' : `?destination=${encodeURIComponent(destination)}`;
  const res = await app.app.inject({ url: `/api/auth/apple/authorize${query}` });
  expect(res.statusCode).toBe(302);
  return { res, location: new URL(res.headers.location as string), cookies: cookieMap(res) };
}

/** What a browser carries on Apple's cross-site form_post: only the SameSite=None cookies. */
function crossSiteCookies(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(res.cookies.filter((c) => c.sameSite === 'None').map((c) => [c.name, c.value]));
}

const postCallback = (fields: Record<string, string>, cookies: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/apple/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies,
    payload: new URLSearchParams(fields).toString(),
  });

/** The whole web flow up to Apple's form_post: our redirect, the provider's sign-in. */
async function appleFlow(subject: string, destination?: string) {
  const start = await authorize(destination);
  const post = await idp.authorize(start.location, subject);
  expect(post).toMatchObject({ via: 'form_post', action: CALLBACK });
  return { start, fields: post.fields, cookies: crossSiteCookies(start.res) };
}

const profileByCookie = async (res: LightMyRequestResponse) =>
  t.app.inject({ url: '/api/auth/profile', cookies: { access_token: cookieMap(res).access_token! } });

/** The accounts with this Apple subject (0 or 1). */
const accountsOf = async (subject: string) => (await t.db.select().from(users).where(eq(users.appleSub, subject))).length;

const CSRF = 'csrf-pair-value';
/** POST /api/auth/apple/signup as the web app sends it: the cookies it has and the anti-forgery pair. */
const postSignUp = (cookies: Record<string, string>, agreeMarketing: boolean, csrf: string | null = CSRF) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/apple/signup',
    cookies: { ...(csrf === null ? {} : { csrf_token: CSRF }), ...cookies },
    headers: csrf === null ? {} : { 'x-csrf-token': csrf },
    payload: { agreeMarketing },
  });

/** The whole web flow of a person new to Sauce, up to the terms: the callback's answer and its pending cookie. */
async function newPersonCallback(subject: string, destination = '/dashboard', user?: string) {
  const { fields, cookies } = await appleFlow(subject, destination);
  const res = await postCallback(user ? { ...fields, user } : fields, cookies);
  expect(res.statusCode).toBe(303);
  const pending = res.cookies.find((c) => c.name === 'apple_signup');
  expect(pending?.value).toBeTruthy();
  return { res, pending: pending!.value };
}

describe('Apple authorize redirect', () => {
  it('sends the browser to Apple with the SPEC parameters and keeps state, nonce and destination', async () => {
    const { res, location, cookies } = await authorize('/archive/text?sauceId=7&archiveType=TEXT');
    expect(`${location.origin}${location.pathname}`).toBe(idp.authorizeUrl);
    const q = Object.fromEntries(location.searchParams);
    expect(q).toEqual({
      client_id: APPLE,
      redirect_uri: CALLBACK,
      response_type: 'code id_token',
      response_mode: 'form_post',
      scope: 'name email',
      state: expect.stringMatching(/^[\w-]{32}$/),
      nonce: expect.stringMatching(/^[\w-]{32}$/),
    });
    expect(location.search).toContain('scope=name%20email');
    expect(cookies).toMatchObject({
      apple_state: q.state,
      apple_nonce: q.nonce,
      apple_destination: '/archive/text?sauceId=7&archiveType=TEXT',
    });
    for (const name of APPLE_COOKIES) {
      // Over https: SameSite=None;Secure so that Apple's cross-site POST carries them…
      expect(res.cookies.find((c) => c.name === name)).toMatchObject({
        httpOnly: true, secure: true, sameSite: 'None', path: '/auth/apple', maxAge: 600,
      });
      // …and a copy without SameSite for browsers that mishandle None.
      const legacy = res.cookies.find((c) => c.name === `${name}_legacy`);
      expect(legacy).toMatchObject({ httpOnly: true, secure: true, path: '/auth/apple' });
      expect(legacy?.sameSite).toBeUndefined();
    }
    const other = await authorize('/dashboard');
    expect(other.cookies.apple_state).not.toBe(q.state);
    expect(other.cookies.apple_nonce).not.toBe(q.nonce);
  });

  it('marks the destination for the terms, keeping its other parameters and hash', () => {
    expect(markDestination('/dashboard', true)).toBe('/dashboard?signup=apple');
    expect(markDestination('/archive?x=1&y=%20z#top', true)).toBe('/archive?x=1&y=%20z&signup=apple#top');
    expect(markDestination('/archive?signup=apple&x=1', true)).toBe('/archive?x=1&signup=apple');
    expect(markDestination('/archive?signup=apple#h', false)).toBe('/archive#h');
    expect(markDestination('/mypage/profile#top', false)).toBe('/mypage/profile#top');
  });

  it('keeps only same-origin paths as the destination', async () => {
    for (const foreign of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'evil.example', '', '/.//evil.example', '/..//evil.example', '/%2e//evil.example']) {
      expect((await authorize(foreign)).cookies.apple_destination, foreign).toBe('/dashboard');
    }
    expect((await authorize()).cookies.apple_destination).toBe('/dashboard');
    expect((await authorize('/mypage/profile#top')).cookies.apple_destination).toBe('/mypage/profile#top');
  });

  it('uses SameSite=Lax cookies over plain http (None needs Secure)', async () => {
    const http = await buildTestApp({
      APPLE_CLIENT_ID: APPLE,
      APPLE_ISSUER: idp.issuer,
      APPLE_JWKS_URL: idp.jwksUrl,
      APPLE_AUTHORIZE_URL: idp.authorizeUrl,
    });
    const { res, location } = await authorize('/dashboard', http);
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/apple/callback');
    for (const name of APPLE_COOKIES) {
      expect(res.cookies.find((c) => c.name === name)).toMatchObject({ sameSite: 'Lax', httpOnly: true });
      expect(res.cookies.find((c) => c.name === name)?.secure).toBeFalsy();
    }
    expect(res.cookies.some((c) => c.name.endsWith('_legacy'))).toBe(false);
  });
});

describe('Apple callback', () => {
  it('sends a new person to the terms with a pending sign-up, creating nothing; agreeing signs up (issue #31 item 4)', async () => {
    idp.accounts.set('a-alice', { email: 'alice@privaterelay.appleid.com', emailVerified: 'true' });
    const { fields, cookies } = await appleFlow('a-alice', '/archive/image?draft=true#top');
    expect(fields).toMatchObject({ code: expect.any(String), id_token: expect.any(String), state: cookies.apple_state });
    // Apple adds the name, as JSON, the first time only.
    const user = JSON.stringify({ name: { firstName: 'Alice', lastName: 'Apple' }, email: 'alice@privaterelay.appleid.com' });
    const res = await postCallback({ ...fields, user }, cookies); // no x-csrf-token: exempt
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/archive/image?draft=true&signup=apple#top');
    const set = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    // No account, no session: only the pending sign-up, for the sign-up endpoint alone.
    expect(set.access_token).toBeUndefined();
    expect(set.refresh_token).toBeUndefined();
    expect(await accountsOf('a-alice')).toBe(0);
    expect(set.apple_signup).toMatchObject({
      httpOnly: true, secure: true, sameSite: 'Lax', path: '/api/auth/apple/signup', maxAge: 600,
    });
    for (const name of APPLE_COOKIES) expect(set[name]?.value, name).toBe(''); // used up

    // The terms agreed, with marketing: the account is made with the name Apple sent once.
    const up = await postSignUp({ apple_signup: set.apple_signup!.value }, true);
    expect(up.statusCode).toBe(200);
    expect(body(up).data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const upSet = Object.fromEntries(up.cookies.map((c) => [c.name, c]));
    expect(upSet.access_token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(upSet.refresh_token).toMatchObject({ httpOnly: true, path: '/api/auth/token' });
    expect(upSet.workspace_id?.value).toMatch(/^\d+$/);
    expect(upSet.apple_signup).toMatchObject({ value: '', path: '/api/auth/apple/signup' }); // cleared
    const me = body(await profileByCookie(up)).data;
    expect(me).toMatchObject({ nickname: 'AliceApple', email: 'alice@privaterelay.appleid.com', agreeMarketing: true });
    expect(await accountsOf('a-alice')).toBe(1);

    // Next time: no `user` field, same account; the legacy cookies alone are enough.
    const next = await appleFlow('a-alice', '/dashboard');
    const legacyOnly = Object.fromEntries(
      next.start.res.cookies.filter((c) => c.name.endsWith('_legacy')).map((c) => [c.name, c.value]),
    );
    // A session cookie riding along (same-site stand-in) does not trigger the header check.
    const again = await postCallback(next.fields, { ...legacyOnly, access_token: 'stale' });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/dashboard');
    expect(again.cookies.find((c) => c.name === 'apple_signup')).toBeUndefined();
    expect(body(await profileByCookie(again)).data.id).toBe(me.id);
  });

  it('signs a known person in directly, never sending them to the terms', async () => {
    const { pending } = await newPersonCallback('a-known');
    expect((await postSignUp({ apple_signup: pending }, false)).statusCode).toBe(200);
    // Started from a page that still had the marker: it does not come back.
    const { fields, cookies } = await appleFlow('a-known', '/article?signup=apple&tab=2');
    const res = await postCallback(fields, cookies);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/article?tab=2');
    expect(cookieMap(res).access_token).toBeTruthy();
    expect(res.cookies.find((c) => c.name === 'apple_signup')).toBeUndefined();
    expect(body(await profileByCookie(res)).data).toMatchObject({ agreeMarketing: false });
    expect(await accountsOf('a-known')).toBe(1);
  });

  it('never follows a foreign destination', async () => {
    const { fields, cookies } = await appleFlow('a-bob', 'https://evil.example');
    const res = await postCallback(fields, cookies);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard?signup=apple'); // new to Sauce: the terms first
    // Nor one planted in the cookie directly.
    const planted = await appleFlow('a-bob', '/dashboard');
    const res2 = await postCallback(planted.fields, { ...planted.cookies, apple_destination: '//evil.example' });
    expect(res2.headers.location).toBe('/dashboard?signup=apple');
  });

  it('refuses a wrong or missing state, a wrong nonce, a replay and a forged token (401)', async () => {
    const expectRefused = (res: LightMyRequestResponse, what: string) => {
      expect(res.statusCode, what).toBe(401);
      expect(body(res).error.code, what).toBe('UNAUTHENTICATED');
      expect(res.cookies.find((c) => c.name === 'access_token'), what).toBeUndefined();
    };
    const a = await appleFlow('a-mallory', '/dashboard');
    expectRefused(await postCallback({ ...a.fields, state: 'guessed' }, a.cookies), 'wrong state');
    const b = await appleFlow('a-mallory', '/dashboard');
    const { apple_state: _s, ...noState } = b.cookies;
    expectRefused(await postCallback(b.fields, noState), 'no state cookie');

    // A token issued for another sign-in's nonce (state matches, nonce does not).
    const c = await appleFlow('a-mallory', '/dashboard');
    const d = await authorize('/dashboard');
    expectRefused(
      await postCallback(c.fields, { ...c.cookies, apple_nonce: d.cookies.apple_nonce! }),
      'wrong nonce',
    );

    const e = await appleFlow('a-mallory', '/dashboard');
    const forged = await idp.forge({ clientId: APPLE, subject: 'a-mallory', nonce: e.start.cookies.apple_nonce });
    expectRefused(await postCallback({ ...e.fields, id_token: forged }, e.cookies), 'forged');

    const f = await appleFlow('a-mallory', '/dashboard');
    expect((await postCallback(f.fields, f.cookies)).statusCode).toBe(303);
    expectRefused(await postCallback(f.fields, {}), 'replay'); // the browser dropped the used-up cookies
  });

  it('goes back to the destination when the person cancels at Apple', async () => {
    const { res: start, cookies } = await authorize('/article');
    const res = await postCallback({ error: 'user_cancelled_authorize', state: cookies.apple_state! }, crossSiteCookies(start));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/article');
    expect(res.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
  });
});

describe('Completing a web Apple sign-up (POST /api/auth/apple/signup, issue #31 item 4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const expectNothingMade = async (res: LightMyRequestResponse, subject: string, what: string) => {
    expect(res.statusCode, what).toBe(401);
    expect(body(res).error.code, what).toBe('UNAUTHENTICATED');
    expect(res.cookies.find((c) => c.name === 'access_token'), what).toBeUndefined();
    expect(await accountsOf(subject), what).toBe(0);
  };

  it('keeps the name hint and the choice not to get marketing', async () => {
    idp.accounts.set('a-nomarketing', { email: 'nm@example.com', emailVerified: 'true' });
    const { pending } = await newPersonCallback('a-nomarketing', '/dashboard');
    const up = await postSignUp({ apple_signup: pending }, false);
    expect(up.statusCode).toBe(200);
    expect(body(await profileByCookie(up)).data).toMatchObject({ nickname: 'nm', email: 'nm@example.com', agreeMarketing: false });
  });

  it('refuses a missing, tampered, foreign or expired pending sign-up (401) and creates nothing', async () => {
    const { pending } = await newPersonCallback('a-eve');
    await expectNothingMade(await postSignUp({}, true), 'a-eve', 'missing');

    // Another subject written into the claims: the signature no longer matches.
    const [header, payload, signature] = pending.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const other = Buffer.from(JSON.stringify({ ...claims, subject: 'a-victim' })).toString('base64url');
    const tampered = await postSignUp({ apple_signup: `${header}.${other}.${signature}` }, true);
    await expectNothingMade(tampered, 'a-victim', 'tampered');
    expect(tampered.cookies.find((c) => c.name === 'apple_signup')?.value).toBe(''); // cleared
    await expectNothingMade(await postSignUp({ apple_signup: `${pending}x` }, true), 'a-eve', 'bad signature');
    await expectNothingMade(await postSignUp({ apple_signup: 'not-a-jwt' }, true), 'a-eve', 'garbage');
    // Signed by another server (another secret).
    const foreign = await signPendingSignUp(new TextEncoder().encode('another-secret'), {
      kind: 'apple', subject: 'a-eve', email: null, nickname: 'eve',
    });
    await expectNothingMade(await postSignUp({ apple_signup: foreign }, true), 'a-eve', 'foreign');
    // An access token is no pending sign-up.
    await expectNothingMade(await postSignUp({ apple_signup: await signAccessToken(t.secret, 1) }, true), 'a-eve', 'access token');

    // Made 11 minutes ago: expired (10 minutes), with a message that says so.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 11 * 60 * 1000);
    const old = await signPendingSignUp(t.secret, { kind: 'apple', subject: 'a-eve', email: null, nickname: 'eve' });
    vi.useRealTimers();
    const expired = await postSignUp({ apple_signup: old }, true);
    await expectNothingMade(expired, 'a-eve', 'expired');
    expect(body(expired).error.message).toMatch(/expired/);

    // The genuine one still works.
    expect((await postSignUp({ apple_signup: pending }, true)).statusCode).toBe(200);
    expect(await accountsOf('a-eve')).toBe(1);
  });

  it('needs the anti-forgery pair (403 CSRF_FAILED)', async () => {
    const { pending } = await newPersonCallback('a-forged-form');
    for (const csrf of [null, 'wrong']) {
      const res = await postSignUp({ apple_signup: pending }, true, csrf);
      expect(res.statusCode).toBe(403);
      expect(body(res).error.code).toBe('CSRF_FAILED');
    }
    expect(await accountsOf('a-forged-form')).toBe(0);
  });
});

describe('Apple sign-in for the apps', () => {
  it('answers 404 User not exist, signs up with POST /auth/apple/user, then signs in', async () => {
    idp.accounts.set('a-ios', { email: 'ios@example.com', emailVerified: 'false' });
    const signin = (idToken: string) => t.app.inject({ method: 'POST', url: '/api/auth/apple/signin', payload: { idToken } });
    const unknown = await signin(await idp.idToken({ clientId: IOS, subject: 'a-ios' }));
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).error).toEqual({ code: 'USER_NOT_EXIST', message: 'User not exist' });

    const up = await t.app.inject({
      method: 'POST',
      url: '/api/auth/apple/user',
      payload: { idToken: await idp.idToken({ clientId: IOS, subject: 'a-ios' }), agreeMarketing: true },
    });
    expect(up.statusCode).toBe(200);
    expect(body(up).data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const headers = { authorization: `Bearer ${body(up).data.accessToken}` };
    const me = body(await t.app.inject({ url: '/api/auth/profile', headers })).data;
    expect(me).toMatchObject({ email: null, agreeMarketing: true }); // e-mail not verified: not kept

    // The web Services ID is an accepted audience too.
    const inAgain = await signin(await idp.idToken({ clientId: APPLE, subject: 'a-ios' }));
    expect(inAgain.statusCode).toBe(200);
    const again = body(await t.app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${body(inAgain).data.accessToken}` } }));
    expect(again.data.id).toBe(me.id);
  });

  it('refuses a token for another audience or a forged one (401)', async () => {
    const foreign = await idp.idToken({ clientId: 'google-web-client', subject: 'a-ios' });
    const forged = await idp.forge({ clientId: IOS, subject: 'a-ios' });
    for (const idToken of [foreign, forged]) {
      for (const url of ['/api/auth/apple/signin', '/api/auth/apple/user']) {
        const res = await t.app.inject({ method: 'POST', url, payload: { idToken } });
        expect(res.statusCode, url).toBe(401);
        expect(body(res).error.code).toBe('UNAUTHENTICATED');
      }
    }
  });
});
