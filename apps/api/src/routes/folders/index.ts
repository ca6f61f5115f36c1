import { ok, page, zId } from '@sauce/contract/common';
import { zCreateFolder, zFolder, zRenameFolder, zReorderFolders } from '@sauce/contract/folders';
import { z } from 'zod';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { membershipOf } from '../../policies/authorize.ts';
import * as service from '../../services/folders.ts';

const wsParams = z.object({ workspace: zId });
const folderParams = z.object({ workspace: zId, folderId: zId });
const tags = ['folders'];

/** Folder routes, SPEC §7 Folders. */
export const folderRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  app.get(
    '/archive/folder/:workspace/list',
    {
      config: { workspaceAction: 'read' },
      schema: {
        operationId: 'listFolders',
        summary: 'Folders of a space, in order',
        tags,
        params: wsParams,
        querystring: z.object({ ordering: z.literal('order').optional() }),
        response: { 200: ok(page(zFolder)) },
      },
    },
    async (req) => {
      const results = await service.listFolders(deps.db, membershipOf(req).workspaceId);
      return { success: true as const, data: { results, count: results.length, next: null, previous: null } };
    },
  );

  app.post(
    '/archive/folder/:workspace',
    {
      config: { workspaceAction: 'createFolder' },
      schema: {
        operationId: 'createFolder',
        summary: 'Create a folder',
        tags,
        params: wsParams,
        body: zCreateFolder,
        response: { 200: ok(zFolder) },
      },
    },
    async (req) => {
      return { success: true as const, data: await service.createFolder(deps.db, membershipOf(req), req.body.name, deps.config.plan.folders) };
    },
  );

  app.patch(
    '/archive/folder/:workspace/order',
    {
      config: { workspaceAction: 'reorderFolders' },
      schema: {
        operationId: 'reorderFolders',
        summary: 'Reorder the folders of a space',
        tags,
        params: wsParams,
        body: zReorderFolders,
        response: { 200: ok(z.array(zFolder)) },
      },
    },
    async (req) => {
      return { success: true as const, data: await service.reorderFolders(deps.db, membershipOf(req), req.body) };
    },
  );

  app.patch(
    '/archive/folder/:workspace/:folderId',
    {
      config: { workspaceAction: 'updateFolder' },
      schema: {
        operationId: 'renameFolder',
        summary: 'Rename a folder',
        tags,
        params: folderParams,
        body: zRenameFolder,
        response: { 200: ok(zFolder) },
      },
    },
    async (req) => {
      return { success: true as const, data: await service.renameFolder(deps.db, membershipOf(req), req.params.folderId, req.body.name) };
    },
  );

  app.delete(
    '/archive/folder/:workspace/:folderId',
    {
      config: { workspaceAction: 'deleteFolder' },
      schema: { operationId: 'deleteFolder', summary: 'Delete a folder', tags, params: folderParams, response: { 200: ok(z.null()) } },
    },
    async (req) => {
      await service.deleteFolder(deps.db, membershipOf(req), req.params.folderId);
      return { success: true as const, data: null };
    },
  );
};
