import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { queueThumbnail } from '../../jobs/article-thumbnail.ts';
import { requireUser } from '../../auth/session.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { membershipOf } from '../../policies/authorize.ts';
import { canEditSauces } from '../../policies/workspace.ts';
import { presentAdminArticle, presentArticle, presentFeed } from '../../presenters/article.ts';
import { presentSauce } from '../../presenters/sauce.ts';
import * as articles from '../../services/articles/articles.ts';
import * as feeds from '../../services/articles/feeds.ts';
import { forkArticle } from '../../services/articles/fork.ts';
import { PUBLIC } from '../../lib/openapi.ts';

const tags = ['discovery'];

/**
 * SPEC §7 Discovery (issue #10): the public article list and categories, saving an article
 * into a space (fork), and the administrators' curation — articles added by URL, edited,
 * hidden, deleted, and RSS/Atom feeds subscribed per category. Also starts the article
 * workers (summaries, thumbnails, feed polls) of this process.
 */
export const discoveryRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const readOpts = { allowPrivate: deps.config.metadataAllowPrivate };

  app.route({
    ...endpoint('GET /discovery/articles', { summary: 'Curated articles, by category and search', security: PUBLIC, tags }),
    handler: async (req) => {
      const list = await articles.listArticles(deps.db, req.query);
      return { success: true as const, data: { ...list, results: list.results.map(presentArticle) } };
    },
  });

  app.route({
    ...endpoint('GET /discovery/articles/category', { summary: 'Article categories with their counts', security: PUBLIC, tags }),
    handler: async () => ({
      success: true as const,
      data: await articles.listCategories(deps.db),
    }),
  });

  app.route({
    ...endpoint('GET /discovery/articles/:articleId', { summary: 'An article', security: PUBLIC, tags }),
    handler: async (req) => ({ success: true as const, data: presentArticle(await articles.getVisibleArticle(deps.db, req.params.articleId)) }),
  });

  app.route({
    ...endpoint('POST /discovery/articles/:articleId/fork', { summary: 'Save an article into a space as a text source', tags }),
    // The space is the body's workspace.id: a writer of it may save (SPEC §6: sign-in needed).
    config: { workspaceAction: 'createSauce' },
    handler: async (req) => {
      const m = membershipOf(req);
      const { sauce, created } = await forkArticle(deps.db, deps.jobs, m, req.params.articleId, req.body, {
        retries: deps.config.articles.summaryRetries,
        plan: deps.config.plan,
      });
      // An article source is a text source: no images to load.
      return { success: true as const, data: { sauce: presentSauce(sauce, canEditSauces(m.permission), deps.urls), created } };
    },
  });

  // --- Curation: administrators only (ADMIN_EMAILS); 401 signed out, 403 for anyone else.

  app.route({
    ...endpoint('GET /discovery/admin/articles', { summary: 'All articles, hidden ones too (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => {
      const list = await articles.listAdminArticles(deps.db, req.query);
      return { success: true as const, data: { ...list, results: list.results.map(presentAdminArticle) } };
    },
  });

  app.route({
    ...endpoint('POST /discovery/admin/articles/preview', { summary: 'Read a page for a new article (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => ({ success: true as const, data: await articles.previewArticle(deps.db, req.body.url, readOpts) }),
  });

  app.route({
    ...endpoint('POST /discovery/admin/articles', { summary: 'Add an article (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => {
      const userId = requireUser(req);
      const article = await articles.createArticle(deps.db, req.body, userId, readOpts);
      if (!article.thumbnail || !article.favicon) await queueThumbnail(deps.jobs, article.id);
      return { success: true as const, data: presentAdminArticle(article) };
    },
  });

  app.route({
    ...endpoint('PATCH /discovery/admin/articles/:articleId', { summary: 'Edit or hide an article (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => ({ success: true as const, data: presentAdminArticle(await articles.updateArticle(deps.db, req.params.articleId, req.body)) }),
  });

  app.route({
    ...endpoint('DELETE /discovery/admin/articles/:articleId', { summary: 'Delete an article (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => {
      await articles.deleteArticle(deps.db, req.params.articleId);
      return { success: true as const, data: null };
    },
  });

  app.route({
    ...endpoint('GET /discovery/admin/feeds', { summary: 'Subscribed feeds (administrators)', tags }),
    config: { admin: true },
    handler: async () => ({ success: true as const, data: (await feeds.listFeeds(deps.db)).map(presentFeed) }),
  });

  /** Polls a feed now and answers what it did, with the feed as it then is ('failing' and why, or 'ok'). */
  const pollNow = async (feedId: number) => {
    const result = await feeds.pollFeed(deps.db, feedId, { ...readOpts, onAdded: (id) => queueThumbnail(deps.jobs, id) });
    return { feed: presentFeed(await feeds.getFeed(deps.db, feedId)), ...result };
  };

  app.route({
    ...endpoint('POST /discovery/admin/feeds', { summary: 'Subscribe a category to a feed (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => {
      const userId = requireUser(req);
      const feed = await feeds.createFeed(deps.db, req.body.url, req.body.categoryId, userId);
      // The first poll runs at once, so the admin sees whether the feed works.
      return { success: true as const, data: await pollNow(feed.id) };
    },
  });

  app.route({
    ...endpoint('PATCH /discovery/admin/feeds/:feedId', { summary: 'Change a feed (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => ({ success: true as const, data: presentFeed(await feeds.updateFeed(deps.db, req.params.feedId, req.body)) }),
  });

  app.route({
    ...endpoint('DELETE /discovery/admin/feeds/:feedId', { summary: 'Unsubscribe a feed (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => {
      await feeds.deleteFeed(deps.db, req.params.feedId);
      return { success: true as const, data: null };
    },
  });

  app.route({
    ...endpoint('POST /discovery/admin/feeds/:feedId/poll', { summary: 'Read a feed now (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => ({ success: true as const, data: await pollNow(req.params.feedId) }),
  });
};
