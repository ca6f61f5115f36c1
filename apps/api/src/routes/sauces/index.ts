import { rm } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@sauce/contract/limits';
import fresh from 'fresh';
import type { FastifyReply } from 'fastify';
import { requireUser } from '../../auth/session.ts';
import { endpoint } from '../../lib/endpoint.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { InvalidFormatError } from '../../errors.ts';
import { negotiateEncoding } from '../../lib/compression.ts';
import { saveFile } from '../../lib/multipart.ts';
import { claimOf, membershipOf } from '../../policies/authorize.ts';
import { presentSauceImages, presentSimilar, presentUpload } from '../../presenters/image.ts';
import { presentSauce } from '../../presenters/sauce.ts';
import { canEditSauces } from '../../policies/workspace.ts';
import { admitImage } from '../../services/image-processing.ts';
import * as images from '../../services/images.ts';
import { imageTextSending } from '../../jobs/image-text.ts';
import { readCopy } from '../../services/link-copy.ts';
import { previewOptions } from '../../services/link-preview.ts';
import { refreshPreview } from '../../services/link-read.ts';
import * as service from '../../services/sauces.ts';
import type { SauceRecord } from '../../services/sauces/card.ts';
import { createSauceListReader } from './sauce-list.ts';
import { multipartForm } from '../../lib/openapi.ts';
import { captureRoutes } from './capture.ts';
import { findingRoutes } from './finding.ts';
import { sauceShareRoutes } from './shares.ts';
import { searchRateLimit } from './search-rate.ts';

const tags = ['sauces'];

/** Source routes, SPEC §7 Sources (text and image sources, uploads, sharing). */
export const sauceRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  // Saves queue link previews and copies; their workers start with the others (jobs/index.ts).
  const previews = previewOptions(deps, app.log);
  const { urls } = deps;
  // Issue #20: the browser extension's capture and tag suggestions (before `/:workspace/:id`).
  await captureRoutes(app, deps);
  // Issue #21 items 3, 5, 6: duplicates, tag suggestions, the search across spaces.
  await findingRoutes(app, deps);
  // SPEC §4 Sharing; issue #32: the share's settings, expiry and password, and its visitors.
  await sauceShareRoutes(app, deps);
  /** Where uploads wait on disk for their turn (inside DATA_DIR, 0700). */
  const uploadTmpDir = path.join(deps.config.dataDir, 'tmp', 'uploads');

  app.route({
    ...endpoint('POST /archive/sauce/:workspace/image/upload/single', { summary: 'Upload one image for an image source (multipart file); says which sources already hold a nearly identical image', tags }),
    // Each upload holds up to 20 MB while it waits to be processed: at most 120 a minute per address.
    config: {
      workspaceAction: 'createSauce',
      rateLimit: { max: 120, timeWindow: 60_000 },
      form: multipartForm({ file: { file: true, description: 'The image: JPEG, PNG, WebP, GIF or AVIF, at most 20,971,520 bytes.' } }, ['file']),
    },
    handler: async (req) => {
      // Authorized (by the pre-handler) before the body is read: a reader or a stranger
      // uploads nothing; so is the person's room for more unsaved uploads, and the upload's
      // place in the bounded image line (503 / 429 when full). Then the body is streamed to a
      // temporary file, so memory stays flat however many arrive at once (issue #9).
      const m = membershipOf(req);
      if (!req.isMultipart()) throw InvalidFormatError('Send the image as multipart/form-data.');
      await images.assertUploadRoom(deps.db, m.userId);
      const ticket = admitImage(m.userId);
      let tmp: string | undefined;
      try {
        const saved = await saveFile(req, { field: 'file', maxBytes: LIMITS.imageBytes, dir: uploadTmpDir });
        tmp = saved.path;
        const image = await images.uploadImage(deps.db, deps.files, m, tmp, ticket, { imageText: imageTextSending(deps) });
        // Issue #21 item 5: the space's sources already holding a nearly identical image.
        const similar = image.phash === null ? [] : await images.findSimilarSauces(deps.db, m.workspaceId, image.phash, image.id);
        return { success: true as const, data: { ...presentUpload(urls, image), similarTo: similar.map((r) => presentSimilar(urls, r)) } };
      } finally {
        ticket.release();
        if (tmp) await rm(tmp, { force: true });
      }
    },
  });

  app.route({
    ...endpoint('GET /archive/sauce/:workspace/image/upload', { summary: "Fresh URLs of one's own unsaved upload", tags }),
    config: { workspaceAction: 'createSauce' },
    handler: async (req) => {
      const rows = await images.pendingUploads(deps.db, membershipOf(req), req.query.id);
      return { success: true as const, data: rows.map((r) => presentUpload(urls, r)) };
    },
  });

  const readList = createSauceListReader(deps);
  const limitSearches = searchRateLimit(deps);
  // SPEC §7 names the list twice; both paths answer the same.
  for (const list of ['GET /archive/sauce/:workspace/list', 'GET /archive/sauce/:workspace/list/simple'] as const) {
    app.route({
      ...endpoint(list, { summary: 'Sources of a space, filtered and paged', tags }),
      config: { workspaceAction: 'read', membershipInQuery: true },
      // Issue #28 item 3: a list with `search` counts towards the person's searches a minute.
      preHandler: limitSearches,
      handler: async (req, reply) => {
        // The reader checks 'read' (404 for a non-member) in its first query; a list that did
        // not change answers 304 or comes from the cache (issue #9 item 12).
        const list = await readList(
          req.params.workspace,
          requireUser(req),
          req.query,
          (etag) => fresh(req.headers, { etag }),
          negotiateEncoding(req.headers['accept-encoding']),
        );
        // The body is serialized JSON already (bytes are sent as they are): untyped, as the
        // schema's type is that of the object it was made from.
        const out = reply as unknown as FastifyReply;
        // Browsers keep the page and ask again each time with If-None-Match.
        out.header('cache-control', 'private, no-cache');
        if (list.etag) out.header('etag', list.etag);
        if (list.status === 304) return out.code(304).send();
        // Compressed already (from the list cache): @fastify/compress leaves it as it is.
        if (list.encoding) out.header('content-encoding', list.encoding);
        return out.type('application/json; charset=utf-8').send(list.body);
      },
    });
  }

  /** A source's images and comments as `viewerId` sees them (null: a public share's reader). */
  const imagesOf = async (sauceId: number, viewerId: number | null) =>
    presentSauceImages(urls, await images.readSauceImages(deps.db, sauceId), viewerId);
  /** A source as its editors see it after a write, images and comments included (a text source has none: not read). */
  const presentWritten = async (sauce: SauceRecord, userId: number) =>
    presentSauce(sauce, true, urls, sauce.type === 'TEXT' ? [] : await imagesOf(sauce.id, userId), true);

  app.route({
    ...endpoint('GET /archive/sauce/:workspace/:id', { summary: 'A source', tags }),
    config: { workspaceAction: 'read' },
    handler: async (req) => {
      const m = membershipOf(req);
      const sauce = await service.getSauce(deps.db, m.workspaceId, req.params.id);
      return { success: true as const, data: presentSauce(sauce, canEditSauces(m.permission), urls, await imagesOf(sauce.id, m.userId), true) };
    },
  });

  app.route({
    ...endpoint('POST /archive/sauce/:workspace', { summary: 'Create a text or image source', tags }),
    // The save's lock statement reads and checks the role (one round trip fewer, issue #29).
    config: { workspaceAction: 'createSauce', membershipInQuery: true },
    handler: async (req) => {
      const claim = claimOf(req);
      const sauce = await service.createSauce(deps.db, claim, req.body, previews, deps.config.plan);
      return { success: true as const, data: await presentWritten(sauce, claim.userId) };
    },
  });

  app.route({
    ...endpoint('PATCH /archive/sauce/:workspace/:id', { summary: 'Change a source', tags }),
    config: { workspaceAction: 'updateSauce' },
    handler: async (req) => {
      const m = membershipOf(req);
      const sauce = await service.updateSauce(deps.db, deps.files, m, req.params.id, req.body, previews);
      return { success: true as const, data: await presentWritten(sauce, m.userId) };
    },
  });

  app.route({
    ...endpoint('GET /archive/sauce/:workspace/:id/copy', { summary: "A text source's kept copy of its linked page: its readable text (issue #21)", tags }),
    config: { workspaceAction: 'read' },
    handler: async (req) => ({ success: true as const, data: await readCopy(deps.db, membershipOf(req).workspaceId, req.params.id) }),
  });

  app.route({
    ...endpoint('POST /archive/sauce/:workspace/:id/preview', { summary: "Read a text source's link preview again (after it failed)", tags }),
    config: { workspaceAction: 'updateSauce' },
    handler: async (req) => {
      const m = membershipOf(req);
      await refreshPreview(deps.db, previews, m, req.params.id);
      return { success: true as const, data: await presentWritten(await service.getSauce(deps.db, m.workspaceId, req.params.id), m.userId) };
    },
  });

  app.route({
    ...endpoint('DELETE /archive/sauce/:workspace/:id', { summary: 'Delete a source', tags }),
    config: { workspaceAction: 'deleteSauce' },
    handler: async (req) => {
      await service.deleteSauce(deps.db, deps.files, membershipOf(req), req.params.id);
      return { success: true as const, data: null };
    },
  });
};
