import { pipeline, Transform } from 'node:stream';
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

/**
 * Issue #28 item 6: the start and end tags of elements that hold another document or a
 * plugin — `iframe`, `frame`, `object`, `embed`, `fencedframe`, `portal` — as HTML's
 * tokenizer ends a tag name (whitespace, `/` or `>`), in any case. `default-src 'none'`
 * refuses their loads, but Chromium opens a connection to an `<iframe>`'s or `<frame>`'s host
 * before its policy refuses the frame (measured: the host learns the viewer's address).
 */
const NESTED_DOCUMENT_TAG = /<(\/?)(iframe|frame|object|embed|fencedframe|portal)(?=[\t\n\f\r />])/gi;
/** Characters held back between chunks: the longest tag above (`</fencedframe`) and the character after it. */
const HELD_BACK = 14;

/** `html` (bytes read as Latin-1, one character a byte) with {@link NESTED_DOCUMENT_TAG}s renamed: `<iframe` → `<xframe`, same length. */
const renameNestedDocuments = (html: string) => html.replace(NESTED_DOCUMENT_TAG, (_, slash: string, name: string) => `<${slash}x${name.slice(1)}`);

/**
 * Issue #28 item 6: a stream of a snapshot's bytes in which every element that would hold
 * another document or a plugin ({@link NESTED_DOCUMENT_TAG}) is renamed to an unknown,
 * inert one by its first letter (`<iframe src=…>` → `<xframe src=…>`, `</iframe>` →
 * `</xframe>`): no browser makes a frame of it, so none connects to its host. Every other
 * byte is kept, and the length too (Content-Length stays the stored size). The stored file
 * is left as the person saved it (the export holds it so); this is applied as it is served.
 * Bytes are read as Latin-1, so any UTF-8 passes through unchanged.
 */
export function inertNestedDocuments(): Transform {
  let held = '';
  const out = (text: string) => Buffer.from(text, 'latin1');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = renameNestedDocuments(held + chunk.toString('latin1'));
      // A tag cut by the chunk's end is renamed with the next chunk.
      const cut = Math.max(0, text.length - HELD_BACK);
      held = text.slice(cut);
      done(null, out(text.slice(0, cut)));
    },
    flush(done) {
      done(null, out(renameNestedDocuments(held)));
    },
  });
}

/** A snapshot's key: `captures/<32 hex>/snapshot.html`. */
const SNAPSHOT_KEY = new RegExp(`^captures/[0-9a-f]{32}/${SNAPSHOT_FILE.replace('.', '\\.')}$`);

/**
 * GET /saved/captures/<32 hex>/snapshot.html?exp&sig (issue #20): a saved copy's HTML, for
 * whoever holds the signed URL from a member's read of the source. Served on its own path —
 * /files never serves HTML — with {@link SNAPSHOT_CSP}, `nosniff`, no referrer, no DNS
 * prefetching, framable by the app only, and no cookie set; its frames and plugins made inert
 * ({@link inertNestedDocuments}, issue #28 item 6: viewing it, in the app's frame or in its
 * own tab, connects to no host but Sauce's). A missing, tampered or expired signature is a 404.
 */
export async function savedRoutes(app: ZApp, deps: Deps) {
  app.get(
    '/saved/*',
    { config: { setsNoCookies: true }, schema: SIGNED_FILE_SCHEMA },
    async (req, reply) => {
      const file = await signedFile(deps, req.params['*'], req.query, (key) => SNAPSHOT_KEY.test(key));
      // A failed read or a viewer gone ends both streams.
      const body = inertNestedDocuments();
      pipeline(file.body, body, () => undefined);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-length', file.size)
        .header('cache-control', `private, max-age=${cacheSecondsLeft(req.query.exp!)}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SNAPSHOT_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('referrer-policy', 'no-referrer')
        .header('x-dns-prefetch-control', 'off')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(body);
    },
  );
}
