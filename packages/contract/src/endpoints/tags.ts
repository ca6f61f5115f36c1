import { z } from 'zod';
import { zTagUsage, zTagUsageQuery } from '../account.ts';
import { ok, page, zId } from '../common.ts';
import type { EndpointTable } from '../endpoints.ts';
import { LIMITS } from '../limits.ts';
import { zTag, zTagBody, zTagListQuery, zTagName, zTagSuggestBody, zTagSuggestions } from '../tags.ts';

const zTagParams = z.object({ name: zTagName });

/** SPEC §7 Tags, and tag management (/mypage/tags, issue #8): the tag routes' part of the endpoint table (../endpoints.ts). */
export const tagEndpoints = {
  'GET /archive/sauce/:workspace/tags/list': {
    operationId: 'listSpaceTags',
    params: z.object({ workspace: zId }),
    query: zTagListQuery,
    answer: ok(page(zTag)),
  },
  'GET /archive/sauce/:workspace/tags': {
    operationId: 'suggestSpaceTags',
    params: z.object({ workspace: zId }),
    query: z.object({ search: z.string().max(LIMITS.tagLength).default('') }),
    answer: ok(z.array(z.string())),
  },
  'POST /archive/sauce/:workspace/tags/suggest': {
    operationId: 'suggestTags',
    params: z.object({ workspace: zId }),
    body: zTagSuggestBody,
    answer: ok(zTagSuggestions),
  },
  'GET /archive/tag/list': { operationId: 'listTags', query: zTagListQuery, answer: ok(page(zTag)) },
  'POST /archive/tag': { operationId: 'createTag', body: zTagBody, answer: ok(zTag) },
  'POST /archive/tag/favorite': { operationId: 'favoriteTag', body: zTagBody, answer: ok(zTag) },
  'DELETE /archive/tag/favorite/:name': { operationId: 'unfavoriteTag', params: zTagParams, answer: ok(zTag) },
  'GET /archive/tag/usage': { operationId: 'listTagUsage', query: zTagUsageQuery, answer: ok(page(zTagUsage)) },
  'PATCH /archive/tag/:name': {
    operationId: 'renameTag',
    params: zTagParams,
    body: zTagBody,
    answer: ok(zTagUsage.extend({ merged: z.boolean() })),
  },
  'DELETE /archive/tag/:name': { operationId: 'deleteTag', params: zTagParams, answer: ok(z.null()) },
} as const satisfies EndpointTable;
