import { z } from 'zod';
import type { Deps, ZApp } from '../../deps.ts';
import { NotFoundError } from '../../errors.ts';
import { assertValidKey } from '../../storage/file-store.ts';
import { cacheSecondsLeft } from '../../storage/signed-url.ts';

/**
 * GET /files/<key>?exp&sig: an uploaded image's file, for whoever holds a signed URL from
 * an API response (a member's read, or a public share). A missing, tampered or expired
 * signature is a 404, like an absent file, so keys reveal nothing. The URL is immutable
 * until it expires, so browsers cache it for that long.
 */
export async function fileRoutes(app: ZApp, deps: Deps) {
  app.get(
    '/files/*',
    {
      schema: {
        hide: true,
        params: z.object({ '*': z.string() }),
        querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const key = req.params['*'];
      try {
        assertValidKey(key);
      } catch {
        throw NotFoundError();
      }
      if (!deps.urls.verify(key, req.query.exp, req.query.sig)) throw NotFoundError();
      const file = await deps.files.get(key);
      if (!file) throw NotFoundError();
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', `private, max-age=${cacheSecondsLeft(req.query.exp!)}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        // A signed URL is handed out to be used anywhere it is given (a share, the design-tool
        // plugin's page): other origins may embed it, unlike the app's own resources.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(file.body);
    },
  );
}
