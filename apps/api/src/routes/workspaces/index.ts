import { ok, zId } from '@sauce/contract/common';
import { zWorkspace, zWorkspaceStatus, zWorkspaceSummary } from '@sauce/contract/workspaces';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { requireUser } from '../../auth/session.ts';
import { folders, sauces, users, workspaceMembers, workspaces } from '../../db/schema.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { authorizeWorkspace } from '../../policies/workspace.ts';
import { listFolders } from '../../services/folders.ts';

const params = z.object({ id: zId });
const tags = ['workspaces'];

/** Workspace routes, SPEC §7 Workspaces (reads; team spaces come with their own issue). */
export const workspaceRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const summaries = (userId: number) =>
    deps.db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        image: workspaces.image,
        isPersonal: workspaces.isPersonal,
        permission: workspaceMembers.permission,
      })
      .from(workspaces)
      .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(sql`${workspaces.isPersonal} DESC`, asc(workspaces.id));

  app.get('/workspace', { schema: { tags, response: { 200: ok(z.array(zWorkspaceSummary)) } } }, async (req) => ({
    success: true as const,
    data: await summaries(requireUser(req)),
  }));

  app.get('/workspace/:id', { schema: { tags, params, response: { 200: ok(zWorkspace) } } }, async (req) => {
    const userId = requireUser(req);
    await authorizeWorkspace(deps.db, userId, req.params.id, 'read');
    const [summary] = (await summaries(userId)).filter((w) => w.id === req.params.id);
    const members = await deps.db
      .select({
        id: users.id,
        nickname: users.nickname,
        profileImage: users.profileImage,
        permission: workspaceMembers.permission,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, req.params.id))
      .orderBy(asc(workspaceMembers.createdAt));
    return {
      success: true as const,
      data: { ...summary!, folders: await listFolders(deps.db, req.params.id), users: members },
    };
  });

  app.get('/workspace/:id/status', { schema: { tags, params, response: { 200: ok(zWorkspaceStatus) } } }, async (req) => {
    await authorizeWorkspace(deps.db, requireUser(req), req.params.id, 'read');
    const byType = await deps.db
      .select({ type: sauces.type, n: count() })
      .from(sauces)
      .where(eq(sauces.workspaceId, req.params.id))
      .groupBy(sauces.type);
    const [f] = await deps.db.select({ n: count() }).from(folders).where(and(eq(folders.workspaceId, req.params.id)));
    return {
      success: true as const,
      data: {
        textSauceCount: byType.find((r) => r.type === 'TEXT')?.n ?? 0,
        imageSauceCount: byType.find((r) => r.type === 'IMAGE')?.n ?? 0,
        folderCount: f?.n ?? 0,
      },
    };
  });
};
