import { zAuthConfig, zDevSignIn, zRefreshBody, zTokens, zUser } from '@sauce/contract/auth';
import { COOKIES, ok } from '@sauce/contract/common';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isAdminEmail } from '../../auth/admin.ts';
import { webClientOf } from '../../auth/oidc.ts';
import { clearSessionCookies, requireUser, setSessionCookies, startSession } from '../../auth/session.ts';
import { revokeRefreshToken, rotateRefreshToken, signAccessToken } from '../../auth/tokens.ts';
import { users } from '../../db/schema.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { NotFoundError, UnauthenticatedError, UserNotExistError } from '../../errors.ts';
import { presentUser } from '../../presenters/user.ts';
import { createUser, findUserByIdentity, isIdentityTaken, personalWorkspaceId, type Identity } from '../../services/users.ts';
import { appleRoutes } from './apple.ts';
import { googleRoutes } from './google.ts';
import { PUBLIC } from '../../lib/openapi.ts';

/** Rate limit of every sign-in endpoint: AUTH_RATE_LIMIT per IP per minute. */
export const signInRateLimit = (deps: Deps) => ({ rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000 } });

/** `{ success, data: { accessToken, refreshToken } }` of every sign-in (SPEC §7 Auth). */
export const zSignInResponse = ok(zTokens);

/**
 * Signs in the user with `identity`, creating them (and their personal workspace) when
 * `signUp` is given and they are new. Sets the session cookies. When a concurrent sign-up
 * of the same identity creates the user first, that user is signed in.
 * @throws USER_NOT_EXIST (404) when the user is unknown and no sign-up was asked for.
 */
export async function signIn(
  deps: Deps,
  reply: Parameters<typeof startSession>[0],
  identity: Identity,
  signUp?: { email: string | null; nickname: string; agreeMarketing: boolean },
) {
  let user = await findUserByIdentity(deps.db, identity);
  let workspaceId: number | null;
  if (!user) {
    if (!signUp) throw UserNotExistError();
    try {
      const created = await createUser(deps.db, identity, signUp);
      user = created.user;
      workspaceId = created.workspaceId;
    } catch (e) {
      if (!isIdentityTaken(e, identity)) throw e;
      // The winner committed the user and their workspace together: both are visible now.
      user = await findUserByIdentity(deps.db, identity);
      if (!user) throw e;
      workspaceId = await personalWorkspaceId(deps.db, user.id);
    }
  } else {
    workspaceId = await personalWorkspaceId(deps.db, user.id);
  }
  return startSession(reply, deps, user.id, workspaceId);
}

/** Auth routes, SPEC §7 Auth: dev sign-in, token refresh and logout, profile. */
export const authRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  await googleRoutes(app, deps);
  await appleRoutes(app, deps);

  app.post(
    '/auth/dev/signin',
    {
      config: signInRateLimit(deps),
      schema: {
        operationId: 'devSignIn',
        summary: 'Development sign-in by e-mail (local runs only)',
        security: PUBLIC,
        tags: ['auth'],
        body: zDevSignIn,
        response: { 200: zSignInResponse },
      },
    },
    async (req, reply) => {
      if (!deps.config.devLogin) throw NotFoundError();
      const email = req.body.email.toLowerCase();
      const data = await signIn(deps, reply, { kind: 'dev', subject: email }, {
        email,
        nickname: req.body.nickname ?? email.split('@')[0]!,
        agreeMarketing: false,
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/auth/config',
    {
      schema: {
        operationId: 'getAuthConfig',
        summary: 'Sign-in methods offered by this server',
        security: PUBLIC,
        tags: ['auth'],
        response: { 200: ok(zAuthConfig) },
      },
    },
    async () => ({
      success: true as const,
      data: {
        devLogin: deps.config.devLogin,
        google: webClientOf(deps.config.google),
        apple: webClientOf(deps.config.apple),
      },
    }),
  );

  app.post(
    '/auth/token/refresh',
    {
      config: signInRateLimit(deps),
      schema: {
        operationId: 'refreshToken',
        summary: 'Exchange a refresh token for new tokens',
        security: PUBLIC,
        tags: ['auth'],
        body: zRefreshBody.nullish(),
        response: { 200: zSignInResponse },
      },
    },
    async (req, reply) => {
      const token = req.body?.refresh ?? req.cookies[COOKIES.refresh];
      if (!token) throw UnauthenticatedError('Invalid refresh token.');
      try {
        const { userId, refreshToken } = await rotateRefreshToken(deps.db, token);
        const accessToken = await signAccessToken(deps.secret, userId);
        setSessionCookies(reply, deps.config, { accessToken, refreshToken });
        return { success: true as const, data: { accessToken, refreshToken } };
      } catch (e) {
        clearSessionCookies(reply);
        throw e;
      }
    },
  );

  app.post(
    '/auth/token/logout',
    {
      schema: {
        operationId: 'logout',
        summary: 'Sign out and revoke the refresh token',
        security: PUBLIC,
        tags: ['auth'],
        body: zRefreshBody.nullish(),
        response: { 200: ok(z.null()) },
      },
    },
    async (req, reply) => {
      const token = req.body?.refresh ?? req.cookies[COOKIES.refresh];
      if (token) await revokeRefreshToken(deps.db, token);
      clearSessionCookies(reply);
      return { success: true as const, data: null };
    },
  );

  app.get(
    '/auth/profile',
    { schema: { operationId: 'getProfile', summary: "The signed-in person's profile", tags: ['auth'], response: { 200: ok(zUser) } } },
    async (req) => {
      const userId = requireUser(req);
      const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
      if (!user) throw UnauthenticatedError();
      return { success: true as const, data: presentUser(user, isAdminEmail(deps.config, user.email), deps.urls) };
    },
  );
};
