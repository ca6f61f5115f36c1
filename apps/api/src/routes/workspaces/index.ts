import { ok, zId } from '@sauce/contract/common';
import { LIMITS } from '@sauce/contract/limits';
import {
  zCreateInvitation,
  zInvitation,
  zInvitationId,
  zInvitationInfo,
  zMember,
  zSpaceQuota,
  zUpdateMember,
  zWorkspace,
  zWorkspaceName,
  zWorkspaceStatus,
  zWorkspaceSummary,
} from '@sauce/contract/workspaces';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../auth/session.ts';
import { ACCESS_TTL_S } from '../../auth/tokens.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { AppError, InvalidFormatError } from '../../errors.ts';
import { readForm } from '../../lib/multipart.ts';
import { streamEvents } from '../../lib/sse.ts';
import { multipartForm } from '../../lib/openapi.ts';
import { membershipOf } from '../../policies/authorize.ts';
import * as invitations from '../../services/invitations.ts';
import { presentInvitationInfo, presentMember, presentWorkspace, presentWorkspaceSummary } from '../../presenters/workspace.ts';
import * as service from '../../services/workspaces.ts';

const params = z.object({ id: zId });
const memberParams = z.object({ id: zId, userId: zId });
const invitationParams = z.object({ invitationId: zInvitationId });
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

  app.get(
    '/workspace',
    {
      schema: {
        operationId: 'listWorkspaces',
        summary: 'Spaces the person belongs to, with role and abilities',
        tags,
        response: { 200: ok(z.array(zWorkspaceSummary)) },
      },
    },
    async (req) => ({
      success: true as const,
      data: (await service.listWorkspaces(db, requireUser(req))).map(summary),
    }),
  );

  app.get(
    '/workspace/quota',
    {
      schema: {
        operationId: 'getSpaceQuota',
        summary: 'Team spaces the person created, and how many the plan allows',
        tags,
        response: { 200: ok(zSpaceQuota) },
      },
    },
    async (req) => ({ success: true as const, data: await service.spaceQuota(ws, requireUser(req)) }),
  );

  app.post(
    '/workspace',
    {
      config: { form: workspaceForm(['name']) },
      schema: {
        operationId: 'createWorkspace',
        summary: 'Create a team space (multipart name and image)',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: ok(zWorkspaceSummary) },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { name, image } = await readWorkspaceForm(req);
      if (name === undefined) throw InvalidFormatError([{ path: '/name', message: 'Required' }]);
      return { success: true as const, data: summary(await service.createWorkspace(ws, userId, { name, image })) };
    },
  );

  app.post(
    '/workspace/invite/create',
    {
      config: { workspaceAction: 'inviteMembers' },
      schema: {
        operationId: 'createInvitation',
        summary: 'Get the invite link of a permission',
        tags,
        body: zCreateInvitation,
        response: { 200: ok(zInvitation) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await invitations.createInvitation(inv, membershipOf(req), req.body.permission),
    }),
  );

  app.get(
    '/workspace/invitation/:invitationId',
    {
      schema: {
        operationId: 'getInvitation',
        summary: 'What an invite link opens',
        tags,
        params: invitationParams,
        response: { 200: ok(zInvitationInfo) },
      },
    },
    async (req) => ({
      success: true as const,
      data: presentInvitationInfo(await invitations.getInvitationInfo(inv, requireUser(req), req.params.invitationId), urls),
    }),
  );

  app.post(
    '/workspace/invitation/:invitationId',
    {
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Join a space by its invite link',
        tags,
        params: invitationParams,
        response: { 200: ok(zWorkspaceSummary) },
      },
    },
    async (req) => ({
      success: true as const,
      data: summary(await invitations.acceptInvitation(inv, requireUser(req), req.params.invitationId)),
    }),
  );

  app.delete(
    '/workspace/invitation/:invitationId',
    {
      schema: {
        operationId: 'revokeInvitation',
        summary: "Reset a permission's invite links",
        tags,
        params: invitationParams,
        response: { 200: ok(z.null()) },
      },
    },
    async (req) => {
      await invitations.revokeInvitation(inv, requireUser(req), req.params.invitationId);
      return { success: true as const, data: null };
    },
  );

  app.get(
    '/workspace/:id',
    {
      config: { workspaceAction: 'read' },
      schema: { operationId: 'getWorkspace', summary: 'A space with its members', tags, params, response: { 200: ok(zWorkspace) } },
    },
    async (req) => ({ success: true as const, data: presentWorkspace(await service.getWorkspace(db, membershipOf(req)), urls) }),
  );

  app.patch(
    '/workspace/:id',
    {
      config: { workspaceAction: 'updateWorkspace', form: workspaceForm([]) },
      schema: {
        operationId: 'updateWorkspace',
        summary: 'Rename a space or change its image (multipart)',
        tags,
        params,
        consumes: ['multipart/form-data'],
        response: { 200: ok(zWorkspaceSummary) },
      },
    },
    async (req) => {
      const m = membershipOf(req);
      const input = await readWorkspaceForm(req);
      if (input.name === undefined && !input.image) throw InvalidFormatError('Send a name, an image or both.');
      return { success: true as const, data: summary(await service.updateWorkspace(ws, m, input)) };
    },
  );

  app.delete(
    '/workspace/:id',
    {
      config: { workspaceAction: 'deleteWorkspace' },
      schema: {
        operationId: 'deleteWorkspace',
        summary: 'Delete a space without other members',
        tags,
        params,
        response: { 200: ok(z.null()) },
      },
    },
    async (req) => {
      await service.deleteWorkspace(ws, membershipOf(req));
      return { success: true as const, data: null };
    },
  );

  app.get(
    '/workspace/:id/status',
    {
      config: { workspaceAction: 'read' },
      schema: {
        operationId: 'getWorkspaceStatus',
        summary: "A space's usage and the plan's limits",
        tags,
        params,
        response: { 200: ok(zWorkspaceStatus) },
      },
    },
    async (req) => ({ success: true as const, data: await service.workspaceStatus(db, membershipOf(req), deps.config.plan) }),
  );

  app.delete(
    '/workspace/:id/leave',
    {
      config: { workspaceAction: 'leaveWorkspace' },
      schema: { operationId: 'leaveWorkspace', summary: 'Leave a space', tags, params, response: { 200: ok(z.null()) } },
    },
    async (req) => {
      const m = membershipOf(req);
      await service.removeMember(db, m, m.userId);
      return { success: true as const, data: null };
    },
  );

  app.patch(
    '/workspace/:id/user/:userId',
    {
      config: { workspaceAction: 'manageMembers' },
      schema: {
        operationId: 'changeMemberPermission',
        summary: "Change a member's permission",
        tags,
        params: memberParams,
        body: zUpdateMember,
        response: { 200: ok(zMember) },
      },
    },
    async (req) => ({
      success: true as const,
      data: presentMember(await service.setMemberPermission(db, membershipOf(req), req.params.userId, req.body.permission), urls),
    }),
  );

  app.delete(
    '/workspace/:id/user/:userId',
    {
      config: { workspaceAction: 'manageMembers' },
      schema: {
        operationId: 'removeMember',
        summary: 'Remove a member from a space',
        tags,
        params: memberParams,
        response: { 200: ok(z.null()) },
      },
    },
    async (req) => {
      await service.removeMember(db, membershipOf(req), req.params.userId);
      return { success: true as const, data: null };
    },
  );

  /**
   * GET /workspace/{id}/events (issue #7 live team view): Server-Sent Events, one
   * `data: <WorkspaceEvent JSON>` message per change other members should refetch, fed by
   * PostgreSQL LISTEN/NOTIFY (services/events.ts), so every API process on the database
   * sees every change. The stream ends after 15 minutes (the browser reconnects with a
   * fresh token), when the member is removed, and when the space is deleted.
   */
  app.get(
    '/workspace/:id/events',
    {
      config: { workspaceAction: 'read' },
      schema: {
        operationId: 'streamWorkspaceEvents',
        summary: 'Live changes of a space (Server-Sent Events)',
        tags,
        params,
        produces: ['text/event-stream'],
      },
    },
    async (req, reply) => {
      const m = membershipOf(req);
      if (deps.events.countOf(m.userId) >= EVENT_STREAMS_PER_USER) {
        throw new AppError(429, 'RATE_LIMITED', `At most ${EVENT_STREAMS_PER_USER} open event streams per person.`);
      }
      await streamEvents(req, reply, {
        lifetimeMs: STREAM_LIFETIME_MS,
        // Listening before the response starts: once the client sees 200, no change is missed.
        subscribe: (send, close) => deps.events.subscribe({ workspaceId: m.workspaceId, userId: m.userId, send, close }),
      });
    },
  );
};
