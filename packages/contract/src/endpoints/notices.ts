import { z } from 'zod';
import { zNotice, zNoticeInput, zNoticeUnread } from '../account.ts';
import { ok, page, zId, zPageQuery } from '../common.ts';
import type { EndpointTable } from '../endpoints.ts';

const zNoticeParams = z.object({ id: zId });

/** Notices (SPEC §2 /mypage/notice, issue #8): the notice routes' part of the endpoint table (../endpoints.ts). */
export const noticeEndpoints = {
  'GET /notice': { operationId: 'listNotices', query: zPageQuery, answer: ok(page(zNotice)) },
  'GET /notice/unread': { operationId: 'getUnreadNotices', answer: ok(zNoticeUnread) },
  'POST /notice/read': { operationId: 'markNoticesRead', answer: ok(z.null()) },
  'POST /notice': { operationId: 'createNotice', body: zNoticeInput, answer: ok(zNotice) },
  'PATCH /notice/:id': { operationId: 'updateNotice', params: zNoticeParams, body: zNoticeInput, answer: ok(zNotice) },
  'DELETE /notice/:id': { operationId: 'deleteNotice', params: zNoticeParams, answer: ok(z.null()) },
} as const satisfies EndpointTable;
