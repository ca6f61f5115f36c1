import { LIMITS } from '@sauce/contract/limits';
import { clearSessionCookies, requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { AppError, NoImageError } from '../../errors.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { readForm } from '../../lib/multipart.ts';
import { multipartForm, SIGN_IN_OPTIONAL } from '../../lib/openapi.ts';
import { isAdminEmail } from '../../policies/admin.ts';
import { presentUser } from '../../presenters/user.ts';
import * as account from '../../services/account.ts';

/** In the OpenAPI document these stay with the account's operations (issue #8). */
const tags = ['account'];

/**
 * The person's own account under /auth (issue #8; SPEC §7 Auth): the signed-out-friendly
 * session probe, profile, profile image and figures, and withdrawal.
 */
export const profileRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const { db, files } = deps;
  const accountDeps = { db, files, log: app.log };
  const me = async (userId: number) => {
    const row = await account.getUserRow(db, userId);
    return presentUser(row, isAdminEmail(deps.config, row.email), deps.urls);
  };

  /**
   * GET /auth/session: the signed-in person, or null — 200 either way, so a signed-out page
   * probing for a session logs no failed request. An expired token is still a 401
   * TOKEN_EXPIRED (the web app refreshes and asks again); a token of a deleted account or a
   * forged one clears the session cookies.
   */
  app.route({
    ...endpoint('GET /auth/session', { summary: 'The signed-in person, or null when signed out', security: SIGN_IN_OPTIONAL, tags }),
    handler: async (req, reply) => {
      if (req.userId === null) {
        if (req.authError && (req.authError as AppError).code === 'TOKEN_EXPIRED') throw req.authError;
        if (req.authError) clearSessionCookies(reply);
        return { success: true as const, data: { user: null } };
      }
      try {
        return { success: true as const, data: { user: await me(req.userId) } };
      } catch (e) {
        if (!(e instanceof AppError && e.status === 401)) throw e;
        clearSessionCookies(reply);
        return { success: true as const, data: { user: null } };
      }
    },
  });

  app.route({
    ...endpoint('PATCH /auth/profile', { summary: 'Change nickname, job, marketing consent or tutorial state', tags }),
    handler: async (req) => {
      const row = await account.updateProfile(db, requireUser(req), req.body);
      return { success: true as const, data: presentUser(row, isAdminEmail(deps.config, row.email), deps.urls) };
    },
  });

  app.route({
    ...endpoint('PATCH /auth/profile/image', { summary: 'Change the profile picture (multipart image)', tags }),
    config: {
      form: multipartForm({ image: { file: true, description: 'The picture: JPEG, PNG, WebP, GIF or AVIF, at most 5,242,880 bytes.' } }, ['image']),
    },
    handler: async (req) => {
      const userId = requireUser(req);
      const { file } = await readForm(req, { fields: [], file: 'image', maxBytes: LIMITS.avatarBytes });
      if (!file) throw NoImageError();
      const row = await account.setProfileImage(accountDeps, userId, file);
      return { success: true as const, data: presentUser(row, isAdminEmail(deps.config, row.email), deps.urls) };
    },
  });

  app.route({
    ...endpoint('DELETE /auth/profile/image', { summary: 'Remove the profile picture', tags }),
    handler: async (req) => {
      const row = await account.setProfileImage(accountDeps, requireUser(req), null);
      return { success: true as const, data: presentUser(row, isAdminEmail(deps.config, row.email), deps.urls) };
    },
  });

  app.route({
    ...endpoint('GET /auth/profile/count', { summary: "The person's figures: sources by type, spaces, tags", tags }),
    handler: async (req) => ({
      success: true as const,
      data: await account.profileCount(db, requireUser(req)),
    }),
  });

  app.route({
    ...endpoint('GET /auth/withdrawal', { summary: 'What leaving Sauce would do', tags }),
    handler: async (req) => ({
      success: true as const,
      data: await account.withdrawalPreview(db, requireUser(req)),
    }),
  });

  app.route({
    ...endpoint('POST /auth/withdrawal', { summary: 'Leave Sauce: delete the account', tags }),
    // Issue #20: leaving Sauce needs the person signed in, not a token of theirs.
    config: { personalTokens: false },
    handler: async (req, reply) => {
      await account.withdraw({ ...accountDeps, revocations: deps.revocations }, requireUser(req), req.body.reason);
      clearSessionCookies(reply);
      return { success: true as const, data: null };
    },
  });
};
