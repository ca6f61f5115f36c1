import { z } from 'zod';
import { ok, page, zId } from '../common.ts';
import type { EndpointTable } from '../endpoints.ts';
import { zCreateFolder, zFolder, zRenameFolder, zReorderFolders } from '../folders.ts';

const zSpaceParams = z.object({ workspace: zId });
const zFolderParams = z.object({ workspace: zId, folderId: zId });

/** SPEC §7 Folders: the folder routes' part of the endpoint table (../endpoints.ts). */
export const folderEndpoints = {
  'GET /archive/folder/:workspace/list': {
    operationId: 'listFolders',
    params: zSpaceParams,
    query: z.object({ ordering: z.literal('order').optional() }),
    answer: ok(page(zFolder)),
  },
  'POST /archive/folder/:workspace': { operationId: 'createFolder', params: zSpaceParams, body: zCreateFolder, answer: ok(zFolder) },
  'PATCH /archive/folder/:workspace/order': {
    operationId: 'reorderFolders',
    params: zSpaceParams,
    body: zReorderFolders,
    answer: ok(z.array(zFolder)),
  },
  'PATCH /archive/folder/:workspace/:folderId': { operationId: 'renameFolder', params: zFolderParams, body: zRenameFolder, answer: ok(zFolder) },
  'DELETE /archive/folder/:workspace/:folderId': { operationId: 'deleteFolder', params: zFolderParams, answer: ok(z.null()) },
} as const satisfies EndpointTable;
