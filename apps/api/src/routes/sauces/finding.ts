import type { GlobalSearchGroup } from '@sauce/contract/sauces';
import { requireUser } from '../../auth/session.ts';
import { endpoint } from '../../lib/endpoint.ts';
import type { Deps, ZApp } from '../../deps.ts';
import { membershipOf } from '../../policies/authorize.ts';
import { findDuplicates } from '../../services/duplicates.ts';
import { locateSauce } from '../../services/sauces.ts';
import { searchEverywhere } from '../../services/search.ts';
import { searchRateLimit } from './search-rate.ts';

const tags = ['sauces'];

/**
 * Issue #21 items 3 and 5: finding what is already there — a link saved before in the space
 * (duplicates), a source's space (locate), and one search across every space the person
 * belongs to (⌘K). The suggested tags (item 6) are a route of routes/tags.
 */
export async function findingRoutes(app: ZApp, deps: Deps) {
  app.route({
    ...endpoint('GET /archive/sauce/:workspace/duplicates', {
      summary: 'Sources of the space already saving this link (compared after normalisation), newest first, at most 5',
      description: 'The link is compared by its key: http and https alike, the host without `www.` and case, no default port, ' +
        'no trailing slash, no fragment, no tracking parameters (utm_*, fbclid, gclid, mc_cid, ref…), the query sorted. ' +
        '`exclude` leaves out the source being edited.',
      tags,
    }),
    config: { workspaceAction: 'read' },
    handler: async (req) => ({
      success: true as const,
      data: await findDuplicates(deps.db, membershipOf(req).workspaceId, req.query.link, req.query.exclude),
    }),
  });


  app.route({
    ...endpoint('GET /archive/locate/:id', {
      summary: 'The space a source is in, for a member of that space (a link to a source opens in its own space)',
      description: 'Issue #31 item 1: source links name no space. 404 `SAUCE_NOT_FOUND` for a source that does not exist or whose space the caller is not a member of.',
      tags,
    }),
    handler: async (req) => ({ success: true as const, data: { workspaceId: await locateSauce(deps.db, requireUser(req), req.params.id) } }),
  });

  app.route({
    ...endpoint('GET /archive/search', {
      summary: 'Search every space the person belongs to (⌘K), results grouped by space',
      description: 'The source list\'s search (English word forms, Korean inside longer words) over each of the person\'s spaces, ' +
        'at most `perSpace` results from one space and `limit` in all; spaces are ordered by their best result.',
      tags,
    }),
    // Issue #28 item 3: counted with the person's other searches (SEARCH_RATE_LIMIT a minute).
    preHandler: searchRateLimit(deps),
    handler: async (req) => {
      const { rows, highlight } = await searchEverywhere(deps.db, requireUser(req), req.query, deps.config.search);
      const groups = new Map<number, GlobalSearchGroup>();
      for (const r of rows) {
        let g = groups.get(r.workspace_id);
        if (!g) groups.set(r.workspace_id, (g = { workspace: { id: r.workspace_id, name: r.workspace_name, personal: r.is_personal }, results: [] }));
        g.results.push({
          id: r.id,
          type: r.type,
          title: r.title,
          linkTitle: r.link_title,
          link: r.link,
          snippet: r.snippet?.text ?? null,
          ...(r.snippet?.image != null ? { snippetImage: r.snippet.image } : {}),
        });
      }
      return { success: true as const, data: { groups: [...groups.values()], highlight } };
    },
  });
}
