import path from 'node:path';
import { COOKIES } from '@sauce/contract/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps, ZApp } from '../../deps.ts';
import { SHARE_ID } from '../../auth/share-unlock.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { readSauceImages, THUMBNAIL_FILE } from '../../services/images.ts';
import { presentSauceImages, thumbnailUrl } from '../../presenters/image.ts';
import { createBoardCovers } from '../../services/board-collage.ts';
import { readBoardGate } from '../../services/boards.ts';
import { getSauce } from '../../services/sauces.ts';
import { admission, indexableNow, sauceShareGate, type ShareGate } from '../../services/shares.ts';
import { escapeHtml, loadShell, pickLanguage, type Head, type Lang, type RenderedBody } from '../../web/html.ts';
import { boardHead, closedShareHead, PREVIEW_IMAGE_DAYS, privatePageHead, PUBLIC_PAGES, publicPageHead, sharedSauceHead } from '../../web/pages.ts';
import { loadPreloads } from '../../web/preload.ts';
import { loadRenderer } from '../../web/ssr.ts';

/** Paths that are never the web app: the API, uploaded files, Apple's sign-in return. */
const NOT_WEB = /^\/(?:api|files)(?:\/|$)|^\/auth\/apple\/callback(?:\/|$)/;

/**
 * Pages one address may have rendered by the server a minute (a person reads a few): past
 * it, the browser renders them, so hammering the public pages costs the server little.
 */
export const RENDERS_PER_MINUTE = 120;

/**
 * The web app's pages (issue #11 item 4): the built index.html, read once at start, with
 * each page's head — Open Graph and Twitter card tags for a shared source, a title and
 * description for the public pages, `noindex` for every other page — plus robots.txt and
 * sitemap.xml. HTML is `no-cache` and varies by `Accept-Language` (ko/en copy and
 * `<html lang>`). Paths under /api, /files and /auth/apple/callback are never answered
 * with HTML: they get the JSON 404. Each page's head preloads what its first render waits
 * for (issue #11 item 3): the visitor's language chunk, the lazy chunk of a public or share
 * page, and a shared image source's first image as its viewer shows it first (the
 * thumbnail). Needs `deps.config.webDist/index.html`; reads its `.vite/manifest.json` once.
 *
 * Issue #32: boards (`/board/:shareId`) are pages too, with the folder's card and collage; a
 * protected or expired share (a board or a source) has a neutral card, and every share's page
 * is `noindex`, in its head and as `X-Robots-Tag`.
 *
 * Public pages and shared sources are rendered on the server for signed-out visitors
 * (issue #11 items 2 and 3): the web app's own components (apps/web entry-server.tsx) with
 * the page's API answers, so the page is complete as HTML and loads no script but the small
 * boot module until the visitor shows intent. Signed-in visitors, an address past
 * RENDERS_PER_MINUTE (counted across processes with Redis), and any page the renderer
 * declines or fails on (logged) get the shell that the browser renders, as before.
 */
export async function webRoutes(app: ZApp, deps: Deps) {
  const shell = loadShell(path.join(deps.config.webDist, 'index.html'));
  const preloads = loadPreloads(deps.config.webDist);
  const publicUrl = deps.config.publicUrl;
  const absolute = (p: string) => new URL(p, publicUrl).toString();

  const renderer = preloads.boot ? loadRenderer(deps.config.webDist) : null;

  const send = (reply: FastifyReply, head: Head, status = 200, body?: RenderedBody) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .send(shell.render(head, body));

  /** The page at `req.url` rendered on the server for a signed-out visitor; undefined when the browser renders it. */
  const renderBody = async (req: FastifyRequest, lang: Lang): Promise<RenderedBody | undefined> => {
    if (!renderer || !preloads.boot || req.cookies[COOKIES.refresh] || req.cookies[COOKIES.access]) return undefined;
    if (!(await deps.shared.hit(`render:${req.ip}`, RENDERS_PER_MINUTE, 60_000))) return undefined;
    try {
      const page = await renderer.render({ url: req.url, lang, origin: publicUrl, fetch: (input, init) => askApi(app, req, input, init) });
      return page ? { ...page, boot: preloads.boot } : undefined;
    } catch (err) {
      req.log.error({ err }, 'server rendering failed; the browser renders the page');
      return undefined;
    }
  };

  /**
   * Issue #32: the page of a share that shows nothing yet — protected (its page asks for the
   * password; the unlock cookie is the API's alone, so the page is the same for everyone) or
   * expired (410) — with a neutral card; null when the share is open to everyone.
   */
  const closedShare = (reply: FastifyReply, gate: ShareGate, head: Pick<Head, 'lang' | 'preload'>) => {
    const standing = admission(gate, deps.now(), () => false);
    if (standing === 'open') return null;
    return send(reply, { ...closedShareHead(head.lang), preload: head.preload }, standing === 'expired' ? 410 : 200);
  };

  app.get('/archive/sauce/share/:shareId', { schema: { hide: true, params: z.object({ shareId: z.string() }) } }, async (req, reply) => {
    const lang = pickLanguage(req.headers);
    const { shareId } = req.params;
    const preload = preloads.for(lang, 'share');
    // Disabled and unknown shares look alike: the web app's not-found state, never indexed.
    const gate = SHARE_ID.test(shareId) ? await sauceShareGate(deps.db, shareId).catch(notFoundAsNull) : null;
    const indexable = gate !== null && indexableNow(gate, deps.now());
    if (!indexable) reply.header('x-robots-tag', 'noindex');
    if (!gate?.enabled) return send(reply, { ...privatePageHead(lang), preload }, 404);
    const closed = closedShare(reply, gate, { lang, preload });
    if (closed) return closed;
    const sauce = await getSauce(deps.db, gate.workspaceId, gate.sauceId);
    const images = sauce.type === 'IMAGE' ? presentSauceImages(deps.urls, await readSauceImages(deps.db, sauce.id), null) : [];
    const imageUrl = sauce.cover ? absolute(deps.urls.url(`${sauce.cover.key}/${THUMBNAIL_FILE}`, PREVIEW_IMAGE_DAYS)) : null;
    const url = absolute(`/archive/sauce/share/${shareId}`);
    // The same signed URL as the API's answer gives the page, so the browser uses what it preloaded.
    const lcp = images[0] ? [{ href: images[0].thumbnailUrl, kind: 'image' as const }] : [];
    const head = { ...sharedSauceHead(sauce, images, { lang, url, imageUrl, indexable }), preload: [...lcp, ...preload] };
    return send(reply, head, 200, await renderBody(req, lang));
  });

  // Issue #32: a board — a folder shared as one page — with its link preview: the folder's and
  // the space's names and the collage of its first four images, made once (services/board-collage.ts).
  const boardCover = createBoardCovers({ db: deps.db, files: deps.files, log: app.log });
  app.get('/board/:shareId', { schema: { hide: true, params: z.object({ shareId: z.string() }) } }, async (req, reply) => {
    const lang = pickLanguage(req.headers);
    const { shareId } = req.params;
    const preload = preloads.for(lang, 'board');
    const gate = SHARE_ID.test(shareId) ? await readBoardGate(deps.db, shareId) : null;
    const indexable = gate !== null && indexableNow(gate, deps.now());
    if (!indexable) reply.header('x-robots-tag', 'noindex');
    if (!gate?.enabled) return send(reply, { ...privatePageHead(lang), preload }, 404);
    const closed = closedShare(reply, gate, { lang, preload });
    if (closed) return closed;
    const cover = await boardCover(gate);
    const imageUrl = cover.collageKey ? absolute(deps.urls.url(cover.collageKey, PREVIEW_IMAGE_DAYS)) : null;
    // The first image's thumbnail, as the API's answer signs it, fetched first.
    const lcp = cover.firstImageKey ? [{ href: thumbnailUrl(deps.urls, cover.firstImageKey), kind: 'image' as const }] : [];
    const head = { ...boardHead(gate, { lang, url: absolute(`/board/${shareId}`), imageUrl, indexable }), preload: [...lcp, ...preload] };
    return send(reply, head, 200, await renderBody(req, lang));
  });

  for (const page of PUBLIC_PAGES) {
    app.get(page, { schema: { hide: true } }, async (req, reply) => {
      const lang = pickLanguage(req.headers);
      return send(reply, { ...publicPageHead(page, lang, publicUrl), preload: preloads.for(lang, page) }, 200, await renderBody(req, lang));
    });
  }

  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    if (NOT_WEB.test(req.url)) throw NotFoundError();
    const lang = pickLanguage(req.headers);
    return send(reply, { ...privatePageHead(lang), preload: preloads.for(lang) });
  });

  // Every page may be crawled (a `noindex` is only seen on a crawled page, and link
  // previews fetch /files images); the sitemap names the public pages. Shared sources are
  // left out of it: their ids are unguessable, and only their owners hand them out.
  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${absolute('/sitemap.xml')}\n`),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
          PUBLIC_PAGES.map((p) => `  <url><loc>${escapeHtml(absolute(p))}</loc></url>\n`).join('') +
          '</urlset>\n',
      ),
  );
}

/**
 * A GET the server renderer makes, answered by the API in this process as it would answer
 * `visitor` signed out: same address (rate limits count it as theirs) and language, no cookies.
 * @throws Error for any other method (the renderer only reads).
 */
async function askApi(app: ZApp, visitor: FastifyRequest, input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  if (method !== 'GET') throw new Error(`the server renderer may only read, not ${method} ${url.pathname}`);
  const res = await app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    remoteAddress: visitor.ip,
    headers: { 'accept-language': visitor.headers['accept-language'] ?? '' },
  });
  return new Response(res.rawPayload, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
}

/** null for a 404 (a share that is unknown or turned off); other errors go on to the error handler. */
function notFoundAsNull(err: unknown): null {
  if (err instanceof AppError && err.status === 404) return null;
  throw err;
}
