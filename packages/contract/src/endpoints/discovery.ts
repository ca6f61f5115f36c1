import { z } from 'zod';
import {
  zAdminArticle,
  zAdminArticleListQuery,
  zArticle,
  zArticleListQuery,
  zArticlePreview,
  zCategory,
  zCreateArticle,
  zCreateFeed,
  zFeed,
  zFeedPollResult,
  zForkArticle,
  zForkResult,
  zUpdateArticle,
  zUpdateFeed,
} from '../articles.ts';
import { ok, page, zId } from '../common.ts';
import type { EndpointTable } from '../endpoints.ts';
import { zLink } from '../sauces.ts';

const zArticleParams = z.object({ articleId: zId });
const zFeedParams = z.object({ feedId: zId });

/** SPEC §7 Discovery (issue #10): the discovery routes' part of the endpoint table (../endpoints.ts). */
export const discoveryEndpoints = {
  'GET /discovery/articles': { operationId: 'listArticles', query: zArticleListQuery, answer: ok(page(zArticle)) },
  'GET /discovery/articles/category': { operationId: 'listArticleCategories', answer: ok(z.array(zCategory)) },
  'GET /discovery/articles/:articleId': { operationId: 'getArticle', params: zArticleParams, answer: ok(zArticle) },
  'POST /discovery/articles/:articleId/fork': { operationId: 'saveArticle', params: zArticleParams, body: zForkArticle, answer: ok(zForkResult) },
  'GET /discovery/admin/articles': { operationId: 'adminListArticles', query: zAdminArticleListQuery, answer: ok(page(zAdminArticle)) },
  'POST /discovery/admin/articles/preview': { operationId: 'adminPreviewArticle', body: z.object({ url: zLink }), answer: ok(zArticlePreview) },
  'POST /discovery/admin/articles': { operationId: 'adminCreateArticle', body: zCreateArticle, answer: ok(zAdminArticle) },
  'PATCH /discovery/admin/articles/:articleId': {
    operationId: 'adminUpdateArticle',
    params: zArticleParams,
    body: zUpdateArticle,
    answer: ok(zAdminArticle),
  },
  'DELETE /discovery/admin/articles/:articleId': { operationId: 'adminDeleteArticle', params: zArticleParams, answer: ok(z.null()) },
  'GET /discovery/admin/feeds': { operationId: 'adminListFeeds', answer: ok(z.array(zFeed)) },
  'POST /discovery/admin/feeds': { operationId: 'adminCreateFeed', body: zCreateFeed, answer: ok(zFeedPollResult) },
  'PATCH /discovery/admin/feeds/:feedId': { operationId: 'adminUpdateFeed', params: zFeedParams, body: zUpdateFeed, answer: ok(zFeed) },
  'DELETE /discovery/admin/feeds/:feedId': { operationId: 'adminDeleteFeed', params: zFeedParams, answer: ok(z.null()) },
  'POST /discovery/admin/feeds/:feedId/poll': { operationId: 'adminPollFeed', params: zFeedParams, answer: ok(zFeedPollResult) },
} as const satisfies EndpointTable;
