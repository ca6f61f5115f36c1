import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { fetchMetadata } from '../../services/metadata.ts';

/** Metadata reads allowed per signed-in user (or per IP when signed out) per minute. */
export const METADATA_RATE_LIMIT = { max: 60, timeWindowMs: 60_000 } as const;

const tags = ['metadata'];

/**
 * GET /api/metaData/getMeta?url= (SPEC §7 same-origin metadata): `{ title, description,
 * image }` of a link, empty strings where unknown or when the page cannot be read (SPEC §8).
 * Needs sign-in (it fetches on the server's behalf: not an open proxy); 60 calls a minute
 * per user, and its fetches (not cache hits) spend the person's outbound-fetch budget shared
 * with saving sources (services/fetch-budget.ts FETCHES_PER_MINUTE; 429 when spent). 400 INVALID_FORMAT for a missing, malformed or non-http(s) url; 400
 * URL_NOT_ALLOWED for a private, loopback or link-local address (also via a redirect).
 */
export const metadataRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  app.route({
    ...endpoint('GET /metaData/getMeta', { summary: 'Link preview (title, description, image) of a web page', tags }),
    config: {
      rateLimit: {
        max: METADATA_RATE_LIMIT.max,
        timeWindow: METADATA_RATE_LIMIT.timeWindowMs,
        keyGenerator: (req: FastifyRequest) => (req.userId !== null ? `user:${req.userId}` : `ip:${req.ip}`),
      },
    },
    handler: async (req, reply) => {
      const data = await fetchMetadata(req.query.url, {
        allowPrivate: deps.config.metadataAllowPrivate,
        shared: deps.shared,
        log: req.log,
        person: requireUser(req),
      });
      reply.header('cache-control', 'private, max-age=3600'); // SPEC §9: 3,600,000 ms
      return { success: true as const, data };
    },
  });
};
