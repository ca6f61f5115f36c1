import { ok, zId } from '@sauce/contract/common';
import { zDuplicate, zDuplicatesQuery, zGlobalSearchQuery, zGlobalSearchResult, type GlobalSearchGroup } from '@sauce/contract/sauces';
import { zTagSuggestBody, zTagSuggestions } from '@sauce/contract/tags';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../auth/session.ts';
import type { Deps, ZApp } from '../../deps.ts';
import { membershipOf } from '../../policies/authorize.ts';
import { findDuplicates } from '../../services/duplicates.ts';
import { locateSauce } from '../../services/sauces.ts';
import { searchEverywhere } from '../../services/search.ts';
import { searchRateLimit } from './search-rate.ts';
import { suggestTags } from '../../services/tag-suggestions.ts';

const tags = ['sauces'];
const wsParams = z.object({ workspace: zId });

/**
 * Issue #21 items 3, 5 and 6: finding what is already there — a link saved before in the
 * space (duplicates), tags the space and the source's text suggest, and one search across
 * every space the person belongs to (⌘K). Registered before `/:workspace/:id`.
 */
export async function findingRoutes(app: ZApp, deps: Deps) {
  app.get(
    '/archive/sauce/:workspace/duplicates',
    {
      config: { workspaceAction: 'read' },
      schema: {
        operationId: 'findDuplicates',
        summary: 'Sources of the space already saving this link (compared after normalisation), newest first, at most 5',
        description:
          'The link is compared by its key: http and https alike, the host without `www.` and case, no default port, ' +
          'no trailing slash, no fragment, no tracking parameters (utm_*, fbclid, gclid, mc_cid, ref…), the query sorted. ' +
          '`exclude` leaves out the source being edited.',
        tags,
        params: wsParams,
        querystring: zDuplicatesQuery,
        response: { 200: ok(z.array(zDuplicate)) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await findDuplicates(deps.db, membershipOf(req).workspaceId, req.query.link, req.query.exclude),
    }),
  );

  app.post(
    '/archive/sauce/:workspace/tags/suggest',
    {
      config: {
        workspaceAction: 'createSauce',
        // The configured LLM may be asked: 60 a minute per person.
        rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => (req.userId ? `user:${req.userId}` : `ip:${req.ip}`) },
      },
      schema: {
        operationId: 'suggestTags',
        summary: "Tags to offer for a source: the space's most used, and words of its link's page and text",
        description:
          "`space`: the space's tags starting with `search`, most used first. `fromText`: from the title, the text and the link's page " +
          '(its preview as last read, or the saved copy of a source of the space with the same link) — by the configured LLM ' +
          '(AI_BASE_URL) when there is one, else by keyword extraction; every tag obeys SPEC §5. Nothing is saved.',
        tags,
        params: wsParams,
        body: zTagSuggestBody,
        response: { 200: ok(zTagSuggestions) },
      },
    },
    async (req) => {
      const { ai } = deps.config;
      const data = await suggestTags(deps.db, membershipOf(req).workspaceId, req.body, {
        metadata: { allowPrivate: deps.config.metadataAllowPrivate, shared: deps.shared },
        llm: ai.baseUrl ? { ...ai, baseUrl: ai.baseUrl } : null,
        log: req.log,
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/archive/locate/:id',
    {
      schema: {
        operationId: 'locateSauce',
        summary: 'The space a source is in, for a member of that space (a link to a source opens in its own space)',
        description: 'Issue #31 item 1: source links name no space. 404 `SAUCE_NOT_FOUND` for a source that does not exist or whose space the caller is not a member of.',
        tags,
        params: z.object({ id: zId }),
        response: { 200: ok(z.object({ workspaceId: zId })) },
      },
    },
    async (req) => ({ success: true as const, data: { workspaceId: await locateSauce(deps.db, requireUser(req), req.params.id) } }),
  );

  app.get(
    '/archive/search',
    {
      // Issue #28 item 3: counted with the person's other searches (SEARCH_RATE_LIMIT a minute).
      preHandler: searchRateLimit(deps),
      schema: {
        operationId: 'searchEverywhere',
        summary: 'Search every space the person belongs to (⌘K), results grouped by space',
        description:
          'The source list\'s search (English word forms, Korean inside longer words) over each of the person\'s spaces, ' +
          'at most `perSpace` results from one space and `limit` in all; spaces are ordered by their best result.',
        tags,
        querystring: zGlobalSearchQuery,
        response: { 200: ok(zGlobalSearchResult) },
      },
    },
    async (req) => {
      const { rows, highlight } = await searchEverywhere(deps.db, requireUser(req), req.query, deps.config.search);
      const groups = new Map<number, GlobalSearchGroup>();
      for (const r of rows) {
        let g = groups.get(r.workspace_id);
        if (!g) groups.set(r.workspace_id, (g = { workspace: { id: r.workspace_id, name: r.workspace_name, personal: r.is_personal }, results: [] }));
        g.results.push({ id: r.id, type: r.type, title: r.title, linkTitle: r.link_title, link: r.link, snippet: r.snippet });
      }
      return { success: true as const, data: { groups: [...groups.values()], highlight } };
    },
  );
}
