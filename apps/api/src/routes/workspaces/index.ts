import { LIMITS } from '@sauce/contract/limits';
import { zWorkspaceName } from '@sauce/contract/workspaces';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/session.ts';
import { ACCESS_TTL_S } from '../../auth/tokens.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { AppError, InvalidFormatError } from '../../errors.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { readForm } from '../../lib/multipart.ts';
import { streamEvents } from '../../lib/sse.ts';
import { multipartForm } from '../../lib/openapi.ts';
import { membershipOf } from '../../policies/authorize.ts';
import * as invitations from '../../services/invitations.ts';
import { presentInvitationInfo, presentMember, presentWorkspace, presentWorkspaceSummary } from '../../presenters/workspace.ts';
import * as service from '../../services/workspaces.ts';

const tags = ['workspaces'];

/** Event streams one person may hold open at once (tabs and devices), per process. */
export const EVENT_STREAMS_PER_USER = 10;
/** An event stream ends after this long (ms) and the browser reconnects with a fresh token. */
const STREAM_LIFETIME_MS = ACCESS_TTL_S * 1000;

/**
 * The multipart form of POST and PATCH /workspace: `name` and an `image` file of at most
 * 5,242,880 bytes (SPEC §5), both optional here; `name`, when given, is checked as SPEC §5
 * says (1–15 visible characters).
 */
async function readWorkspaceForm(req: FastifyRequest) {
  const { fields, file } = await readForm(req, { fields: ['name'], file: 'image', maxBytes: LIMITS.avatarBytes });
  let name: string | undefined;
  if (fields.name !== undefined) {
    const parsed = zWorkspaceName.safeParse(fields.name);
    if (!parsed.success) throw InvalidFormatError(parsed.error.issues.map((i) => ({ path: '/name', message: i.message })));
    name = parsed.data;
  }
  return { name, image: file };
}

const workspaceForm = (required: string[]) =>
  multipartForm(
    {
      name: { description: "The space's name, 1–15 visible characters." },
      image: { file: true, description: "The space's image (JPEG, PNG, WebP, GIF or AVIF, at most 5,242,880 bytes)." },
    },
    required,
  );

/**
 * Workspace routes, SPEC §7 Workspaces (issue #7): spaces, members, invitations, usage
 * status and the live event stream. Each route declares the action it needs; the
 * authorization pre-handler checks it (policies/authorize.ts).
 */
export const workspaceRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const { db, files, urls } = deps;
  const ws = { db, files, plan: deps.config.plan, log: app.log };
  const inv = { db, plan: deps.config.plan, secret: deps.secret, publicUrl: deps.config.publicUrl, now: deps.now };
  const summary = (r: service.WorkspaceRecord) => presentWorkspaceSummary(r, urls);

  app.route({
    ...endpoint('GET /workspace', { summary: 'Spaces the person belongs to, with role and abilities', tags }),
    handler: async (req) => ({
      success: true as const,
      data: (await service.listWorkspaces(db, requireUser(req))).map(summary),
    }),
  });

  app.route({
    ...endpoint('GET /workspace/quota', { summary: 'Team spaces the person created, and how many the plan allows', tags }),
    handler: async (req) => ({ success: true as const, data: await service.spaceQuota(ws, requireUser(req)) }),
  });

  app.route({
    ...endpoint('POST /workspace', { summary: 'Create a team space (multipart name and image)', tags }),
    config: { form: workspaceForm(['name']) },
    handler: async (req) => {
      const userId = requireUser(req);
      const { name, image } = await readWorkspaceForm(req);
      if (name === undefined) throw InvalidFormatError([{ path: '/name', message: 'Required' }]);
      return { success: true as const, data: summary(await service.createWorkspace(ws, userId, { name, image })) };
    },
  });

  app.route({
    ...endpoint('POST /workspace/invite/create', { summary: 'Get the invite link of a permission', tags }),
    config: { workspaceAction: 'inviteMembers' },
    handler: async (req) => ({
      success: true as const,
      data: await invitations.createInvitation(inv, membershipOf(req), req.body.permission),
    }),
  });

  app.route({
    ...endpoint('GET /workspace/invitation/:invitationId', { summary: 'What an invite link opens', tags }),
    handler: async (req) => ({
      success: true as const,
      data: presentInvitationInfo(await invitations.getInvitationInfo(inv, requireUser(req), req.params.invitationId), urls),
    }),
  });

  app.route({
    ...endpoint('POST /workspace/invitation/:invitationId', { summary: 'Join a space by its invite link', tags }),
    handler: async (req) => ({
      success: true as const,
      data: summary(await invitations.acceptInvitation(inv, requireUser(req), req.params.invitationId)),
    }),
  });

  app.route({
    ...endpoint('DELETE /workspace/invitation/:invitationId', { summary: "Reset a permission's invite links", tags }),
    handler: async (req) => {
      await invitations.revokeInvitation(inv, requireUser(req), req.params.invitationId);
      return { success: true as const, data: null };
    },
  });

  app.route({
    ...endpoint('GET /workspace/:id', { summary: 'A space with its members', tags }),
    config: { workspaceAction: 'read' },
    handler: async (req) => ({ success: true as const, data: presentWorkspace(await service.getWorkspace(db, membershipOf(req)), urls) }),
  });

  app.route({
    ...endpoint('PATCH /workspace/:id', { summary: 'Rename a space or change its image (multipart)', tags }),
    config: { workspaceAction: 'updateWorkspace', form: workspaceForm([]) },
    handler: async (req) => {
      const m = membershipOf(req);
      const input = await readWorkspaceForm(req);
      if (input.name === undefined && !input.image) throw InvalidFormatError('Send a name, an image or both.');
      return { success: true as const, data: summary(await service.updateWorkspace(ws, m, input)) };
    },
  });

  app.route({
    ...endpoint('DELETE /workspace/:id', { summary: 'Delete a space without other members', tags }),
    config: { workspaceAction: 'deleteWorkspace' },
    handler: async (req) => {
      await service.deleteWorkspace(ws, membershipOf(req));
      return { success: true as const, data: null };
    },
  });

  app.route({
    ...endpoint('GET /workspace/:id/status', { summary: "A space's usage and the plan's limits", tags }),
    config: { workspaceAction: 'read' },
    handler: async (req) => ({ success: true as const, data: await service.workspaceStatus(db, membershipOf(req), deps.config.plan) }),
  });

  app.route({
    ...endpoint('DELETE /workspace/:id/leave', { summary: 'Leave a space', tags }),
    config: { workspaceAction: 'leaveWorkspace' },
    handler: async (req) => {
      const m = membershipOf(req);
      await service.removeMember(db, m, m.userId);
      return { success: true as const, data: null };
    },
  });

  app.route({
    ...endpoint('PATCH /workspace/:id/user/:userId', { summary: "Change a member's permission", tags }),
    config: { workspaceAction: 'manageMembers' },
    handler: async (req) => ({
      success: true as const,
      data: presentMember(await service.setMemberPermission(db, membershipOf(req), req.params.userId, req.body.permission), urls),
    }),
  });

  app.route({
    ...endpoint('DELETE /workspace/:id/user/:userId', { summary: 'Remove a member from a space', tags }),
    config: { workspaceAction: 'manageMembers' },
    handler: async (req) => {
      await service.removeMember(db, membershipOf(req), req.params.userId);
      return { success: true as const, data: null };
    },
  });

  /**
   * GET /workspace/{id}/events (issue #7 live team view): Server-Sent Events, one
   * `data: <WorkspaceEvent JSON>` message per change other members should refetch, fed by
   * PostgreSQL LISTEN/NOTIFY (services/events.ts), so every API process on the database
   * sees every change. The stream ends after 15 minutes (the browser reconnects with a
   * fresh token), when the member is removed, and when the space is deleted.
   */
  app.route({
    ...endpoint('GET /workspace/:id/events', { summary: 'Live changes of a space (Server-Sent Events)', tags }),
    config: { workspaceAction: 'read' },
    handler: async (req, reply) => {
      const m = membershipOf(req);
      if (deps.events.countOf(m.userId) >= EVENT_STREAMS_PER_USER) {
        throw new AppError(429, 'RATE_LIMITED', `At most ${EVENT_STREAMS_PER_USER} open event streams per person.`);
      }
      deps.foreground.leave(req); // a stream waits on nothing: background work need not yield to it
      await streamEvents(req, reply, {
        lifetimeMs: STREAM_LIFETIME_MS,
        // Listening before the response starts: once the client sees 200, no change is missed.
        subscribe: (send, close) => deps.events.subscribe({ workspaceId: m.workspaceId, userId: m.userId, send, close }),
      });
    },
  });
};
