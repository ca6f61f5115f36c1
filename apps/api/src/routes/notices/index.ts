import { zNotice, zNoticeInput, zNoticeUnread } from '@sauce/contract/account';
import { ok, page, zId, zPageQuery } from '@sauce/contract/common';
import { z } from 'zod';
import { requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { presentPage } from '../../presenters/page.ts';
import * as service from '../../services/notices.ts';

const tags = ['notices'];
const params = z.object({ id: zId });

/**
 * Notice routes (SPEC §2 /mypage/notice, issue #8): anyone signed in reads them, newest
 * first, and marks them read (the avatar menu's dot); administrators (ADMIN_EMAILS) write,
 * correct and delete them.
 */
export const noticeRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const { db } = deps;

  app.get(
    '/notice',
    {
      schema: {
        operationId: 'listNotices',
        summary: 'Notices, newest first',
        tags,
        querystring: zPageQuery,
        response: { 200: ok(page(zNotice)) },
      },
    },
    async (req) => {
      return { success: true as const, data: presentPage(req.query, await service.listNotices(db, requireUser(req), req.query)) };
    },
  );

  app.get(
    '/notice/unread',
    {
      schema: {
        operationId: 'getUnreadNotices',
        summary: 'How many notices the person has not seen',
        tags,
        response: { 200: ok(zNoticeUnread) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { count: await service.unreadNotices(db, requireUser(req)) },
    }),
  );

  app.post(
    '/notice/read',
    { schema: { operationId: 'markNoticesRead', summary: 'Mark the notices as seen', tags, response: { 200: ok(z.null()) } } },
    async (req) => {
      await service.markNoticesRead(db, requireUser(req));
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/notice',
    {
      config: { admin: true },
      schema: {
        operationId: 'createNotice',
        summary: 'Write a notice (administrators)',
        tags,
        body: zNoticeInput,
        response: { 200: ok(zNotice) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.createNotice(db, requireUser(req), req.body),
    }),
  );

  app.patch(
    '/notice/:id',
    {
      config: { admin: true },
      schema: {
        operationId: 'updateNotice',
        summary: 'Change a notice (administrators)',
        tags,
        params,
        body: zNoticeInput,
        response: { 200: ok(zNotice) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.updateNotice(db, requireUser(req), req.params.id, req.body),
    }),
  );

  app.delete(
    '/notice/:id',
    { config: { admin: true }, schema: { operationId: 'deleteNotice', summary: 'Delete a notice (administrators)', tags, params, response: { 200: ok(z.null()) } } },
    async (req) => {
      await service.deleteNotice(db, req.params.id);
      return { success: true as const, data: null };
    },
  );
};
