import type { FastifyRequest } from 'fastify';
import { createIdTokenVerifier, nicknameHint, requireEnabled } from '../../auth/oidc.ts';
import type { Deps, ZApp } from '../../deps.ts';
import { UnauthenticatedError } from '../../errors.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { signIn, signInRateLimit } from './sign-in.ts';
import { PUBLIC } from '../../lib/openapi.ts';

const GOOGLE_ISSUER = 'https://accounts.google.com';

/** The ID token sent as `Authorization: Bearer <token>`. @throws UNAUTHENTICATED (401) when absent. */
function bearerToken(req: FastifyRequest): string {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw UnauthenticatedError('A Google ID token is required.');
  return token;
}

/**
 * Google sign-in (SPEC §4 Sign-in, §7 Auth), on when GOOGLE_CLIENT_ID is set (else 404):
 * - `GET /auth/google/user` with the Google ID token as bearer signs in, or answers 404
 *   USER_NOT_EXIST 'User not exist' for an unknown user (the web app then signs up);
 * - `POST /auth/google/user` `{ token, agreeMarketing }` signs up, or in when known.
 * Both answer `{ success, data: { accessToken, refreshToken } }` and set the session
 * cookies; a bad token is a 401 UNAUTHENTICATED (see createIdTokenVerifier).
 */
export async function googleRoutes(app: ZApp, deps: Deps): Promise<void> {
  const { google } = deps.config;
  // Google's ID tokens carry either form of its issuer.
  const verify = createIdTokenVerifier(google, {
    extraIssuers: google.issuer === GOOGLE_ISSUER ? ['accounts.google.com'] : [],
  });
  const tags = ['auth'];

  app.route({
    ...endpoint('GET /auth/google/user', { summary: 'Sign in with a Google ID token', security: PUBLIC, tags }),
    config: signInRateLimit(deps),
    handler: async (req, reply) => {
      requireEnabled(google);
      const token = await verify(bearerToken(req));
      const data = await signIn(deps, reply, { kind: 'google', subject: token.subject });
      return { success: true as const, data };
    },
  });

  app.route({
    ...endpoint('POST /auth/google/user', { summary: 'Sign up (or in) with a Google ID token', security: PUBLIC, tags }),
    config: signInRateLimit(deps),
    handler: async (req, reply) => {
      requireEnabled(google);
      const token = await verify(req.body.token);
      const data = await signIn(deps, reply, { kind: 'google', subject: token.subject }, {
        email: token.email,
        nickname: nicknameHint(token),
        agreeMarketing: req.body.agreeMarketing,
      });
      return { success: true as const, data };
    },
  });
}
