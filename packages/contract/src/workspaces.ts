import { z } from 'zod';
import { zBodyId, zPermission } from './common.ts';
import { zFolder } from './folders.ts';
import { LIMITS } from './limits.ts';
import { zName } from './names.ts';
import { WORKSPACE_ACTIONS, type WorkspaceAction } from './workspace-actions.ts';

export { WORKSPACE_ACTIONS, type WorkspaceAction } from './workspace-actions.ts';

/** `{ [action]: allowed }` for every WORKSPACE_ACTIONS entry. */
export const zAbilities = z.object(
  Object.fromEntries(WORKSPACE_ACTIONS.map((a) => [a, z.boolean()])) as Record<WorkspaceAction, z.ZodBoolean>,
);
export type Abilities = z.infer<typeof zAbilities>;

/** SPEC §5: a space name, 1–15 visible characters. */
export const zWorkspaceName = zName(LIMITS.workspaceNameLength);

/** One entry of GET /workspace: a space the caller is a member of. */
export const zWorkspaceSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Signed URL of the space's image (256 px WebP), or null. */
  image: z.string().nullable(),
  /** The member's own 'My space': never shared, never deleted. */
  isPersonal: z.boolean(),
  permission: zPermission,
  abilities: zAbilities,
});
export type WorkspaceSummary = z.infer<typeof zWorkspaceSummary>;

/**
 * GET /workspace/quota: the team spaces the person created (the personal space not counted)
 * and how many the plan lets them create (SPEC §9 beta: 2; null: unlimited), so that
 * CreateWorkspace can say so before anything is typed (issue #19 item 8).
 */
export const zSpaceQuota = z.object({
  created: z.number().int(),
  limit: z.number().int().nullable(),
});
export type SpaceQuota = z.infer<typeof zSpaceQuota>;

/** A member of a space (SPEC §3 Workspace users). */
export const zMember = z.object({
  id: z.number().int(),
  nickname: z.string(),
  profileImage: z.string().nullable(),
  permission: zPermission,
  /** When they joined, ISO 8601 UTC. */
  joinedAt: z.string(),
});
export type Member = z.infer<typeof zMember>;

/** SPEC §3 Workspace: GET /workspace/{id}, members oldest first. */
export const zWorkspace = zWorkspaceSummary.extend({
  folders: z.array(zFolder),
  users: z.array(zMember),
});
export type Workspace = z.infer<typeof zWorkspace>;

/** SPEC §3 Workspace status, with what the usage page shows beside the beta plan's limits. */
export const zWorkspaceStatus = z.object({
  textSauceCount: z.number().int(),
  imageSauceCount: z.number().int(),
  folderCount: z.number().int(),
  memberCount: z.number().int(),
  /** Bytes of the space's stored images (originals, display sizes and thumbnails). */
  storageBytes: z.number().int(),
  /** The plan's limits (SPEC §9 beta unless the installation sets its own; null: unlimited): sources (text and image together), folders, members. */
  limits: z.object({ sauces: z.number().int().nullable(), folders: z.number().int().nullable(), members: z.number().int().nullable() }),
});
export type WorkspaceStatus = z.infer<typeof zWorkspaceStatus>;

/** PATCH /workspace/{id}/user/{userId}. */
export const zUpdateMember = z.object({ permission: zPermission });

/** POST /workspace/invite/create (SPEC §7): one call per permission. */
export const zCreateInvitation = z.object({
  workspace: z.object({ id: zBodyId }),
  permission: zPermission,
});

/**
 * SPEC §3 Invitation: an invite link for one permission, valid for 1 week (SPEC §9).
 * `id` is the random part of the link (≥ 128 bits); the server keeps only its hash.
 */
export const zInvitation = z.object({
  id: z.string(),
  link: z.string(),
  permission: zPermission,
  /** ISO 8601 UTC. */
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof zInvitation>;

/** GET /workspace/invitation/{id}: what the invited person sees before accepting. */
export const zInvitationInfo = z.object({
  id: z.string(),
  permission: zPermission,
  expiresAt: z.string(),
  expired: z.boolean(),
  workspace: z.object({
    id: z.number().int(),
    name: z.string(),
    image: z.string().nullable(),
    memberCount: z.number().int(),
  }),
  inviter: z.object({ nickname: z.string(), profileImage: z.string().nullable() }),
  /** The caller is already a member (accepting would answer 409 ALREADY_JOINED). */
  isMember: z.boolean(),
});
export type InvitationInfo = z.infer<typeof zInvitationInfo>;

/** An invitation id as it appears in a link: base64url, 22–64 characters. */
export const zInvitationId = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Malformed invitation id');

/**
 * An event of GET /workspace/{id}/events (Server-Sent Events): something other members
 * should refetch. `actorId` is who did it (a client skips its own).
 */
export const zWorkspaceEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('sauce'),
    action: z.enum(['created', 'updated', 'deleted']),
    id: z.number().int(),
    actorId: z.number().int(),
  }),
  z.object({ type: z.literal('folders'), actorId: z.number().int() }),
  z.object({
    type: z.literal('members'),
    actorId: z.number().int(),
    /** A member who left or was removed: their streams of this space close. */
    removedUserId: z.number().int().nullable(),
  }),
  z.object({ type: z.literal('workspace'), action: z.enum(['updated', 'deleted']), actorId: z.number().int() }),
]);
export type WorkspaceEvent = z.infer<typeof zWorkspaceEvent>;
