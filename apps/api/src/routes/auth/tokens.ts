import { requireUser } from '../../auth/session.ts';
import type { Deps, ZApp } from '../../deps.ts';
import { NotAuthorizedError } from '../../errors.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { PUBLIC } from '../../lib/openapi.ts';
import { presentToken } from '../../presenters/token.ts';
import * as tokens from '../../services/personal-tokens.ts';

const tags = ['tokens'];

/**
 * Exchanges from one address a minute. An extension trades once, when its page hands it the
 * code (issue #28 item 5: it no longer polls); 30 leave room for retries and for several
 * browsers behind one address. The code (256 bits) cannot be guessed at any rate.
 */
const EXCHANGE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/**
 * Issue #20: personal access tokens (/mypage) and the browser extension's connection.
 * Managing tokens needs the person signed in (a token cannot make or list tokens); a token
 * may revoke itself (the extension's 'Disconnect'). Connecting (issue #28 item 5): Allow
 * answers a one-time code that the connect page hands only to the extension that opened it;
 * the extension trades the code with its own verifier.
 */
export async function tokenRoutes(app: ZApp, deps: Deps) {
  app.route({
    ...endpoint('POST /auth/tokens', { summary: 'Make a personal access token (its secret is in this answer only)', tags }),
    config: { personalTokens: false },
    handler: async (req) => ({ success: true as const, data: presentToken(await tokens.createToken(deps.db, requireUser(req), req.body)) }),
  });

  app.route({
    ...endpoint('GET /auth/tokens', { summary: "The signed-in person's personal access tokens, without secrets", tags }),
    config: { personalTokens: false },
    handler: async (req) => ({ success: true as const, data: (await tokens.listTokens(deps.db, requireUser(req))).map(presentToken) }),
  });

  app.route({
    ...endpoint('DELETE /auth/tokens/:id', { summary: 'Revoke a personal access token (a token may revoke itself)', tags }),
    config: { personalTokens: 'self' },
    handler: async (req) => {
      const userId = requireUser(req);
      if (req.personalToken && req.personalToken.tokenId !== req.params.id) {
        throw NotAuthorizedError('An access token can revoke only itself.');
      }
      await tokens.revokeToken(deps.db, userId, req.params.id);
      return { success: true as const, data: null };
    },
  });

  app.route({
    ...endpoint('POST /auth/tokens/grants', {
      summary:
        'Allow the browser extension that showed this challenge: answers the one-time code the page hands to that extension only (409 when the challenge was already allowed)',
      tags,
    }),
    config: { personalTokens: false },
    handler: async (req) => {
      const code = await tokens.createGrant(deps.db, requireUser(req), req.body.challenge, req.body.browser);
      return { success: true as const, data: { code } };
    },
  });

  app.route({
    ...endpoint('POST /auth/tokens/exchange', {
      summary: 'The browser extension trades its verifier and the one-time code for its token, once (404 otherwise)',
      security: PUBLIC,
      tags,
    }),
    config: { rateLimit: EXCHANGE_RATE_LIMIT },
    handler: async (req) => {
      const { userId: _userId, ...created } = await tokens.exchangeGrant(deps.db, req.body.verifier, req.body.code);
      return { success: true as const, data: presentToken(created) };
    },
  });
}
