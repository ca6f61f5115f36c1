import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Permission } from '@sauce/contract/common';
import { LIMITS, reached, type Plan } from '@sauce/contract/limits';
import type { Invitation } from '@sauce/contract/workspaces';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { lockPerson, lockWorkspaces } from '../db/locks.ts';
import { invitations, workspaceMembers } from '../db/schema.ts';
import { AlreadyJoinedError, InvitationExpiredError, LimitReachedError, NotFoundError } from '../errors.ts';
import { authorizeWorkspace, lockMembership, type Membership } from '../policies/workspace.ts';
import { notifyWorkspace } from './events.ts';
import { getWorkspaceRecord, type WorkspaceRecord } from './workspaces.ts';

/**
 * An active link is handed out again while it has at least this long left (ms): 6 days.
 * Older ones stay valid until they expire, but the dialog shows a fresh one, so a link a
 * person copies is always good for most of a week (SPEC §9: valid 1 week).
 */
const REUSE_WHILE_LEFT_MS = 6 * 24 * 60 * 60 * 1000;

/** What the invitation services need. */
export interface InvitationDeps {
  db: Db;
  /** The installation's plan (config PLAN_*). */
  plan: Plan;
  /** The server secret; link ids are derived from it. */
  secret: Uint8Array;
  /** The app's public origin, for the links (config PUBLIC_URL). */
  publicUrl: string;
  /** The current time, ms (tests move it past the expiry). */
  now: () => number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The id a link carries: HMAC-SHA256 of the row's random nonce (16 bytes) under a key
 * derived from the server secret, base64url (43 characters, 128 bits of the nonce's
 * randomness). The database keeps the nonce and the id's SHA-256, never the id.
 */
function linkIdOf(secret: Uint8Array, nonce: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'sauce invitations', 32));
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

/** The web page of an invitation, absolute. */
const linkOf = (publicUrl: string, id: string) => {
  const url = new URL('/workspace/invitation', publicUrl);
  url.searchParams.set('id', id);
  return url.toString();
};

/**
 * POST /workspace/invite/create (SPEC §7, issue #7): the space's invite link for
 * `permission` — the active one while it has 6 days or more left, else a new one valid for
 * 1 week (SPEC §9). The route declares `inviteMembers` (owner only, not a personal space).
 */
export async function createInvitation(deps: InvitationDeps, m: Membership, permission: Permission): Promise<Invitation> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    await lockMembership(tx, m);
    const { rows } = await tx.execute<{ nonce: string; expires_at: Date }>(sql`
      SELECT nonce, expires_at FROM workspace_invitations
      WHERE workspace_id = ${m.workspaceId} AND permission = ${permission} AND revoked_at IS NULL
        AND expires_at >= ${new Date(now + REUSE_WHILE_LEFT_MS)}
      ORDER BY expires_at DESC LIMIT 1`);
    if (rows[0]) return { nonce: rows[0].nonce, expiresAt: new Date(rows[0].expires_at) };
    const nonce = randomBytes(16).toString('hex');
    const expiresAt = new Date(now + LIMITS.invitationTtlMs);
    await tx.insert(invitations).values({
      workspaceId: m.workspaceId,
      permission,
      nonce,
      tokenHash: sha256(linkIdOf(deps.secret, nonce)),
      createdBy: m.userId,
      expiresAt,
    });
    return { nonce, expiresAt };
  });
  const id = linkIdOf(deps.secret, row.nonce);
  return { id, link: linkOf(deps.publicUrl, id), permission, expiresAt: row.expiresAt.toISOString(), expired: false };
}

type InvitationRow = {
  workspace_id: number;
  permission: Permission;
  expires_at: Date;
  revoked_at: Date | null;
};

async function findInvitation(db: Tx, id: string): Promise<InvitationRow | undefined> {
  const { rows } = await db.execute<InvitationRow>(sql`
    SELECT workspace_id, permission, expires_at, revoked_at FROM workspace_invitations
    WHERE token_hash = ${sha256(id)}`);
  return rows[0];
}

const isLive = (row: InvitationRow | undefined, now: number): row is InvitationRow =>
  !!row && row.revoked_at === null && new Date(row.expires_at).getTime() > now;

/**
 * DELETE /workspace/invitation/{id}: resets a permission's link — revokes every active
 * link of the same space and permission, so none that was handed out works any more.
 * @throws NOT_FOUND (404) for an unknown link or one of a space the caller is not a member
 *   of; NOT_AUTHORIZED (403) for a member who is not its owner.
 */
export async function revokeInvitation(deps: InvitationDeps, userId: number, id: string): Promise<void> {
  const row = await findInvitation(deps.db, id);
  if (!row) throw NotFoundError('Invitation not found.');
  const m = await authorizeWorkspace(deps.db, userId, row.workspace_id, 'inviteMembers');
  await deps.db.transaction(async (tx) => {
    await lockMembership(tx, m);
    await tx.execute(sql`
      UPDATE workspace_invitations SET revoked_at = ${new Date(deps.now())}
      WHERE workspace_id = ${row.workspace_id} AND permission = ${row.permission} AND revoked_at IS NULL`);
  });
}

/** What an invited person sees of a live invitation (presenters/workspace.ts presents it). */
export interface InvitationRecord {
  id: string;
  permission: Permission;
  /** ISO 8601. */
  expiresAt: string;
  workspaceId: number;
  name: string;
  /** The space's image (a FileStore key), or null. */
  imageKey: string | null;
  memberCount: number;
  inviterNickname: string;
  /** The inviter's stored profile image, or null. */
  inviterImage: string | null;
  isMember: boolean;
}

/**
 * GET /workspace/invitation/{id}: what the invited person sees — the space (name, image,
 * member count), who invited them, the permission and whether they already are a member.
 * @throws INVITATION_EXPIRED (404) for an unknown, revoked or expired link (SPEC §4:
 *   'invite link lookup failure means expired').
 */
export async function getInvitationInfo(deps: InvitationDeps, userId: number, id: string): Promise<InvitationRecord> {
  const { rows } = await deps.db.execute<
    InvitationRow & {
      name: string;
      image_key: string | null;
      members: number;
      inviter: string;
      inviter_image: string | null;
      is_member: boolean;
    }
  >(sql`
    SELECT i.workspace_id, i.permission, i.expires_at, i.revoked_at, w.name, w.image_key,
      (SELECT count(*) FROM workspace_members WHERE workspace_id = w.id)::int AS members,
      u.nickname AS inviter, u.profile_image AS inviter_image,
      EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = w.id AND user_id = ${userId}) AS is_member
    FROM workspace_invitations i JOIN workspaces w ON w.id = i.workspace_id JOIN users u ON u.id = i.created_by
    WHERE i.token_hash = ${sha256(id)}`);
  const r = rows[0];
  if (!isLive(r, deps.now())) throw InvitationExpiredError();
  return {
    id,
    permission: r.permission,
    expiresAt: new Date(r.expires_at).toISOString(),
    workspaceId: r.workspace_id,
    name: r.name,
    imageKey: r.image_key,
    memberCount: r.members,
    inviterNickname: r.inviter,
    inviterImage: r.inviter_image,
    isMember: r.is_member,
  };
}

/**
 * POST /workspace/invitation/{id}: joins the space with the link's permission. Locks the
 * person (a withdrawal cannot race the join), then the space (db/locks.ts order), and only
 * then reads the link again: a link reset or revoked while this waited (an owner demoting
 * or removing someone, issue #18) no longer works, and two people taking the last free place
 * at once cannot both get it (SPEC §9: 5 members).
 * @returns the joined space, as GET /workspace lists it.
 * @throws INVITATION_EXPIRED (404); ALREADY_JOINED (409); LIMIT_REACHED (422, details
 *   {resource: 'members', limit: 5}); UNAUTHENTICATED (401) when the account is gone.
 */
export async function acceptInvitation(deps: InvitationDeps, userId: number, id: string): Promise<WorkspaceRecord> {
  const workspaceId = await deps.db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const found = await findInvitation(tx, id);
    if (!isLive(found, deps.now())) throw InvitationExpiredError();
    if ((await lockWorkspaces(tx, [found.workspace_id])).length === 0) throw InvitationExpiredError();
    // Read again after the lock: in READ COMMITTED a later statement sees what the previous
    // holder of the lock committed (a reset link, a member who joined).
    const row = await findInvitation(tx, id);
    if (!isLive(row, deps.now())) throw InvitationExpiredError();
    const { rows } = await tx.execute<{ members: number; is_member: boolean }>(sql`
      SELECT count(*)::int AS members, COALESCE(bool_or(user_id = ${userId}), false) AS is_member
      FROM workspace_members WHERE workspace_id = ${row.workspace_id}`);
    const ws = rows[0]!;
    if (ws.is_member) throw AlreadyJoinedError();
    if (reached(ws.members, deps.plan.members)) throw LimitReachedError('members', deps.plan.members!);
    await tx.insert(workspaceMembers).values({ workspaceId: row.workspace_id, userId, permission: row.permission });
    await notifyWorkspace(tx, row.workspace_id, { type: 'members', actorId: userId, removedUserId: null });
    return row.workspace_id;
  });
  // Removed again in between: as expired.
  return getWorkspaceRecord(deps.db, workspaceId, userId).catch(() => {
    throw InvitationExpiredError();
  });
}
