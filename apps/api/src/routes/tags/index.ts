import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { membershipOf } from '../../policies/authorize.ts';
import { presentPage } from '../../presenters/page.ts';
import { suggestTags } from '../../services/tag-suggestions.ts';
import * as service from '../../services/tags.ts';

const tags = ['tags'];
/** Tags the extension's popup is offered at once (GET /archive/sauce/{workspace}/tags). */
const SPACE_TAG_SUGGESTIONS = 10;

/**
 * Tag routes, SPEC §7 Tags: the signed-in person's own tag list and favorites; a space's tags,
 * and the tags suggested for a source (issue #21 item 6) and to the extension (issue #20).
 */
export const tagRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  app.route({
    ...endpoint('GET /archive/sauce/:workspace/tags/list', {
      summary: "The tags of a space's sources, with the person's favorites first (the space's tag filter)",
      description: 'Issue #31 item 2: a team space offers its own tags, for any member. Queried and paged as GET /archive/tag/list.',
      tags,
    }),
    config: { workspaceAction: 'read' },
    handler: async (req) => {
      const m = membershipOf(req);
      return { success: true as const, data: presentPage(req.query, await service.listSpaceTags(deps.db, m.workspaceId, m.userId, req.query)) };
    },
  });

  app.route({
    ...endpoint('GET /archive/tag/list', { summary: "The person's tags", tags }),
    handler: async (req) => ({ success: true as const, data: presentPage(req.query, await service.listTags(deps.db, requireUser(req), req.query)) }),
  });

  app.route({
    ...endpoint('POST /archive/tag', { summary: 'Create a tag', tags }),
    handler: async (req) => ({ success: true as const, data: await service.addTag(deps.db, requireUser(req), req.body.name) }),
  });

  app.route({
    ...endpoint('POST /archive/tag/favorite', { summary: 'Mark a tag as a favorite', tags }),
    handler: async (req) => ({ success: true as const, data: await service.setFavorite(deps.db, requireUser(req), req.body.name, true) }),
  });

  app.route({
    ...endpoint('DELETE /archive/tag/favorite/:name', { summary: 'Unmark a favorite tag', tags }),
    handler: async (req) => ({ success: true as const, data: await service.setFavorite(deps.db, requireUser(req), req.params.name, false) }),
  });

  // Tag management (/mypage/tags, issue #8).
  app.route({
    ...endpoint('GET /archive/tag/usage', { summary: 'Every tag with the number of sources carrying it', tags }),
    handler: async (req) => ({ success: true as const, data: presentPage(req.query, await service.listTagUsage(deps.db, requireUser(req), req.query)) }),
  });

  app.route({
    ...endpoint('PATCH /archive/tag/:name', { summary: 'Rename (or merge) a tag', tags }),
    handler: async (req) => ({ success: true as const, data: await service.renameTag(deps.db, requireUser(req), req.params.name, req.body.name) }),
  });

  app.route({
    ...endpoint('DELETE /archive/tag/:name', { summary: "Delete a tag from the person's sources", tags }),
    handler: async (req) => {
      await service.deleteTag(deps.db, requireUser(req), req.params.name);
      return { success: true as const, data: null };
    },
  });

  app.route({
    ...endpoint('GET /archive/sauce/:workspace/tags', { summary: "Tags of the space's sources starting with `search`, most used first (at most 10)", tags: ['sauces'] }),
    config: { workspaceAction: 'read' },
    handler: async (req) => ({
      success: true as const,
      data: await service.suggestSpaceTags(deps.db, membershipOf(req).workspaceId, req.query.search, SPACE_TAG_SUGGESTIONS),
    }),
  });

  app.route({
    ...endpoint('POST /archive/sauce/:workspace/tags/suggest', {
      summary: "Tags to offer for a source: the space's most used, and words of its link's page and text",
      description: "`space`: the space's tags starting with `search`, most used first. `fromText`: from the title, the text and the link's page " +
        '(its preview as last read, or the saved copy of a source of the space with the same link) — by the configured LLM ' +
        '(AI_BASE_URL) when there is one, else by keyword extraction; every tag obeys SPEC §5. Nothing is saved.',
      tags: ['sauces'],
    }),
    // The configured LLM may be asked: 60 a minute per person.
    config: {
      workspaceAction: 'createSauce',
      rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => (req.userId ? `user:${req.userId}` : `ip:${req.ip}`) },
    },
    handler: async (req) => {
      const { ai } = deps.config;
      const data = await suggestTags(deps.db, membershipOf(req).workspaceId, req.body, {
        metadata: { allowPrivate: deps.config.metadataAllowPrivate, shared: deps.shared },
        llm: ai.baseUrl ? { ...ai, baseUrl: ai.baseUrl } : null,
        log: req.log,
      });
      return { success: true as const, data };
    },
  });
};
