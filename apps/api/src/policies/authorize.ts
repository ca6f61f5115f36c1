import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireUser } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { NotAuthorizedError } from '../errors.ts';
import { userEmail } from '../services/users.ts';
import { isAdminEmail } from './admin.ts';
import { authorizeWorkspace, type Membership, type MembershipClaim, type WorkspaceAction } from './workspace.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The SPEC §6 action this route performs in a workspace (issue #7: authorization is
     * declared once per route). The workspace is the route's `:workspace` or `:id` param,
     * or the body's `workspace.id`. The caller's membership is loaded and checked before
     * the handler and put on `req.membership`.
     */
    workspaceAction?: WorkspaceAction;
    /**
     * The route's own statement reads and checks the membership in the same round trip
     * (the source list's query, a save's lock: policies/workspace.ts membershipForSave): the
     * pre-handler then only signs the caller in, and the route takes {@link claimOf}.
     */
    membershipInQuery?: boolean;
    /**
     * Only administrators (config ADMIN_EMAILS, policies/admin.ts) may call the route: the
     * pre-handler answers 401 signed out and 403 to anyone else.
     */
    admin?: boolean;
  }
  interface FastifyRequest {
    /** The membership checked for the route's `workspaceAction`, else null. */
    membership: Membership | null;
  }
}

/** The workspace a request acts on: param `workspace` or `id`, or body `workspace.id`. */
function workspaceIdOf(req: FastifyRequest): number {
  const params = req.params as Record<string, unknown> | undefined;
  const body = req.body as { workspace?: { id?: unknown } } | undefined;
  const id = params?.workspace ?? params?.id ?? body?.workspace?.id;
  if (typeof id !== 'number') throw new Error(`${req.routeOptions.url}: no workspace id to authorize`);
  return id;
}

/**
 * Authorization plugin. Routes declaring `config.admin` are for administrators only (401
 * signed out, 403 for anyone else). For every route declaring `config.workspaceAction`, a pre-handler
 * (after validation, so ids are numbers) signs the caller in (401), loads their
 * membership and checks the action against the policy matrix (404 for a non-member, 403
 * for a role without it, 409 for what a personal space never allows).
 */
export const authorizePlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: Pick<Config, 'adminEmails'> }) => {
  app.decorateRequest('membership', null);
  // A callback hook: most requests (routes without an action, the source list) pass without a promise.
  app.addHook('preHandler', (req, _reply, done) => {
    const config = req.routeOptions.config;
    if (config?.admin) {
      let userId: number;
      try {
        userId = requireUser(req);
      } catch (e) {
        return done(e as Error);
      }
      userEmail(opts.db, userId).then(
        (email) => done(isAdminEmail(opts.config, email) ? undefined : NotAuthorizedError()),
        (e: unknown) => done(e as Error),
      );
      return;
    }
    const action = config?.workspaceAction;
    if (!action) return done();
    let userId: number;
    let workspaceId: number;
    try {
      userId = requireUser(req);
      if (config.membershipInQuery) return done();
      workspaceId = workspaceIdOf(req);
    } catch (e) {
      return done(e as Error);
    }
    authorizeWorkspace(opts.db, userId, workspaceId, action).then(
      (membership) => {
        req.membership = membership;
        done();
      },
      (e: unknown) => done(e as Error),
    );
  });
});

/**
 * Who asks for the route's `workspaceAction` in which space, unchecked: for a route declaring
 * `membershipInQuery`, whose own statement checks it.
 * @throws UNAUTHENTICATED (401) signed out; Error when the route declares no `workspaceAction`.
 */
export function claimOf(req: FastifyRequest): MembershipClaim {
  const action = req.routeOptions.config?.workspaceAction;
  if (!action) throw new Error(`${req.routeOptions.url} declares no workspaceAction`);
  return { workspaceId: workspaceIdOf(req), userId: requireUser(req), action };
}

/**
 * The membership the pre-handler checked for this route.
 * @throws Error when the route declares no `workspaceAction` (a programming error).
 */
export function membershipOf(req: FastifyRequest): Membership {
  if (!req.membership) throw new Error(`${req.routeOptions.url} declares no workspaceAction`);
  return req.membership;
}
