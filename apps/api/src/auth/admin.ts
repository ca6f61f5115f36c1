import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { NotAuthorizedError } from '../errors.ts';
import { requireUser } from './session.ts';

/** Whether `email` is an administrator's (config ADMIN_EMAILS, compared without case). */
export function isAdminEmail(config: Pick<Config, 'adminEmails'>, email: string | null | undefined): boolean {
  return !!email && config.adminEmails.has(email.toLowerCase());
}

/**
 * The signed-in administrator's id (curated articles, notices).
 * @throws UNAUTHENTICATED (401) signed out; NOT_AUTHORIZED (403) for anyone whose e-mail is
 *   not in ADMIN_EMAILS.
 */
export async function requireAdmin(req: FastifyRequest, deps: { db: Db; config: Config }): Promise<number> {
  const userId = requireUser(req);
  const { rows } = await deps.db.execute<{ email: string | null }>(sql`SELECT email FROM users WHERE id = ${userId}`);
  if (!isAdminEmail(deps.config, rows[0]?.email)) throw NotAuthorizedError();
  return userId;
}
