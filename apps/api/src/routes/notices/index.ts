import { requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { presentPage } from '../../presenters/page.ts';
import * as service from '../../services/notices.ts';

const tags = ['notices'];

/**
 * Notice routes (SPEC §2 /mypage/notice, issue #8): anyone signed in reads them, newest
 * first, and marks them read (the avatar menu's dot); administrators (ADMIN_EMAILS) write,
 * correct and delete them.
 */
export const noticeRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const { db } = deps;

  app.route({
    ...endpoint('GET /notice', { summary: 'Notices, newest first', tags }),
    handler: async (req) => ({
      success: true as const,
      data: presentPage(req.query, await service.listNotices(db, requireUser(req), req.query)),
    }),
  });

  app.route({
    ...endpoint('GET /notice/unread', { summary: 'How many notices the person has not seen', tags }),
    handler: async (req) => ({ success: true as const, data: { count: await service.unreadNotices(db, requireUser(req)) } }),
  });

  app.route({
    ...endpoint('POST /notice/read', { summary: 'Mark the notices as seen', tags }),
    handler: async (req) => {
      await service.markNoticesRead(db, requireUser(req));
      return { success: true as const, data: null };
    },
  });

  app.route({
    ...endpoint('POST /notice', { summary: 'Write a notice (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => ({ success: true as const, data: await service.createNotice(db, requireUser(req), req.body) }),
  });

  app.route({
    ...endpoint('PATCH /notice/:id', { summary: 'Change a notice (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => ({ success: true as const, data: await service.updateNotice(db, requireUser(req), req.params.id, req.body) }),
  });

  app.route({
    ...endpoint('DELETE /notice/:id', { summary: 'Delete a notice (administrators)', tags }),
    config: { admin: true },
    handler: async (req) => {
      await service.deleteNotice(db, req.params.id);
      return { success: true as const, data: null };
    },
  });
};
