import type { Notice } from '@sauce/contract/account';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isoUtc } from '../db/sql.ts';
import { NotFoundError, UnauthenticatedError } from '../errors.ts';

type NoticeRow = { id: number; title: string; body: string; created_at: string; is_new: boolean };
const present = (r: NoticeRow): Notice => ({ id: r.id, title: r.title, body: r.body, createdAt: r.created_at, isNew: r.is_new });

/**
 * GET /notice (SPEC §2 /mypage/notice): one page of notices, newest first. `isNew` marks
 * those published after the person last opened the page (users.notices_read_at).
 * @returns the page and the total count.
 */
export async function listNotices(db: Db, userId: number, q: { page: number; pageSize: number }) {
  const { rows } = await db.execute<NoticeRow & { total: number }>(sql`
    SELECT n.id, n.title, n.body, ${sql.raw(isoUtc('n.created_at'))} AS created_at,
      (u.notices_read_at IS NULL OR n.created_at > u.notices_read_at) AS is_new,
      count(*) OVER ()::int AS total
    FROM notices n CROSS JOIN (SELECT notices_read_at FROM users WHERE id = ${userId}) u
    ORDER BY n.created_at DESC, n.id DESC
    LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`);
  let count = rows[0]?.total;
  if (count === undefined) {
    const { rows: c } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM notices`);
    count = c[0]!.n;
  }
  return { results: rows.map(present), count };
}

/** GET /notice/unread: notices published since the person last opened the page (the avatar menu's dot). */
export async function unreadNotices(db: Db, userId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM notices n, users u
    WHERE u.id = ${userId} AND (u.notices_read_at IS NULL OR n.created_at > u.notices_read_at)`);
  return rows[0]?.n ?? 0;
}

/**
 * POST /notice/read: the person has seen every notice published until now.
 * @throws UNAUTHENTICATED (401) when the account is gone.
 */
export async function markNoticesRead(db: Db, userId: number): Promise<void> {
  const { rows } = await db.execute(sql`UPDATE users SET notices_read_at = now() WHERE id = ${userId} RETURNING id`);
  if (rows.length === 0) throw UnauthenticatedError();
}

/** POST /notice (administrators): publishes a notice; it is new to everyone. */
export async function createNotice(db: Db, authorId: number, input: { title: string; body: string }): Promise<Notice> {
  const { rows } = await db.execute<NoticeRow>(sql`
    INSERT INTO notices (title, body, author_id) VALUES (${input.title}, ${input.body}, ${authorId})
    RETURNING id, title, body, ${sql.raw(isoUtc('created_at'))} AS created_at, true AS is_new`);
  return present(rows[0]!);
}

/**
 * PATCH /notice/{id} (administrators): corrects a notice; its date (and so whether it is
 * new to anyone) stays. @throws NOT_FOUND (404).
 */
export async function updateNotice(db: Db, userId: number, id: number, input: { title: string; body: string }): Promise<Notice> {
  const { rows } = await db.execute<NoticeRow>(sql`
    UPDATE notices n SET title = ${input.title}, body = ${input.body}, updated_at = now()
    FROM (SELECT notices_read_at FROM users WHERE id = ${userId}) u
    WHERE n.id = ${id}
    RETURNING n.id, n.title, n.body, ${sql.raw(isoUtc('n.created_at'))} AS created_at,
      (u.notices_read_at IS NULL OR n.created_at > u.notices_read_at) AS is_new`);
  if (!rows[0]) throw NotFoundError('Notice not found.');
  return present(rows[0]);
}

/** DELETE /notice/{id} (administrators). @throws NOT_FOUND (404). */
export async function deleteNotice(db: Db, id: number): Promise<void> {
  const { rows } = await db.execute(sql`DELETE FROM notices WHERE id = ${id} RETURNING id`);
  if (rows.length === 0) throw NotFoundError('Notice not found.');
}
