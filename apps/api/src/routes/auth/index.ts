import { COOKIES } from '@sauce/contract/common';
import type { FastifyRequest } from 'fastify';
import { webClientOf } from '../../auth/oidc.ts';
import { clearSessionCookies, requireUser, setSessionCookies } from '../../auth/session.ts';
import { revokeRefreshToken, rotateRefreshToken, signAccessToken } from '../../auth/tokens.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { NotFoundError, UnauthenticatedError } from '../../errors.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { PUBLIC } from '../../lib/openapi.ts';
import { isAdminEmail } from '../../policies/admin.ts';
import { presentUser } from '../../presenters/user.ts';
import { getUserRow } from '../../services/account.ts';
import { appleRoutes } from './apple.ts';
import { googleRoutes } from './google.ts';
import { tokenRoutes } from './tokens.ts';
import { signIn, signInRateLimit } from './sign-in.ts';

/** Headers a proxy adds: a request carrying one came from elsewhere through it. */
const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'] as const;

/**
 * Whether `req` comes from this machine itself (issue #28 item 1): its socket peer — not
 * `X-Forwarded-For`, which anyone can write — is a loopback address, and it did not pass
 * through a proxy (a reverse proxy on this machine connects from loopback on behalf of
 * anyone: it adds one of {@link FORWARDED_HEADERS}).
 */
export function isFromThisMachine(req: FastifyRequest): boolean {
  const peer = req.raw.socket.remoteAddress ?? '';
  const loopback = /^(::ffff:)?127\./.test(peer) || peer === '::1';
  return loopback && FORWARDED_HEADERS.every((h) => req.headers[h] === undefined);
}

/** Auth routes, SPEC §7 Auth: dev sign-in, token refresh and logout, profile. */
export const authRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  if (deps.config.devLoginExposed) {
    app.log.warn(
      'AUTH_DEV_LOGIN=true on a server others may reach (HOST or PUBLIC_URL not on this machine, or NODE_ENV=production): ' +
        'anyone on this machine can sign in as any e-mail, administrators included, without a password. Turn it off.',
    );
  }
  await googleRoutes(app, deps);
  await appleRoutes(app, deps);
  // Issue #20: personal access tokens and the browser extension's connection.
  await tokenRoutes(app, deps);

  app.route({
    ...endpoint('POST /auth/dev/signin', { summary: 'Development sign-in by e-mail (local runs only)', security: PUBLIC, tags: ['auth'] }),
    config: signInRateLimit(deps),
    handler: async (req, reply) => {
      if (!deps.config.devLogin || !isFromThisMachine(req)) throw NotFoundError();
      const email = req.body.email.toLowerCase();
      if (deps.config.devLoginExposed) req.log.warn({ email }, 'development sign-in on a server others may reach (AUTH_DEV_LOGIN=true)');
      const data = await signIn(deps, reply, { kind: 'dev', subject: email }, {
        email,
        nickname: req.body.nickname ?? email.split('@')[0]!,
        agreeMarketing: false,
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...endpoint('GET /auth/config', { summary: 'Sign-in methods offered by this server', security: PUBLIC, tags: ['auth'] }),
    handler: async (req) => ({
      success: true as const,
      data: {
        devLogin: deps.config.devLogin && isFromThisMachine(req),
        google: webClientOf(deps.config.google),
        apple: webClientOf(deps.config.apple),
      },
    }),
  });

  app.route({
    ...endpoint('POST /auth/token/refresh', { summary: 'Exchange a refresh token for new tokens', security: PUBLIC, tags: ['auth'] }),
    config: signInRateLimit(deps),
    handler: async (req, reply) => {
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
  });

  app.route({
    ...endpoint('POST /auth/token/logout', { summary: 'Sign out and revoke the refresh token', security: PUBLIC, tags: ['auth'] }),
    handler: async (req, reply) => {
      const token = req.body?.refresh ?? req.cookies[COOKIES.refresh];
      if (token) await revokeRefreshToken(deps.db, token);
      clearSessionCookies(reply);
      return { success: true as const, data: null };
    },
  });

  app.route({
    ...endpoint('GET /auth/profile', { summary: "The signed-in person's profile", tags: ['auth'] }),
    handler: async (req) => {
      const user = await getUserRow(deps.db, requireUser(req));
      return { success: true as const, data: presentUser(user, isAdminEmail(deps.config, user.email), deps.urls) };
    },
  });
};
