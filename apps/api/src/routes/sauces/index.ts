import { ok, page, zId } from '@sauce/contract/common';
import { zCreateSauce, zSauce, zSauceListQuery, zUpdateSauce } from '@sauce/contract/sauces';
import { z } from 'zod';
import { requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { authorizeWorkspace } from '../../policies/workspace.ts';
import { presentSauce } from '../../presenters/sauce.ts';
import * as service from '../../services/sauces.ts';

const wsParams = z.object({ workspace: zId });
const sauceParams = z.object({ workspace: zId, id: zId });
const tags = ['sauces'];

/** Source routes, SPEC §7 Sources (text sources; sharing). */
export const sauceRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const opts = { allowPrivate: deps.config.metadataAllowPrivate };

  for (const path of ['/archive/sauce/:workspace/list', '/archive/sauce/:workspace/list/simple']) {
    app.get(
      path,
      { schema: { tags, params: wsParams, querystring: zSauceListQuery, response: { 200: ok(page(zSauce)) } } },
      async (req) => {
        const userId = requireUser(req);
        const m = await authorizeWorkspace(deps.db, userId, req.params.workspace, 'read');
        const list = await service.listSauces(deps.db, req.params.workspace, userId, req.query);
        const editable = service.isEditable(m.permission);
        return { success: true as const, data: { ...list, results: list.results.map((r) => presentSauce(r, editable)) } };
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
      return { success: true as const, data: presentSauce(await service.getSharedSauce(deps.db, req.params.shareId), false) };
    },
  );

  app.get('/archive/sauce/:workspace/:id', { schema: { tags, params: sauceParams, response: { 200: ok(zSauce) } } }, async (req) => {
    const m = await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'read');
    const sauce = await service.getSauce(deps.db, req.params.workspace, req.params.id);
    return { success: true as const, data: presentSauce(sauce, service.isEditable(m.permission)) };
  });

  app.post(
    '/archive/sauce/:workspace',
    { schema: { tags, params: wsParams, body: zCreateSauce, response: { 200: ok(zSauce) } } },
    async (req) => {
      const m = await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'createSauce');
      const sauce = await service.createSauce(deps.db, m, req.body, opts);
      return { success: true as const, data: presentSauce(sauce, true) };
    },
  );

  app.patch(
    '/archive/sauce/:workspace/:id',
    { schema: { tags, params: sauceParams, body: zUpdateSauce, response: { 200: ok(zSauce) } } },
    async (req) => {
      const m = await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'updateSauce');
      const sauce = await service.updateSauce(deps.db, m, req.params.id, req.body, opts);
      return { success: true as const, data: presentSauce(sauce, true) };
    },
  );

  app.delete('/archive/sauce/:workspace/:id', { schema: { tags, params: sauceParams, response: { 200: ok(z.null()) } } }, async (req) => {
    await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'deleteSauce');
    await service.deleteSauce(deps.db, req.params.workspace, req.params.id);
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
      const link = shareId ? `${deps.config.publicUrl}/archive/sauce/share/${shareId}` : null;
      return { success: true as const, data: { link, isShareEnabled: req.body.isShareEnabled } };
    },
  );
};
