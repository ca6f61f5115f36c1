import type { FastifyReply } from 'fastify';
import fresh from 'fresh';
import { createShareVisits, SHARE_ID } from '../../auth/share-unlock.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { BoardNotFoundError, BoardPrivateError } from '../../errors.ts';
import { negotiateEncoding } from '../../lib/compression.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { PUBLIC } from '../../lib/openapi.ts';
import { readBoardGate } from '../../services/boards.ts';
import { createBoardReader } from './board-reader.ts';

const tags = ['boards'];

/**
 * Issue #32: a board's visitors, signed in or not — its pages of sources and the unlock of a
 * protected one. Its owners' settings are the folder's (routes/folders); its page, with its
 * link preview, is the web app's (routes/web `/board/:shareId`).
 */
export const boardRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const visits = createShareVisits({ secret: deps.secret, shared: deps.shared, secure: deps.config.secureCookies, now: deps.now });
  const readPage = createBoardReader(deps);

  app.route({
    ...endpoint('GET /board/:shareId', {
      summary: "A board: a shared folder's sources, a page at a time (issue #32)",
      description:
        'Each source as its own public share shows it. `?cursor=` (the previous page\'s `nextCursor`) reads the next page. ' +
        'Answers 404 NOT_FOUND for an unknown link, 404 BOARD_PRIVATE when sharing was turned off, 410 SHARE_EXPIRED past its ' +
        'expiry, and 401 SHARE_PASSWORD_REQUIRED for a protected board this browser has not unlocked (POST …/unlock). ' +
        "Carries an ETag (the space's version): send it back as If-None-Match for a 304.",
      security: PUBLIC,
      tags,
    }),
    handler: async (req, reply) => {
      const gate = SHARE_ID.test(req.params.shareId) ? await readBoardGate(deps.db, req.params.shareId) : null;
      if (!gate) throw BoardNotFoundError();
      visits.admit(req, 'board', gate, BoardPrivateError);
      const page = await readPage(gate, req.query.cursor, (etag) => fresh(req.headers, { etag }), negotiateEncoding(req.headers['accept-encoding']));
      // Serialized JSON already (bytes are sent as they are): untyped, as in routes/sauces.
      const out = reply as unknown as FastifyReply;
      // Revalidated on every visit; a protected board's answer is this browser's alone.
      out.header('cache-control', gate.passwordHash ? 'private, no-cache' : 'no-cache').header('x-robots-tag', 'noindex').header('etag', page.etag);
      if (gate.passwordHash) out.header('vary', 'cookie');
      if (page.status === 304) return out.code(304).send();
      if (page.encoding) out.header('content-encoding', page.encoding);
      return out.type('application/json; charset=utf-8').send(page.body);
    },
  });

  app.route({
    ...endpoint('POST /board/:shareId/unlock', {
      summary: 'Unlock a password-protected board for this browser (issue #32)',
      description:
        'Sets an HttpOnly cookie for this board alone (30 days, or until the board expires). 403 SHARE_PASSWORD_WRONG for a wrong ' +
        'password and for any link that cannot be unlocked; 429 RATE_LIMITED past 10 tries a minute from one address, 100 an hour for one board.',
      security: PUBLIC,
      tags,
    }),
    handler: async (req, reply) => {
      await visits.unlock(req, reply, 'board', req.params.shareId, req.body.password, (id) => readBoardGate(deps.db, id));
      return { success: true as const, data: null };
    },
  });
};
