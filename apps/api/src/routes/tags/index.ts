import { ok, page, zId } from '@sauce/contract/common';
import { zTagUsage, zTagUsageQuery } from '@sauce/contract/account';
import { zTag, zTagBody, zTagListQuery, zTagName } from '@sauce/contract/tags';
import { z } from 'zod';
import { requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { membershipOf } from '../../policies/authorize.ts';
import { presentPage } from '../../presenters/page.ts';
import * as service from '../../services/tags.ts';

const tags = ['tags'];

/** Tag routes, SPEC §7 Tags: the signed-in person's own tag list and favorites; a space's tags. */
export const tagRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  app.get(
    '/archive/sauce/:workspace/tags/list',
    {
      config: { workspaceAction: 'read' },
      schema: {
        operationId: 'listSpaceTags',
        summary: "The tags of a space's sources, with the person's favorites first (the space's tag filter)",
        description: 'Issue #31 item 2: a team space offers its own tags, for any member. Queried and paged as GET /archive/tag/list.',
        tags,
        params: z.object({ workspace: zId }),
        querystring: zTagListQuery,
        response: { 200: ok(page(zTag)) },
      },
    },
    async (req) => {
      const m = membershipOf(req);
      return { success: true as const, data: presentPage(req.query, await service.listSpaceTags(deps.db, m.workspaceId, m.userId, req.query)) };
    },
  );

  app.get(
    '/archive/tag/list',
    {
      schema: {
        operationId: 'listTags',
        summary: "The person's tags",
        tags,
        querystring: zTagListQuery,
        response: { 200: ok(page(zTag)) },
      },
    },
    async (req) => {
      return { success: true as const, data: presentPage(req.query, await service.listTags(deps.db, requireUser(req), req.query)) };
    },
  );

  app.post(
    '/archive/tag',
    { schema: { operationId: 'createTag', summary: 'Create a tag', tags, body: zTagBody, response: { 200: ok(zTag) } } },
    async (req) => ({
      success: true as const,
      data: await service.addTag(deps.db, requireUser(req), req.body.name),
    }),
  );

  app.post(
    '/archive/tag/favorite',
    { schema: { operationId: 'favoriteTag', summary: 'Mark a tag as a favorite', tags, body: zTagBody, response: { 200: ok(zTag) } } },
    async (req) => ({
      success: true as const,
      data: await service.setFavorite(deps.db, requireUser(req), req.body.name, true),
    }),
  );

  app.delete(
    '/archive/tag/favorite/:name',
    {
      schema: {
        operationId: 'unfavoriteTag',
        summary: 'Unmark a favorite tag',
        tags,
        params: z.object({ name: zTagName }),
        response: { 200: ok(zTag) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.setFavorite(deps.db, requireUser(req), req.params.name, false),
    }),
  );

  // Tag management (/mypage/tags, issue #8).
  app.get(
    '/archive/tag/usage',
    {
      schema: {
        operationId: 'listTagUsage',
        summary: 'Every tag with the number of sources carrying it',
        tags,
        querystring: zTagUsageQuery,
        response: { 200: ok(page(zTagUsage)) },
      },
    },
    async (req) => {
      return { success: true as const, data: presentPage(req.query, await service.listTagUsage(deps.db, requireUser(req), req.query)) };
    },
  );

  app.patch(
    '/archive/tag/:name',
    {
      schema: {
        operationId: 'renameTag',
        summary: 'Rename (or merge) a tag',
        tags,
        params: z.object({ name: zTagName }),
        body: zTagBody,
        response: { 200: ok(zTagUsage.extend({ merged: z.boolean() })) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.renameTag(deps.db, requireUser(req), req.params.name, req.body.name),
    }),
  );

  app.delete(
    '/archive/tag/:name',
    {
      schema: {
        operationId: 'deleteTag',
        summary: "Delete a tag from the person's sources",
        tags,
        params: z.object({ name: zTagName }),
        response: { 200: ok(z.null()) },
      },
    },
    async (req) => {
      await service.deleteTag(deps.db, requireUser(req), req.params.name);
      return { success: true as const, data: null };
    },
  );
};
