import { type Permission, zPermission } from '@sauce/contract/common';
import { WORKSPACE_ACTIONS, type Abilities, type WorkspaceAction } from '@sauce/contract/workspaces';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { type LockForSaveRow, lockWorkspaces } from '../db/locks.ts';
import { NotAuthorizedError, NotFoundError, PersonalWorkspaceError, ViewerCannotUploadError } from '../errors.ts';

export type { WorkspaceAction } from '@sauce/contract/workspaces';

const WRITE: Record<Permission, boolean> = { OWNER: true, EDITOR: true, READER: false };
const OWNER_ONLY: Record<Permission, boolean> = { OWNER: true, EDITOR: false, READER: false };
const ANY: Record<Permission, boolean> = { OWNER: true, EDITOR: true, READER: true };

/**
 * The role matrix, SPEC §6: readers only read; editors create and edit sources and
 * folders; the owner also manages members and the space. Reordering is a write
 * (SPEC leaves readers' reordering open; a reader cannot change shared structure).
 * Any member may leave (the last owner is refused by the service: a space keeps an owner).
 * Adding a role or an action fails to compile until every cell names it.
 */
export const WORKSPACE_POLICY: Record<WorkspaceAction, Record<Permission, boolean>> = {
  read: ANY,
  createSauce: WRITE,
  updateSauce: WRITE,
  deleteSauce: WRITE,
  shareSauce: WRITE,
  createFolder: WRITE,
  updateFolder: WRITE,
  deleteFolder: WRITE,
  reorderFolders: WRITE,
  inviteMembers: OWNER_ONLY,
  manageMembers: OWNER_ONLY,
  updateWorkspace: OWNER_ONLY,
  deleteWorkspace: OWNER_ONLY,
  leaveWorkspace: ANY,
};

/**
 * Actions that make no sense in a personal space ('My space'): it has one member for
 * good, and it lives as long as its person (issue #7). Refused with 409 PERSONAL_WORKSPACE.
 */
const NOT_IN_PERSONAL: ReadonlySet<WorkspaceAction> = new Set([
  'inviteMembers',
  'manageMembers',
  'updateWorkspace',
  'deleteWorkspace',
  'leaveWorkspace',
]);

/** Whether `permission` allows `action` by the role matrix alone. */
export function can(permission: Permission, action: WorkspaceAction): boolean {
  return WORKSPACE_POLICY[action][permission];
}

/** Whether a member with `permission` (none: not a member, or a public share's reader) may edit a space's sources: a source's `isEditable`. */
export const canEditSauces = (permission: Permission | null) => permission !== null && can(permission, 'updateSauce');

/**
 * Issue #7: a comment on an image is changed or deleted only by its author, whoever else may
 * edit the source (`viewerId` null: a public share's reader, who changes nothing). A
 * comment's `isEditable`, and the rule saving a source's images applies.
 */
export const canChangeComment = (viewerId: number | null, authorId: number) => viewerId !== null && viewerId === authorId;

/**
 * What a member may do in a space, every action answered (GET /workspace `abilities`):
 * the role matrix, less what a personal space never allows.
 */
export function abilitiesOf(permission: Permission, isPersonal: boolean): Abilities {
  return Object.fromEntries(
    WORKSPACE_ACTIONS.map((a) => [a, can(permission, a) && !(isPersonal && NOT_IN_PERSONAL.has(a))]),
  ) as Abilities;
}

declare const checked: unique symbol;

/**
 * A user's membership of a workspace, as checked by {@link authorizeWorkspace} for one
 * action. Services take this rather than a bare workspace id, so a write cannot reach a
 * service without its authorization (issue #7). Only this module makes one.
 */
export interface Membership {
  readonly workspaceId: number;
  readonly userId: number;
  readonly permission: Permission;
  readonly isPersonal: boolean;
  /** The action it was checked for. */
  readonly action: WorkspaceAction;
  readonly [checked]: true;
}

/**
 * Who asks to do what in which space, not yet checked: a write that reads the role under its
 * own lock ({@link membershipForSave}) takes this, and the membership it checks comes back.
 */
export type MembershipClaim = Pick<Membership, 'workspaceId' | 'userId' | 'action'>;

/**
 * Checks `action` for a member with `permission` (or none) in a space.
 * @throws NOT_FOUND (404) for a non-member (hidden means 404); NOT_AUTHORIZED (403), or
 *   VIEWER_CANNOT_UPLOAD for a reader creating a source, when the role does not allow it;
 *   PERSONAL_WORKSPACE (409) for an action a personal space never allows.
 */
export function authorizePermission(
  permission: Permission | null | undefined,
  action: WorkspaceAction,
  isPersonal = false,
): Permission {
  if (!permission) throw NotFoundError('Workspace not found.');
  if (!can(permission, action)) {
    throw action === 'createSauce' ? ViewerCannotUploadError() : NotAuthorizedError();
  }
  if (isPersonal && NOT_IN_PERSONAL.has(action)) throw PersonalWorkspaceError();
  return permission;
}

const membership = (
  workspaceId: number,
  userId: number,
  row: { permission: Permission | null; is_personal: boolean } | undefined,
  action: WorkspaceAction,
): Membership =>
  ({
    workspaceId,
    userId,
    permission: authorizePermission(row?.permission, action, row?.is_personal),
    isPersonal: row?.is_personal ?? false,
    action,
  }) as Membership;

/**
 * Loads the caller's membership of a workspace and checks `action` (one indexed read).
 * @throws as {@link authorizePermission}.
 */
export async function authorizeWorkspace(
  db: Tx,
  userId: number,
  workspaceId: number,
  action: WorkspaceAction,
): Promise<Membership> {
  const { rows } = await db.execute<{ permission: Permission; is_personal: boolean }>(sql`
    SELECT m.permission, w.is_personal FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
    WHERE m.workspace_id = ${workspaceId} AND m.user_id = ${userId}`);
  return membership(workspaceId, userId, rows[0], action);
}

/**
 * Inside a transaction: locks the space exclusive until commit (step 2 of the lock order,
 * db/locks.ts), then reads the membership again in a statement of its own, so it is the
 * role in force now — a demotion or removal that committed while this waited for the lock
 * is seen (issue #18). Every write to a space's shared structure (sources, uploads,
 * folders, members, invitations, the space) takes this lock first, and so do role changes,
 * removals and leaves: a write runs with the permission in force when it commits, and limits
 * counted under the lock hold (two requests cannot both pass the last free place). A save of
 * one source takes it shared instead ({@link membershipForSave}, issue #29).
 * @returns the membership as it is now.
 * @throws NOT_FOUND (404) when the space is gone or the user is no longer a member;
 *   NOT_AUTHORIZED (403) when their role no longer allows `m.action`.
 */
export async function lockMembership(tx: Tx, m: MembershipClaim): Promise<Membership> {
  if ((await lockWorkspaces(tx, [m.workspaceId])).length === 0) throw NotFoundError('Workspace not found.');
  return authorizeWorkspace(tx, m.userId, m.workspaceId, m.action);
}

/**
 * Issue #29: the membership a save of one source read after its locks (db/locks.ts
 * lockForSaveQuery: `link`'s lock shared, then the space's lock — shared, with the
 * transaction's slot of the space's counters (saves share it, while every exclusive lock of
 * the space, a role change, a removal, waits for the saves in flight and they for it), or
 * exclusive when the plan's limit is near — and then the role), so the role in force when the
 * save commits decides. The only place a save's role is checked: its route does not read it
 * first.
 * @returns the membership as it is now (`space`: SQL lock_for_save's row, none when the space is gone).
 * @throws as {@link lockMembership}.
 */
export function membershipForSave(claim: MembershipClaim, space: LockForSaveRow | undefined): Membership {
  if (!space) throw NotFoundError('Workspace not found.');
  return membership(claim.workspaceId, claim.userId, space.permission ? { permission: space.permission, is_personal: space.is_personal } : undefined, claim.action);
}

/**
 * The roles {@link authorizePermission} lets do `action` in a space, personal or not: for a
 * statement that checks the role it read after its locks before it writes
 * (services/sauces/write.ts saveOne), so it writes nothing that {@link membershipForSave} then refuses.
 */
export const rolesAllowed = (action: WorkspaceAction, isPersonal: boolean): Permission[] =>
  zPermission.options.filter((p) => can(p, action) && !(isPersonal && NOT_IN_PERSONAL.has(action)));
