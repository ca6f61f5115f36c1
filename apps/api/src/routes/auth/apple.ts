import { randomBytes } from 'node:crypto';
import { COOKIES } from '@sauce/contract/common';
import { MAX_DESTINATION_LENGTH } from '@sauce/contract/endpoints/auth';
import { SIGN_UP_MARKER } from '@sauce/contract/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createIdTokenVerifier, nicknameHint, requireEnabled, sameSecret } from '../../auth/oidc.ts';
import { PENDING_SIGN_UP_TTL_S, signPendingSignUp, verifyPendingSignUp } from '../../auth/pending-sign-up.ts';
import { hasCsrfPair } from '../../auth/session.ts';
import type { Config } from '../../config.ts';
import type { Deps, ZApp } from '../../deps.ts';
import { AppError, CsrfError, UnauthenticatedError } from '../../errors.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { signIn, signInRateLimit } from './sign-in.ts';
import { PUBLIC } from '../../lib/openapi.ts';

/** Where Apple posts the sign-in result: at the root, outside /api (SPEC §4 Sign-in). */
export const APPLE_CALLBACK_PATH = '/auth/apple/callback';
/** Where the browser goes after an Apple sign-in without a usable destination. */
export const DEFAULT_DESTINATION = '/dashboard';
/** Lifetime of the state, nonce and destination cookies of one Apple sign-in, seconds. */
export const APPLE_STATE_TTL_S = 10 * 60;
/** Largest form Apple's callback accepts, bytes (an id_token is ~1 KB). */
const FORM_LIMIT_BYTES = 32 * 1024;

const APPLE_COOKIES = { state: 'apple_state', nonce: 'apple_nonce', destination: COOKIES.appleDestination } as const;
type AppleCookie = keyof typeof APPLE_COOKIES;
const COOKIE_PATH = '/auth/apple';
const LEGACY = '_legacy';

/** Where a person new to Sauce completes an Apple sign-up after the terms (issue #31 item 4). */
export const APPLE_SIGN_UP_PATH = '/api/auth/apple/signup';
/**
 * The pending Apple sign-up: the verified identity, signed (auth/pending-sign-up.ts), kept
 * from the callback until the person agrees to the terms. HttpOnly, SameSite=Lax, sent to
 * {@link APPLE_SIGN_UP_PATH} only, 10 minutes.
 */
export const APPLE_SIGN_UP_COOKIE = 'apple_signup';

function signUpCookieOptions(config: Config) {
  return { path: APPLE_SIGN_UP_PATH, httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies, maxAge: PENDING_SIGN_UP_TTL_S };
}

/**
 * `destination` (a same-origin path, from {@link safeDestination}) with the sign-up marker
 * `signup=apple` as the last query parameter when `marked` (before any '#'), else without
 * it; the other parameters stay as they were. E.g. ('/archive?x=1#top', true) →
 * '/archive?x=1&signup=apple#top'. An old marker never survives: a known person who
 * started from a marked page must not land on the terms.
 */
export function markDestination(destination: string, marked: boolean): string {
  const hash = destination.indexOf('#');
  const fragment = hash === -1 ? '' : destination.slice(hash);
  const beforeHash = hash === -1 ? destination : destination.slice(0, hash);
  const q = beforeHash.indexOf('?');
  const path = q === -1 ? beforeHash : beforeHash.slice(0, q);
  const marker = `${SIGN_UP_MARKER.param}=${SIGN_UP_MARKER.apple}`;
  const params = (q === -1 ? [] : beforeHash.slice(q + 1).split('&')).filter((p) => p !== '' && p !== marker);
  if (marked) params.push(marker);
  return `${path}${params.length ? `?${params.join('&')}` : ''}${fragment}`;
}

/**
 * Options of the Apple sign-in cookies. Apple's form_post is a cross-site POST, which does
 * not carry SameSite=Lax cookies: over https they are SameSite=None;Secure. Plain http
 * cannot have SameSite=None (browsers need Secure with it), so they are Lax there, which
 * still works when the issuer is same-site (a local stand-in).
 */
function appleCookieOptions(config: Config) {
  const base = { path: COOKIE_PATH, httpOnly: true, secure: config.secureCookies, maxAge: APPLE_STATE_TTL_S };
  return {
    main: { ...base, sameSite: config.secureCookies ? ('none' as const) : ('lax' as const) },
    // Browsers that mishandle SameSite=None (drop it, or treat it as Strict) still send a
    // cookie without the attribute; it is set beside the main one and read when it is missing.
    // (`false` omits the attribute; @fastify/cookie would add Lax by default.)
    legacy: { ...base, sameSite: false as const },
  };
}

function setAppleCookies(reply: FastifyReply, config: Config, values: Record<AppleCookie, string>) {
  const o = appleCookieOptions(config);
  for (const key of Object.keys(APPLE_COOKIES) as AppleCookie[]) {
    reply.setCookie(APPLE_COOKIES[key], values[key], o.main);
    if (config.secureCookies) reply.setCookie(APPLE_COOKIES[key] + LEGACY, values[key], o.legacy);
  }
}

/** Reads the Apple sign-in cookies (falling back to the legacy ones) and clears them: one use each. */
function takeAppleCookies(req: FastifyRequest, reply: FastifyReply, config: Config) {
  const o = appleCookieOptions(config);
  const out = {} as Record<AppleCookie, string | undefined>;
  for (const key of Object.keys(APPLE_COOKIES) as AppleCookie[]) {
    const name = APPLE_COOKIES[key];
    out[key] = req.cookies[name] || req.cookies[name + LEGACY] || undefined;
    if (req.cookies[name] !== undefined) reply.clearCookie(name, o.main);
    if (req.cookies[name + LEGACY] !== undefined) reply.clearCookie(name + LEGACY, o.legacy);
  }
  return out;
}

/** Whether `s` holds a backslash or an ASCII control character (U+0000–U+001F, U+007F). */
function hasBackslashOrControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x1f || c === 0x7f || c === 0x5c) return true;
  }
  return false;
}

/**
 * The path to send the browser to after sign-in: `raw` when it is a same-origin relative
 * path ('/archive?x=1#y'), else {@link DEFAULT_DESTINATION}. Absolute and protocol-relative
 * URLs ('https://evil.example', '//evil.example', '/\evil.example') never pass.
 */
export function safeDestination(raw: string | undefined, publicUrl: string): string {
  if (!raw || raw.length > MAX_DESTINATION_LENGTH || !raw.startsWith('/') || raw.startsWith('//')) {
    return DEFAULT_DESTINATION;
  }
  if (hasBackslashOrControl(raw)) return DEFAULT_DESTINATION;
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return DEFAULT_DESTINATION;
  }
  if (url.origin !== origin) return DEFAULT_DESTINATION;
  // Normalisation can turn '/.//evil.example' into '//evil.example': check the result too.
  if (url.pathname.startsWith('//')) return DEFAULT_DESTINATION;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The name in Apple's first-time `user` form field (`{"name":{"firstName","lastName"}}`), or null. */
function appleUserName(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const name = (JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } } | null)?.name;
    const parts = [name?.firstName, name?.lastName].filter((p): p is string => typeof p === 'string');
    return parts.join('').trim() || null;
  } catch {
    return null;
  }
}

/** The form Apple posts to the callback (response_mode form_post). */
const zCallbackForm = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(2048).optional(),
  id_token: z.string().max(8192).optional(),
  /** JSON with the name and e-mail, sent only the first time a person authorizes the app. */
  user: z.string().max(4096).optional(),
  /** e.g. 'user_cancelled_authorize'. */
  error: z.string().max(256).optional(),
});

const makeVerifier = (deps: Deps) => createIdTokenVerifier(deps.config.apple);

/**
 * Apple sign-in under /api (SPEC §4 Sign-in, §7 Auth), on when APPLE_CLIENT_ID is set
 * (else 404):
 * - `GET /auth/apple/authorize?destination=/path` redirects (302) to Apple's authorization
 *   page (response_type 'code id_token', response_mode form_post, scope 'name email', a
 *   fresh state and nonce) and keeps state, nonce and destination in cookies
 *   (`apple_state`, `apple_nonce`, `apple_destination`, path /auth/apple, 10 minutes);
 * - `POST /auth/apple/user` `{ idToken, agreeMarketing }` signs up, or in when known;
 * - `POST /auth/apple/signin` `{ idToken }` signs in, or answers 404 USER_NOT_EXIST.
 *   These two are for the apps, answer the tokens and set the session cookies;
 * - `POST /auth/apple/signup` `{ agreeMarketing }` completes the web sign-up of a person new
 *   to Sauce after the terms (issue #31 item 4): the identity comes from the pending sign-up
 *   cookie the callback set (see {@link appleCallbackRoutes}); needs the anti-forgery pair
 *   (header `x-csrf-token` = cookie `csrf_token`, else 403 CSRF_FAILED); a missing, expired
 *   or tampered cookie is a 401 UNAUTHENTICATED (SPEC §8) and creates nothing. Creates the
 *   account with the person's marketing choice (or signs in, when the account appeared
 *   meanwhile), sets the session cookies, clears the pending one and answers the tokens.
 */
export async function appleRoutes(app: ZApp, deps: Deps): Promise<void> {
  const { apple, publicUrl } = deps.config;
  const verify = makeVerifier(deps);
  const tags = ['auth'];

  app.route({
    ...endpoint('GET /auth/apple/authorize', { summary: 'Start an Apple sign-in (redirects to Apple)', security: PUBLIC, tags }),
    config: signInRateLimit(deps),
    handler: async (req, reply) => {
      const clientId = requireEnabled(apple);
      const state = randomBytes(24).toString('base64url');
      const nonce = randomBytes(24).toString('base64url');
      setAppleCookies(reply, deps.config, {
        state,
        nonce,
        destination: safeDestination(req.query.destination, publicUrl),
      });
      const params = {
        client_id: clientId,
        redirect_uri: `${publicUrl.replace(/\/+$/, '')}${APPLE_CALLBACK_PATH}`,
        response_type: 'code id_token',
        response_mode: 'form_post',
        scope: 'name email',
        state,
        nonce,
      };
      // Spaces as %20, not '+': Apple documents its parameters that way.
      const query = Object.entries(params)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&');
      const url = new URL(apple.authorizeUrl);
      url.search = url.search ? `${url.search.slice(1)}&${query}` : query;
      return reply.redirect(url.toString(), 302);
    },
  });

  app.route({
    ...endpoint('POST /auth/apple/user', { summary: 'Sign up (or in) with an Apple ID token', security: PUBLIC, tags }),
    config: signInRateLimit(deps),
    handler: async (req, reply) => {
      requireEnabled(apple);
      const token = await verify(req.body.idToken);
      const data = await signIn(deps, reply, { kind: 'apple', subject: token.subject }, {
        email: token.email,
        nickname: nicknameHint(token),
        agreeMarketing: req.body.agreeMarketing,
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...endpoint('POST /auth/apple/signin', { summary: 'Sign in with an Apple ID token', security: PUBLIC, tags }),
    config: signInRateLimit(deps),
    handler: async (req, reply) => {
      requireEnabled(apple);
      const token = await verify(req.body.idToken);
      const data = await signIn(deps, reply, { kind: 'apple', subject: token.subject });
      return { success: true as const, data };
    },
  });

  app.route({
    ...endpoint('POST /auth/apple/signup', {
      summary: 'Complete a web Apple sign-up after the terms (the identity is in the pending sign-up cookie)',
      security: PUBLIC,
      tags,
    }),
    config: signInRateLimit(deps),
    handler: async (req, reply) => {
      requireEnabled(apple);
      // The session plugin checks cookie writes only with a session cookie; this one has
      // its own cookie instead, so it checks the pair itself.
      if (!hasCsrfPair(req)) throw CsrfError();
      const options = signUpCookieOptions(deps.config);
      const raw = req.cookies[APPLE_SIGN_UP_COOKIE];
      if (raw !== undefined) reply.clearCookie(APPLE_SIGN_UP_COOKIE, options); // one use, good or bad
      const pending = await verifyPendingSignUp(deps.secret, raw);
      const data = await signIn(deps, reply, { kind: pending.kind, subject: pending.subject }, {
        email: pending.email,
        nickname: pending.nickname,
        agreeMarketing: req.body.agreeMarketing,
      });
      return { success: true as const, data };
    },
  });
}

/**
 * Apple's callback at the root (`POST /auth/apple/callback`, x-www-form-urlencoded, SPEC
 * §4 Sign-in). Register it in its own plugin context: it adds the form parser there only.
 * Exempt from the anti-forgery header (Apple cannot send it); the `state` cookie is the
 * anti-forgery check instead. Verifies state and the id_token (signature, iss, aud, exp,
 * nonce), then redirects (303) to the stored destination (same-origin path only, else
 * /dashboard):
 * - a person with an account is signed in: the session cookies are set;
 * - a person new to Sauce gets no account yet (issue #31 item 4, SPEC §4 Terms): the
 *   verified identity (subject, e-mail, the name from Apple's first-time `user` field) goes
 *   into the pending sign-up cookie ({@link APPLE_SIGN_UP_COOKIE}, 10 minutes), and the
 *   destination gets the marker `?signup=apple`: the web app shows the terms, then calls
 *   `POST /api/auth/apple/signup`.
 * A cancelled authorization (`error`) just goes back to the destination.
 * @throws UNAUTHENTICATED (401) for a missing or wrong state, nonce or id_token.
 */
export async function appleCallbackRoutes(app: ZApp, deps: Deps): Promise<void> {
  const { apple } = deps.config;
  const verify = makeVerifier(deps);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    APPLE_CALLBACK_PATH,
    {
      config: { ...signInRateLimit(deps), csrf: false },
      schema: {
        operationId: 'appleCallback',
        summary: "Apple's form_post return of a sign-in (redirects to the page it started on)",
        security: PUBLIC,
        tags: ['auth'],
        consumes: ['application/x-www-form-urlencoded'],
        body: zCallbackForm,
      },
    },
    async (req, reply) => {
      requireEnabled(apple);
      const saved = takeAppleCookies(req, reply, deps.config);
      const destination = safeDestination(saved.destination, deps.config.publicUrl);
      const form = req.body;
      if (form.error) return reply.redirect(destination, 303);
      if (!saved.state || !form.state || !sameSecret(form.state, saved.state)) {
        throw UnauthenticatedError('The sign-in state does not match. Please try again.');
      }
      if (!saved.nonce || !form.id_token) throw UnauthenticatedError('Invalid ID token.');
      const token = await verify(form.id_token, { nonce: saved.nonce });
      try {
        await signIn(deps, reply, { kind: 'apple', subject: token.subject });
        return reply.redirect(markDestination(destination, false), 303);
      } catch (e) {
        if (!(e instanceof AppError && e.code === 'USER_NOT_EXIST')) throw e;
      }
      // New to Sauce: the terms come first; Apple sends the name this time only, so it is kept.
      const pending = await signPendingSignUp(deps.secret, {
        kind: 'apple',
        subject: token.subject,
        email: token.email,
        nickname: nicknameHint(token, appleUserName(form.user)),
      });
      reply.setCookie(APPLE_SIGN_UP_COOKIE, pending, signUpCookieOptions(deps.config));
      return reply.redirect(markDestination(destination, true), 303);
    },
  );
}
