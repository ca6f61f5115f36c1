import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { membershipOf } from '../../policies/authorize.ts';
import { presentShareState } from '../../presenters/share.ts';
import * as service from '../../services/folders.ts';
import { prepareShareChange, readFolderShare, setFolderShare } from '../../services/shares.ts';

const tags = ['folders'];

/** Folder routes, SPEC §7 Folders (their paths and schemas: the contract's endpoint table). */
export const folderRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  app.route({
    ...endpoint('GET /archive/folder/:workspace/list', { summary: 'Folders of a space, in order', tags }),
    config: { workspaceAction: 'read' },
    handler: async (req) => {
      const results = await service.listFolders(deps.db, membershipOf(req).workspaceId);
      return { success: true as const, data: { results, count: results.length, next: null, previous: null } };
    },
  });

  app.route({
    ...endpoint('POST /archive/folder/:workspace', { summary: 'Create a folder', tags }),
    config: { workspaceAction: 'createFolder' },
    handler: async (req) => ({
      success: true as const,
      data: await service.createFolder(deps.db, membershipOf(req), req.body.name, deps.config.plan.folders),
    }),
  });

  app.route({
    ...endpoint('PATCH /archive/folder/:workspace/order', { summary: 'Reorder the folders of a space', tags }),
    config: { workspaceAction: 'reorderFolders' },
    handler: async (req) => ({ success: true as const, data: await service.reorderFolders(deps.db, membershipOf(req), req.body) }),
  });

  app.route({
    ...endpoint('PATCH /archive/folder/:workspace/:folderId', { summary: 'Rename a folder', tags }),
    config: { workspaceAction: 'updateFolder' },
    handler: async (req) => ({
      success: true as const,
      data: await service.renameFolder(deps.db, membershipOf(req), req.params.folderId, req.body.name),
    }),
  });

  app.route({
    ...endpoint('DELETE /archive/folder/:workspace/:folderId', { summary: 'Delete a folder', tags }),
    config: { workspaceAction: 'deleteFolder' },
    handler: async (req) => {
      await service.deleteFolder(deps.db, membershipOf(req), req.params.folderId);
      return { success: true as const, data: null };
    },
  });

  // Issue #32: a folder shared as a board, by the roles that share a source (SPEC §6).
  app.route({
    ...endpoint('GET /archive/folder/:workspace/:folderId/share', { summary: "A folder's board: its public link and settings (issue #32)", tags }),
    config: { workspaceAction: 'shareSauce' },
    handler: async (req) => {
      const share = await readFolderShare(deps.db, membershipOf(req), req.params.folderId);
      return { success: true as const, data: presentShareState(share, 'board', deps.config.publicUrl) };
    },
  });

  app.route({
    ...endpoint('PATCH /archive/folder/:workspace/:folderId/share', {
      summary: 'Share a folder as a board, or change its link: on or off, its expiry and its password (issue #32)',
      tags,
      description: 'Absent fields keep their value; `expiresAt: null` never expires, `password: null` removes the password. Turning a board on that was off makes a new link.',
    }),
    config: { workspaceAction: 'shareSauce' },
    handler: async (req) => {
      const change = await prepareShareChange(req.body, deps.now());
      const share = await setFolderShare(deps.db, membershipOf(req), req.params.folderId, change, deps.now());
      return { success: true as const, data: presentShareState(share, 'board', deps.config.publicUrl) };
    },
  });
};
