import type { Permission } from '@sauce/contract/common';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { workspaceMembers } from '../db/schema.ts';
import { NotAuthorizedError, NotFoundError, ViewerCannotUploadError } from '../errors.ts';

/** What a member may do in a workspace (SPEC §6). */
export type WorkspaceAction =
  | 'read'
  | 'createSauce'
  | 'updateSauce'
  | 'deleteSauce'
  | 'shareSauce'
  | 'createFolder'
  | 'updateFolder'
  | 'deleteFolder'
  | 'reorderFolders'
  | 'inviteMembers'
  | 'manageMembers'
  | 'updateWorkspace'
  | 'deleteWorkspace';

const WRITE: Record<Permission, boolean> = { OWNER: true, EDITOR: true, READER: false };
const OWNER_ONLY: Record<Permission, boolean> = { OWNER: true, EDITOR: false, READER: false };
const ANY: Record<Permission, boolean> = { OWNER: true, EDITOR: true, READER: true };

/**
 * The role matrix, SPEC §6: readers only read; editors create and edit sources and
 * folders; the owner also manages members and the space. Reordering is a write
 * (SPEC leaves readers' reordering open; a reader cannot change shared structure).
 * Adding a role fails to compile until every row names it.
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
};

/** Whether `permission` allows `action` (for abilities sent to the web app). */
export function can(permission: Permission, action: WorkspaceAction): boolean {
  return WORKSPACE_POLICY[action][permission];
}

/** A user's membership of a workspace. */
export interface Membership {
  workspaceId: number;
  userId: number;
  permission: Permission;
}

/**
 * Loads the caller's membership and checks `action` against the matrix.
 * @throws NOT_FOUND (404) when the user is not a member (hidden means 404);
 *   NOT_AUTHORIZED (403) — or VIEWER_CANNOT_UPLOAD for a reader creating a source — when
 *   the role does not allow the action.
 */
export async function authorizeWorkspace(
  db: Tx,
  userId: number,
  workspaceId: number,
  action: WorkspaceAction,
): Promise<Membership> {
  const [row] = await db
    .select({ permission: workspaceMembers.permission })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return { workspaceId, userId, permission: authorizePermission(row?.permission, action) };
}

/**
 * Checks `action` against a membership the caller loaded itself (joined into another
 * statement to save a round trip); null or undefined means the user is not a member.
 * @returns the permission.
 * @throws as authorizeWorkspace: NOT_FOUND (404) for a non-member; NOT_AUTHORIZED (403) or
 *   VIEWER_CANNOT_UPLOAD when the role does not allow the action.
 */
export function authorizePermission(permission: Permission | null | undefined, action: WorkspaceAction): Permission {
  if (!permission) throw NotFoundError('Workspace not found.');
  if (!can(permission, action)) {
    throw action === 'createSauce' ? ViewerCannotUploadError() : NotAuthorizedError();
  }
  return permission;
}
