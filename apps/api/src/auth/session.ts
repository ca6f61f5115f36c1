import { randomBytes, timingSafeEqual } from 'node:crypto';
import { COOKIES, CSRF_HEADER } from '@sauce/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { CsrfError, NotAuthorizedError, RateLimitedError, UnauthenticatedError } from '../errors.ts';
import type { TokenScope } from '@sauce/contract/tokens';
import { ACCESS_TTL_S, issueRefreshToken, knownAccessToken, REFRESH_TTL_S, signAccessToken, verifyAccessToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null. Set before every handler. */
    userId: number | null;
    /** Why a presented token was refused (expired, forged); thrown by requireUser. */
    authError: Error | null;
    /** Issue #20: the personal access token the request is signed in with, or null (a session). */
    personalToken: { tokenId: number; scope: TokenScope } | null;
  }
  interface FastifyContextConfig {
    /**
     * Issue #20: how personal access tokens may call the route. Unset: a `write` token
     * always, a `read` token for GET and HEAD only (else 403). `false`: never (managing
     * tokens, deleting the account: the person must be signed in). `'self'`: any token, the
     * route checking that it acts on that token only (revoking itself).
     */
    personalTokens?: false | 'self';
    /** Issue #20: the route's answers never set a cookie (a saved copy's snapshot under /saved). */
    setsNoCookies?: boolean;
  }
}

/** Issue #20: how the session plugin checks personal access tokens (services/personal-tokens.ts). */
export interface PersonalTokenAuth {
  /** Whether a bearer has the form of a personal access token. */
  isToken(bearer: string): boolean;
  /** The token's identity, or null when unknown, revoked or expired. */
  verify(token: string): Promise<{ tokenId: number; userId: number; scope: TokenScope } | null>;
  /** Counts a wrong token from `ip`; false once the address is past the sign-in rate limit. */
  countFailure(ip: string): Promise<boolean>;
  /** Whether `ip` is past that limit already: its tokens are then refused unread, right or wrong (issue #28 item 8). */
  isBlocked(ip: string): Promise<boolean>;
}

/** Methods a `read` token may use. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Responses that hand out the anti-forgery cookie: HTML pages and API JSON. */
const CSRF_COOKIE_TYPES = /^(text\/html|application\/json)\b/i;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Whether `req` carries the anti-forgery double-submit pair: header `x-csrf-token` equal to
 * cookie `csrf_token` (compared in constant time). The session plugin asks it of cookie
 * writes; routes that a cookie other than the session authenticates (a pending Apple
 * sign-up) ask it themselves.
 */
export function hasCsrfPair(req: FastifyRequest): boolean {
  const sent = req.headers[CSRF_HEADER];
  const expected = req.cookies[COOKIES.csrf];
  return typeof sent === 'string' && !!expected && sameToken(sent, expected);
}

/**
 * Session plugin: reads the access token from `Authorization: Bearer` or the HttpOnly
 * cookie into `req.userId`; enforces the double-submit anti-forgery check on
 * state-changing requests authenticated by cookie (header `x-csrf-token` must equal cookie
 * `csrf_token`); hands out the csrf cookie to browsers that lack one, with HTML and JSON
 * responses only.
 * Routes opt out of the check with `config: { csrf: false }` (Apple's form_post callback).
 * `isRevoked` names accounts whose tokens are refused (deleted accounts, issue #8).
 */
export const sessionPlugin = fp(async (
  app: FastifyInstance,
  opts: { config: Config; secret: Uint8Array; isRevoked?: (userId: number) => boolean; personalTokens?: PersonalTokenAuth },
) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('authError', null);
  app.decorateRequest('personalToken', null);
  /**
   * Issue #20: signs the request in with a personal access token, within its scope and the
   * route's `personalTokens` rule; a wrong token counts against the sign-in rate limit, and
   * an address past it has no token read at all, not even a right one (issue #28 item 8).
   */
  const signInWithToken = async (req: FastifyRequest, auth: PersonalTokenAuth, token: string) => {
    if (await auth.isBlocked(req.ip)) {
      req.authError = RateLimitedError();
      return;
    }
    const identity = await auth.verify(token);
    if (!identity) {
      const allowed = await auth.countFailure(req.ip);
      req.authError = allowed ? UnauthenticatedError('Invalid access token.') : RateLimitedError();
      return;
    }
    const rule = (req.routeOptions.config as { personalTokens?: false | 'self' } | undefined)?.personalTokens;
    if (rule === false) {
      req.authError = NotAuthorizedError('Access tokens cannot do this. Sign in to Sauce instead.');
      return;
    }
    if (identity.scope === 'read' && rule !== 'self' && !READ_METHODS.has(req.method)) {
      req.authError = NotAuthorizedError('This access token can only read.');
      return;
    }
    signIn(req, identity.userId);
    if (req.userId !== null) req.personalToken = { tokenId: identity.tokenId, scope: identity.scope };
  };
  /** Signs the request in with `userId`, unless the account was deleted (issue #8, auth/revocations.ts). */
  const signIn = (req: FastifyRequest, userId: number) => {
    if (opts.isRevoked?.(userId)) req.authError = UnauthenticatedError('This account no longer exists.');
    else req.userId = userId;
  };
  // A callback hook: a token seen before (a dashboard sends the same one for 15 minutes) is
  // taken without making a promise; a new one is verified asynchronously.
  app.addHook('onRequest', (req, _reply, done) => {
    const header = req.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const cookieToken = bearer ? undefined : req.cookies[COOKIES.access];
    const byCookie = !bearer && (cookieToken !== undefined || req.cookies[COOKIES.refresh] !== undefined);
    if (byCookie && UNSAFE.has(req.method) && (req.routeOptions.config as { csrf?: boolean } | undefined)?.csrf !== false) {
      if (!hasCsrfPair(req)) return done(CsrfError());
    }
    const token = bearer ?? cookieToken;
    if (!token) return done();
    if (bearer && opts.personalTokens?.isToken(bearer)) {
      signInWithToken(req, opts.personalTokens, bearer).then(() => done(), (e: unknown) => done(e as Error));
      return;
    }
    let known: number | undefined;
    try {
      known = knownAccessToken(opts.secret, token);
    } catch (e) {
      req.authError = e as Error;
      return done();
    }
    if (known !== undefined) {
      signIn(req, known);
      return done();
    }
    verifyAccessToken(opts.secret, token).then(
      (userId) => {
        signIn(req, userId);
        done();
      },
      (e: unknown) => {
        req.authError = e as Error;
        done();
      },
    );
  });
  // Browsers get the anti-forgery cookie with a page or an API answer — not with scripts,
  // styles, fonts or images (issue #11 item 5: cacheable static responses carry no cookie).
  // API clients authenticate by header and need none. Written as a header because
  // @fastify/cookie's own onSend hook, which writes `setCookie`s, has already run.
  // A callback hook, not an async one: it runs on every response (no promise to make).
  app.addHook('onSend', (req, reply, payload, done) => {
    const quiet = (req.routeOptions.config as { setsNoCookies?: boolean } | undefined)?.setsNoCookies === true;
    if (!quiet && !req.headers.authorization && !req.cookies[COOKIES.csrf] && CSRF_COOKIE_TYPES.test(String(reply.getHeader('content-type') ?? ''))) {
      const token = randomBytes(24).toString('base64url');
      reply.header('set-cookie', app.serializeCookie(COOKIES.csrf, token, { path: '/', sameSite: 'lax', secure: opts.config.secureCookies }));
    }
    done(null, payload);
  });
});

/**
 * The signed-in user's id.
 * @throws UNAUTHENTICATED (401) when signed out or the token is forged, TOKEN_EXPIRED (401).
 */
export function requireUser(req: FastifyRequest): number {
  if (req.userId === null) throw req.authError ?? UnauthenticatedError();
  return req.userId;
}

/**
 * Issues an access and a refresh token for `userId`, sets them as HttpOnly SameSite=Lax
 * cookies (Secure over https) with the workspace cookie, and returns them for API clients.
 */
export async function startSession(
  reply: FastifyReply,
  deps: { db: Db; config: Config; secret: Uint8Array },
  userId: number,
  workspaceId: number | null,
  familyRefresh?: string,
) {
  const accessToken = await signAccessToken(deps.secret, userId);
  const refreshToken = familyRefresh ?? (await issueRefreshToken(deps.db, userId));
  setSessionCookies(reply, deps.config, { accessToken, refreshToken, workspaceId });
  return { accessToken, refreshToken };
}

/**
 * Sets the session cookies: access and refresh tokens HttpOnly SameSite=Lax (Secure over
 * https; the refresh one only sent to /api/auth/token), the workspace id readable by the page.
 * The access cookie lives as long as the refresh token, not the 15-minute access token:
 * an expired token still reaches the server, which answers TOKEN_EXPIRED, so the web app
 * knows to refresh (a vanished cookie would be a plain UNAUTHENTICATED, i.e. signed out).
 * Beside them, readable by the page, when the access token expires (ms since the epoch), so
 * the page refreshes first instead of meeting a 401 (issue #31 item 24).
 */
export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  t: { accessToken: string; refreshToken: string; workspaceId?: number | null },
) {
  const base = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies, httpOnly: true };
  reply.setCookie(COOKIES.access, t.accessToken, { ...base, maxAge: REFRESH_TTL_S });
  reply.setCookie(COOKIES.refresh, t.refreshToken, { ...base, path: '/api/auth/token', maxAge: REFRESH_TTL_S });
  // Issue #31 item 24: when the access token expires, for the page to refresh before then.
  reply.setCookie(COOKIES.accessExpires, String(Date.now() + ACCESS_TTL_S * 1000), { ...base, httpOnly: false, maxAge: REFRESH_TTL_S });
  if (t.workspaceId) {
    reply.setCookie(COOKIES.workspace, String(t.workspaceId), { ...base, httpOnly: false, maxAge: REFRESH_TTL_S });
  }
}

/** Clears the session cookies (SPEC §4 Logout). */
export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(COOKIES.access, { path: '/' });
  reply.clearCookie(COOKIES.refresh, { path: '/api/auth/token' });
  reply.clearCookie(COOKIES.workspace, { path: '/' });
  reply.clearCookie(COOKIES.accessExpires, { path: '/' });
}
