import { ok, page, zId } from '@sauce/contract/common';
import { LIMITS } from '@sauce/contract/limits';
import { zCreateSauce, zSauce, zSauceListQuery, zUpdateSauce, zUploadedImage } from '@sauce/contract/sauces';
import { z } from 'zod';
import { requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { InvalidFormatError, PayloadTooLargeError } from '../../errors.ts';
import { authorizeWorkspace } from '../../policies/workspace.ts';
import { presentSauce } from '../../presenters/sauce.ts';
import * as images from '../../services/images.ts';
import * as service from '../../services/sauces.ts';

const wsParams = z.object({ workspace: zId });
const sauceParams = z.object({ workspace: zId, id: zId });
const tags = ['sauces'];

/** Source routes, SPEC §7 Sources (text and image sources, uploads, sharing). */
export const sauceRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const opts = { allowPrivate: deps.config.metadataAllowPrivate };
  const { urls } = deps;

  app.post(
    '/archive/sauce/:workspace/image/upload/single',
    {
      // Each upload holds up to 20 MB while it waits to be processed: at most 120 a minute per address.
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { tags, params: wsParams, consumes: ['multipart/form-data'], response: { 200: ok(zUploadedImage) } },
    },
    async (req) => {
      // Authorized before the body is read: a reader or a stranger uploads nothing.
      const m = await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'createSauce');
      if (!req.isMultipart()) throw InvalidFormatError('Send the image as multipart/form-data.');
      let data: Buffer;
      try {
        const part = await req.file();
        if (!part) throw InvalidFormatError('No file in the request.');
        data = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw PayloadTooLargeError(LIMITS.imageBytes);
        throw e;
      }
      const image = await images.uploadImage(deps.db, deps.files, m, data);
      return { success: true as const, data: images.presentUpload(urls, image) };
    },
  );

  app.get(
    '/archive/sauce/:workspace/image/upload',
    {
      schema: {
        tags,
        params: wsParams,
        querystring: z.object({
          id: z
            .union([zId, z.array(zId).max(LIMITS.pendingUploads)])
            .transform((v) => (Array.isArray(v) ? v : [v])),
        }),
        response: { 200: ok(z.array(zUploadedImage)) },
      },
    },
    async (req) => {
      const m = await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'createSauce');
      const rows = await images.pendingUploads(deps.db, m, req.query.id);
      return { success: true as const, data: rows.map((r) => images.presentUpload(urls, r)) };
    },
  );

  for (const path of ['/archive/sauce/:workspace/list', '/archive/sauce/:workspace/list/simple']) {
    app.get(
      path,
      { schema: { tags, params: wsParams, querystring: zSauceListQuery, response: { 200: ok(page(zSauce)) } } },
      async (req) => {
        // listSauces authorizes 'read' (404 for a non-member) in the same round trip as the page.
        const list = await service.listSauces(deps.db, req.params.workspace, requireUser(req), req.query);
        const editable = service.isEditable(list.permission);
        const results = list.results.map((r) => presentSauce(r, editable, urls));
        return { success: true as const, data: { results, count: list.count, next: list.next, previous: list.previous } };
      },
    );
  }

  app.get(
    '/archive/sauce/share/:shareId',
    {
      schema: { tags, params: z.object({ shareId: z.string().min(1).max(64) }), response: { 200: ok(zSauce) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      // Public: nothing of the owner's workspace (folder names) and never editable.
      const record = await service.getSharedSauce(deps.db, req.params.shareId);
      const sauce = presentSauce(record, false, urls, await images.loadSauceImages(deps.db, urls, record.id));
      return { success: true as const, data: { ...sauce, folderSet: [] } };
    },
  );

  app.get('/archive/sauce/:workspace/:id', { schema: { tags, params: sauceParams, response: { 200: ok(zSauce) } } }, async (req) => {
    const m = await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'read');
    const sauce = await service.getSauce(deps.db, req.params.workspace, req.params.id);
    const imageSauce = await images.loadSauceImages(deps.db, urls, sauce.id);
    return { success: true as const, data: presentSauce(sauce, service.isEditable(m.permission), urls, imageSauce) };
  });

  app.post(
    '/archive/sauce/:workspace',
    { schema: { tags, params: wsParams, body: zCreateSauce, response: { 200: ok(zSauce) } } },
    async (req) => {
      const m = await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'createSauce');
      const sauce = await service.createSauce(deps.db, m, req.body, opts);
      return { success: true as const, data: presentSauce(sauce, true, urls, await images.loadSauceImages(deps.db, urls, sauce.id)) };
    },
  );

  app.patch(
    '/archive/sauce/:workspace/:id',
    { schema: { tags, params: sauceParams, body: zUpdateSauce, response: { 200: ok(zSauce) } } },
    async (req) => {
      const m = await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'updateSauce');
      const sauce = await service.updateSauce(deps.db, deps.files, m, req.params.id, req.body, opts);
      return { success: true as const, data: presentSauce(sauce, true, urls, await images.loadSauceImages(deps.db, urls, sauce.id)) };
    },
  );

  app.delete('/archive/sauce/:workspace/:id', { schema: { tags, params: sauceParams, response: { 200: ok(z.null()) } } }, async (req) => {
    await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'deleteSauce');
    await service.deleteSauce(deps.db, deps.files, req.params.workspace, req.params.id);
    return { success: true as const, data: null };
  });

  app.post(
    '/archive/sauce/:workspace/:id/share',
    {
      schema: {
        tags,
        params: sauceParams,
        body: z.object({ isShareEnabled: z.boolean() }),
        response: { 200: ok(z.object({ link: z.string().nullable(), isShareEnabled: z.boolean() })) },
      },
    },
    async (req) => {
      await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'shareSauce');
      const shareId = await service.setSharing(deps.db, req.params.workspace, req.params.id, req.body.isShareEnabled);
      const link = shareId ? new URL(`/archive/sauce/share/${shareId}`, deps.config.publicUrl).toString() : null;
      return { success: true as const, data: { link, isShareEnabled: req.body.isShareEnabled } };
    },
  );
};
