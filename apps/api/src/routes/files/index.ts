import { z } from 'zod';
import type { Deps, ZApp } from '../../deps.ts';
import { NotFoundError } from '../../errors.ts';
import { assertValidKey } from '../../storage/file-store.ts';
import { cacheSecondsLeft } from '../../storage/signed-url.ts';

/** The route schema of a signed file address: the key as the path's rest, `exp` and `sig` in the query. */
export const SIGNED_FILE_SCHEMA = {
  hide: true,
  params: z.object({ '*': z.string() }),
  querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
};

/**
 * The stored object at `key` when `exp` and `sig` sign it and `allowed(key)` holds (issue
 * #20: /files never serves HTML, /saved only snapshots).
 * @throws NOT_FOUND (404) for an invalid, unsigned, expired or absent key — keys reveal nothing.
 */
export async function signedFile(deps: Deps, key: string, query: { exp?: string; sig?: string }, allowed: (key: string) => boolean) {
  try {
    assertValidKey(key);
  } catch {
    throw NotFoundError();
  }
  if (!allowed(key) || !deps.urls.verify(key, query.exp, query.sig)) throw NotFoundError();
  const file = await deps.files.get(key);
  if (!file) throw NotFoundError();
  return file;
}

/**
 * GET /files/<key>?exp&sig: an uploaded image's file, for whoever holds a signed URL from
 * an API response (a member's read, or a public share). A missing, tampered or expired
 * signature is a 404, like an absent file, so keys reveal nothing. The URL is immutable
 * until it expires, so browsers cache it for that long.
 */
export async function fileRoutes(app: ZApp, deps: Deps) {
  app.get(
    '/files/*',
    { schema: SIGNED_FILE_SCHEMA },
    async (req, reply) => {
      // Issue #20: a saved copy's HTML is served only by /saved, under its own policy.
      const file = await signedFile(deps, req.params['*'], req.query, (key) => !key.endsWith('.html'));
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
