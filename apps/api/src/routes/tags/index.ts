import { ok, page } from '@sauce/contract/common';
import { zTag, zTagBody, zTagListQuery, zTagName } from '@sauce/contract/tags';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { requireUser } from '../../auth/session.ts';
import { tags as tagTable } from '../../db/schema.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { NotFoundError } from '../../errors.ts';

const tags = ['tags'];
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Tag routes, SPEC §7 Tags: the signed-in person's own tag list and favorites. */
export const tagRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  app.get('/archive/tag/list', { schema: { tags, querystring: zTagListQuery, response: { 200: ok(page(zTag)) } } }, async (req) => {
    const userId = requireUser(req);
    const q = req.query;
    const filters: SQL[] = [eq(tagTable.userId, userId)];
    if (q.favorite === 'true') filters.push(eq(tagTable.favorite, true));
    if (q.search) filters.push(ilike(tagTable.name, `%${escapeLike(q.search.toLowerCase())}%`));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      deps.db
        .select({ name: tagTable.name, favorite: tagTable.favorite })
        .from(tagTable)
        .where(where)
        .orderBy(desc(tagTable.favorite), asc(tagTable.name))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      deps.db.select({ n: count() }).from(tagTable).where(where),
    ]);
    const n = total?.n ?? 0;
    return {
      success: true as const,
      data: {
        results: rows,
        count: n,
        next: q.page * q.pageSize < n ? q.page + 1 : null,
        previous: q.page > 1 ? q.page - 1 : null,
      },
    };
  });

  app.post('/archive/tag', { schema: { tags, body: zTagBody, response: { 200: ok(zTag) } } }, async (req) => {
    const userId = requireUser(req);
    await deps.db.insert(tagTable).values({ userId, name: req.body.name }).onConflictDoNothing();
    const [row] = await deps.db
      .select({ name: tagTable.name, favorite: tagTable.favorite })
      .from(tagTable)
      .where(and(eq(tagTable.userId, userId), eq(tagTable.name, req.body.name)));
    return { success: true as const, data: row! };
  });

  app.post('/archive/tag/favorite', { schema: { tags, body: zTagBody, response: { 200: ok(zTag) } } }, async (req) => {
    const userId = requireUser(req);
    const [row] = await deps.db
      .insert(tagTable)
      .values({ userId, name: req.body.name, favorite: true })
      .onConflictDoUpdate({ target: [tagTable.userId, tagTable.name], set: { favorite: true } })
      .returning({ name: tagTable.name, favorite: tagTable.favorite });
    return { success: true as const, data: row! };
  });

  app.delete(
    '/archive/tag/favorite/:name',
    { schema: { tags, params: z.object({ name: zTagName }), response: { 200: ok(zTag) } } },
    async (req) => {
      const userId = requireUser(req);
      const [row] = await deps.db
        .update(tagTable)
        .set({ favorite: false })
        .where(and(eq(tagTable.userId, userId), eq(tagTable.name, req.params.name)))
        .returning({ name: tagTable.name, favorite: tagTable.favorite });
      if (!row) throw NotFoundError('Tag not found.');
      return { success: true as const, data: row };
    },
  );
};
