import { z } from 'zod';
import { ok, zId } from '../common.ts';
import type { EndpointTable } from '../endpoints.ts';
import { LIMITS } from '../limits.ts';
import {
  zCreateSauce,
  zDuplicate,
  zDuplicatesQuery,
  zGlobalSearchQuery,
  zGlobalSearchResult,
  zLinkCopy,
  zSauce,
  zSauceListQuery,
  zSaucePage,
  zShareBody,
  zShareLink,
  zUpdateSauce,
  zUploadedImage,
  zUploadResult,
} from '../sauces.ts';

const zSpaceParams = z.object({ workspace: zId });
const zSauceParams = z.object({ workspace: zId, id: zId });
/** The list's query and answer; SPEC §7 names the list twice, and both paths answer the same. */
const list = { params: zSpaceParams, query: zSauceListQuery, answer: ok(zSaucePage) } as const;

/** SPEC §7 Sauces, with the extension's capture (issue #20) and finding (issue #21): the source routes' part of the endpoint table (../endpoints.ts). */
export const sauceEndpoints = {
  'POST /archive/sauce/:workspace/image/upload/single': { operationId: 'uploadImage', params: zSpaceParams, form: true, answer: ok(zUploadResult) },
  'GET /archive/sauce/:workspace/image/upload': {
    operationId: 'getUpload',
    params: zSpaceParams,
    query: z.object({
      id: z.union([zId, z.array(zId).max(LIMITS.pendingUploads)]).transform((v) => (Array.isArray(v) ? v : [v])),
    }),
    answer: ok(z.array(zUploadedImage)),
  },
  'GET /archive/sauce/:workspace/list': { operationId: 'listSauces', ...list },
  'GET /archive/sauce/:workspace/list/simple': { operationId: 'listSaucesSimple', ...list },
  'GET /archive/sauce/share/:shareId': { operationId: 'getSharedSauce', params: z.object({ shareId: z.string().min(1).max(64) }), answer: ok(zSauce) },
  'GET /archive/sauce/:workspace/:id': { operationId: 'getSauce', params: zSauceParams, answer: ok(zSauce) },
  'POST /archive/sauce/:workspace': { operationId: 'createSauce', params: zSpaceParams, body: zCreateSauce, answer: ok(zSauce) },
  'PATCH /archive/sauce/:workspace/:id': { operationId: 'updateSauce', params: zSauceParams, body: zUpdateSauce, answer: ok(zSauce) },
  'GET /archive/sauce/:workspace/:id/copy': { operationId: 'getLinkCopy', params: zSauceParams, answer: ok(zLinkCopy) },
  'POST /archive/sauce/:workspace/:id/preview': { operationId: 'refreshPreview', params: zSauceParams, answer: ok(zSauce) },
  'DELETE /archive/sauce/:workspace/:id': { operationId: 'deleteSauce', params: zSauceParams, answer: ok(z.null()) },
  'POST /archive/sauce/:workspace/:id/share': { operationId: 'shareSauce', params: zSauceParams, body: zShareBody, answer: ok(zShareLink) },
  'POST /archive/sauce/:workspace/capture': { operationId: 'captureSauce', params: zSpaceParams, form: true, answer: ok(zSauce) },
  'GET /archive/sauce/:workspace/duplicates': {
    operationId: 'findDuplicates',
    params: zSpaceParams,
    query: zDuplicatesQuery,
    answer: ok(z.array(zDuplicate)),
  },
  'GET /archive/locate/:id': { operationId: 'locateSauce', params: z.object({ id: zId }), answer: ok(z.object({ workspaceId: zId })) },
  'GET /archive/search': { operationId: 'searchEverywhere', query: zGlobalSearchQuery, answer: ok(zGlobalSearchResult) },
} as const satisfies EndpointTable;
