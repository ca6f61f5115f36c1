import { z } from 'zod';
import { ok, zId } from '../common.ts';
import type { EndpointTable } from '../endpoints.ts';
import { zBoard, zBoardQuery, zShareIdParams, zShareSettings, zShareState, zUnlockBody } from '../shares.ts';

const zFolderParams = z.object({ workspace: zId, folderId: zId });
const zSauceParams = z.object({ workspace: zId, id: zId });

/**
 * Issue #32: boards (a folder shared as one page) and the expiry and password of every share
 * — the owner's settings beside SPEC §7's source share, and the visitor's calls.
 */
export const shareEndpoints = {
  'GET /archive/folder/:workspace/:folderId/share': { operationId: 'getBoardShare', params: zFolderParams, answer: ok(zShareState) },
  'PATCH /archive/folder/:workspace/:folderId/share': { operationId: 'setBoardShare', params: zFolderParams, body: zShareSettings, answer: ok(zShareState) },
  'GET /archive/sauce/:workspace/:id/share': { operationId: 'getSauceShare', params: zSauceParams, answer: ok(zShareState) },
  'PATCH /archive/sauce/:workspace/:id/share': { operationId: 'setSauceShare', params: zSauceParams, body: zShareSettings, answer: ok(zShareState) },
  'POST /archive/sauce/share/:shareId/unlock': { operationId: 'unlockSharedSauce', params: zShareIdParams, body: zUnlockBody, answer: ok(z.null()) },
  'GET /board/:shareId': { operationId: 'getBoard', params: zShareIdParams, query: zBoardQuery, answer: ok(zBoard) },
  'POST /board/:shareId/unlock': { operationId: 'unlockBoard', params: zShareIdParams, body: zUnlockBody, answer: ok(z.null()) },
} as const satisfies EndpointTable;
