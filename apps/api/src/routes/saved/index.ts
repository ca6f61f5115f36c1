import type { Deps, ZApp } from '../../deps.ts';
import { SNAPSHOT_FILE } from '../../services/capture-files.ts';
import { cacheSecondsLeft } from '../../storage/signed-url.ts';
import { SIGNED_FILE_SCHEMA, signedFile } from '../files/index.ts';

/**
 * Issue #20: the policy of a saved copy's snapshot. `sandbox` without `allow-scripts` or
 * `allow-same-origin`: the document gets an opaque origin, runs no script, submits no form,
 * opens no popup and cannot read the app's cookies or storage; `default-src 'none'`: it loads
 * nothing from anywhere (the snapshot is self-contained: its images, styles and fonts are
 * `data:` URLs), so no request leaves with the viewer's cookies and no tracker learns the
 * viewer's address; only the app's own pages may frame it.
 */
export const SNAPSHOT_CSP = [
  'sandbox',
  "default-src 'none'",
  'img-src data:',
  "style-src 'unsafe-inline' data:",
  'font-src data:',
  'media-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** A snapshot's key: `captures/<32 hex>/snapshot.html`. */
const SNAPSHOT_KEY = new RegExp(`^captures/[0-9a-f]{32}/${SNAPSHOT_FILE.replace('.', '\\.')}$`);

/**
 * GET /saved/captures/<32 hex>/snapshot.html?exp&sig (issue #20): a saved copy's HTML, for
 * whoever holds the signed URL from a member's read of the source. Served on its own path —
 * /files never serves HTML — with {@link SNAPSHOT_CSP}, `nosniff`, no referrer, framable
 * by the app only, and no cookie set. A missing, tampered or expired signature is a 404.
 */
export async function savedRoutes(app: ZApp, deps: Deps) {
  app.get(
    '/saved/*',
    { config: { setsNoCookies: true }, schema: SIGNED_FILE_SCHEMA },
    async (req, reply) => {
      const file = await signedFile(deps, req.params['*'], req.query, (key) => SNAPSHOT_KEY.test(key));
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-length', file.size)
        .header('cache-control', `private, max-age=${cacheSecondsLeft(req.query.exp!)}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SNAPSHOT_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('referrer-policy', 'no-referrer')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.body);
    },
  );
}
