import { ok, page, zId } from '@sauce/contract/common';
import { zCreateFolder, zFolder, zRenameFolder, zReorderFolders } from '@sauce/contract/folders';
import { z } from 'zod';
import { requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { authorizeWorkspace } from '../../policies/workspace.ts';
import * as service from '../../services/folders.ts';

const wsParams = z.object({ workspace: zId });
const folderParams = z.object({ workspace: zId, folderId: zId });
const tags = ['folders'];

/** Folder routes, SPEC §7 Folders. */
export const folderRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  app.get(
    '/archive/folder/:workspace/list',
    {
      schema: {
        tags,
        params: wsParams,
        querystring: z.object({ ordering: z.literal('order').optional() }),
        response: { 200: ok(page(zFolder)) },
      },
    },
    async (req) => {
      await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'read');
      const results = await service.listFolders(deps.db, req.params.workspace);
      return { success: true as const, data: { results, count: results.length, next: null, previous: null } };
    },
  );

  app.post(
    '/archive/folder/:workspace',
    { schema: { tags, params: wsParams, body: zCreateFolder, response: { 200: ok(zFolder) } } },
    async (req) => {
      await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'createFolder');
      return { success: true as const, data: await service.createFolder(deps.db, req.params.workspace, req.body.name) };
    },
  );

  app.patch(
    '/archive/folder/:workspace/order',
    { schema: { tags, params: wsParams, body: zReorderFolders, response: { 200: ok(z.array(zFolder)) } } },
    async (req) => {
      await authorizeWorkspace(deps.db, requireUser(req), req.params.workspace, 'reorderFolders');
      return { success: true as const, data: await service.reorderFolders(deps.db, req.params.workspace, req.body) };
    },
  );

  app.patch(
    '/archive/folder/:workspace/:folderId',
    { schema: { tags, params: folderParams, body: zRenameFolder, response: { 200: ok(zFolder) } } },
    async (req) => {
      const { workspace, folderId } = req.params;
      await authorizeWorkspace(deps.db, requireUser(req), workspace, 'updateFolder');
      return { success: true as const, data: await service.renameFolder(deps.db, workspace, folderId, req.body.name) };
    },
  );

  app.delete(
    '/archive/folder/:workspace/:folderId',
    { schema: { tags, params: folderParams, response: { 200: ok(z.null()) } } },
    async (req) => {
      const { workspace, folderId } = req.params;
      await authorizeWorkspace(deps.db, requireUser(req), workspace, 'deleteFolder');
      await service.deleteFolder(deps.db, workspace, folderId);
      return { success: true as const, data: null };
    },
  );
};
