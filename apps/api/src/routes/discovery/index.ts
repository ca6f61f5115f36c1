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
} from '@sauce/contract/articles';
import { ok, page, zId } from '@sauce/contract/common';
import { zLink } from '@sauce/contract/sauces';
import { z } from 'zod';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { queueThumbnail } from '../../jobs/articles.ts';
import { requireUser } from '../../auth/session.ts';
import { membershipOf } from '../../policies/authorize.ts';
import { canEditSources } from '../../policies/workspace.ts';
import { presentAdminArticle, presentArticle, presentFeed } from '../../presenters/article.ts';
import { presentSauce } from '../../presenters/sauce.ts';
import * as articles from '../../services/articles/articles.ts';
import * as feeds from '../../services/articles/feeds.ts';
import { forkArticle } from '../../services/articles/fork.ts';
import { PUBLIC } from '../../lib/openapi.ts';

const tags = ['discovery'];
const articleParams = z.object({ articleId: zId });
const feedParams = z.object({ feedId: zId });

/**
 * SPEC §7 Discovery (issue #10): the public article list and categories, saving an article
 * into a space (fork), and the administrators' curation — articles added by URL, edited,
 * hidden, deleted, and RSS/Atom feeds subscribed per category. Also starts the article
 * workers (summaries, thumbnails, feed polls) of this process.
 */
export const discoveryRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const readOpts = { allowPrivate: deps.config.metadataAllowPrivate };

  app.get(
    '/discovery/articles',
    {
      schema: {
        operationId: 'listArticles',
        summary: 'Curated articles, by category and search',
        security: PUBLIC,
        tags,
        querystring: zArticleListQuery,
        response: { 200: ok(page(zArticle)) },
      },
    },
    async (req) => {
      const list = await articles.listArticles(deps.db, req.query);
      return { success: true as const, data: { ...list, results: list.results.map(presentArticle) } };
    },
  );

  app.get(
    '/discovery/articles/category',
    {
      schema: {
        operationId: 'listArticleCategories',
        summary: 'Article categories with their counts',
        security: PUBLIC,
        tags,
        response: { 200: ok(z.array(zCategory)) },
      },
    },
    async () => ({
      success: true as const,
      data: await articles.listCategories(deps.db),
    }),
  );

  app.get(
    '/discovery/articles/:articleId',
    { schema: { operationId: 'getArticle', summary: 'An article', security: PUBLIC, tags, params: articleParams, response: { 200: ok(zArticle) } } },
    async (req) => ({ success: true as const, data: presentArticle(await articles.getVisibleArticle(deps.db, req.params.articleId)) }),
  );

  app.post(
    '/discovery/articles/:articleId/fork',
    {
      // The space is the body's workspace.id: a writer of it may save (SPEC §6: sign-in needed).
      config: { workspaceAction: 'createSauce' },
      schema: {
        operationId: 'saveArticle',
        summary: 'Save an article into a space as a text source',
        tags,
        params: articleParams,
        body: zForkArticle,
        response: { 200: ok(zForkResult) },
      },
    },
    async (req) => {
      const m = membershipOf(req);
      const { sauce, created } = await forkArticle(deps.db, deps.jobs, m, req.params.articleId, req.body, {
        retries: deps.config.articles.summaryRetries,
        plan: deps.config.plan,
      });
      // An article source is a text source: no images to load.
      return { success: true as const, data: { sauce: presentSauce(sauce, canEditSources(m.permission), deps.urls), created } };
    },
  );

  // --- Curation: administrators only (ADMIN_EMAILS); 401 signed out, 403 for anyone else.

  app.get(
    '/discovery/admin/articles',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminListArticles',
        summary: 'All articles, hidden ones too (administrators)',
        tags,
        querystring: zAdminArticleListQuery,
        response: { 200: ok(page(zAdminArticle)) },
      },
    },
    async (req) => {
      const list = await articles.listAdminArticles(deps.db, req.query);
      return { success: true as const, data: { ...list, results: list.results.map(presentAdminArticle) } };
    },
  );

  app.post(
    '/discovery/admin/articles/preview',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminPreviewArticle',
        summary: 'Read a page for a new article (administrators)',
        tags,
        body: z.object({ url: zLink }),
        response: { 200: ok(zArticlePreview) },
      },
    },
    async (req) => ({ success: true as const, data: await articles.previewArticle(deps.db, req.body.url, readOpts) }),
  );

  app.post(
    '/discovery/admin/articles',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminCreateArticle',
        summary: 'Add an article (administrators)',
        tags,
        body: zCreateArticle,
        response: { 200: ok(zAdminArticle) },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const article = await articles.createArticle(deps.db, req.body, userId, readOpts);
      if (!article.thumbnail || !article.favicon) await queueThumbnail(deps.jobs, article.id);
      return { success: true as const, data: presentAdminArticle(article) };
    },
  );

  app.patch(
    '/discovery/admin/articles/:articleId',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminUpdateArticle',
        summary: 'Edit or hide an article (administrators)',
        tags,
        params: articleParams,
        body: zUpdateArticle,
        response: { 200: ok(zAdminArticle) },
      },
    },
    async (req) => ({ success: true as const, data: presentAdminArticle(await articles.updateArticle(deps.db, req.params.articleId, req.body)) }),
  );

  app.delete(
    '/discovery/admin/articles/:articleId',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminDeleteArticle',
        summary: 'Delete an article (administrators)',
        tags,
        params: articleParams,
        response: { 200: ok(z.null()) },
      },
    },
    async (req) => {
      await articles.deleteArticle(deps.db, req.params.articleId);
      return { success: true as const, data: null };
    },
  );

  app.get(
    '/discovery/admin/feeds',
    {
      config: { admin: true },
      schema: { operationId: 'adminListFeeds', summary: 'Subscribed feeds (administrators)', tags, response: { 200: ok(z.array(zFeed)) } },
    },
    async () => ({ success: true as const, data: (await feeds.listFeeds(deps.db)).map(presentFeed) }),
  );

  /** Polls a feed now and answers what it did, with the feed as it then is ('failing' and why, or 'ok'). */
  const pollNow = async (feedId: number) => {
    const result = await feeds.pollFeed(deps.db, feedId, { ...readOpts, onAdded: (id) => queueThumbnail(deps.jobs, id) });
    return { feed: presentFeed(await feeds.getFeed(deps.db, feedId)), ...result };
  };

  app.post(
    '/discovery/admin/feeds',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminCreateFeed',
        summary: 'Subscribe a category to a feed (administrators)',
        tags,
        body: zCreateFeed,
        response: { 200: ok(zFeedPollResult) },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const feed = await feeds.createFeed(deps.db, req.body.url, req.body.categoryId, userId);
      // The first poll runs at once, so the admin sees whether the feed works.
      return { success: true as const, data: await pollNow(feed.id) };
    },
  );

  app.patch(
    '/discovery/admin/feeds/:feedId',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminUpdateFeed',
        summary: 'Change a feed (administrators)',
        tags,
        params: feedParams,
        body: zUpdateFeed,
        response: { 200: ok(zFeed) },
      },
    },
    async (req) => ({ success: true as const, data: presentFeed(await feeds.updateFeed(deps.db, req.params.feedId, req.body)) }),
  );

  app.delete(
    '/discovery/admin/feeds/:feedId',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminDeleteFeed',
        summary: 'Unsubscribe a feed (administrators)',
        tags,
        params: feedParams,
        response: { 200: ok(z.null()) },
      },
    },
    async (req) => {
      await feeds.deleteFeed(deps.db, req.params.feedId);
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/discovery/admin/feeds/:feedId/poll',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminPollFeed',
        summary: 'Read a feed now (administrators)',
        tags,
        params: feedParams,
        response: { 200: ok(zFeedPollResult) },
      },
    },
    async (req) => ({ success: true as const, data: await pollNow(req.params.feedId) }),
  );
};
