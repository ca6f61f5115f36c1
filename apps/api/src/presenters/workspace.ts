import type { InvitationInfo, Member, Workspace, WorkspaceSummary } from '@sauce/contract/workspaces';
import { abilitiesOf } from '../policies/workspace.ts';
import type { InvitationRecord } from '../services/invitations.ts';
import type { MemberRecord, WorkspaceRecord, WorkspaceWithMembers } from '../services/workspaces.ts';
import type { UrlSigner } from '../storage/signed-url.ts';
import { profileImageUrl } from './user.ts';

/** A space's image key → its signed URL, or null. */
export const workspaceImageUrl = (urls: UrlSigner, key: string | null) => (key ? urls.url(key) : null);

/** WorkspaceRecord → one entry of GET /workspace, with the caller's abilities (issue #7). */
export function presentWorkspaceSummary(r: WorkspaceRecord, urls: UrlSigner): WorkspaceSummary {
  return {
    id: r.id,
    name: r.name,
    image: workspaceImageUrl(urls, r.imageKey),
    isPersonal: r.isPersonal,
    permission: r.permission,
    abilities: abilitiesOf(r.permission, r.isPersonal),
  };
}

/** A member → SPEC §3 Workspace user; every field named; the profile image signed here (issue #8). */
export function presentMember(r: MemberRecord, urls: UrlSigner): Member {
  return {
    id: r.id,
    nickname: r.nickname,
    profileImage: profileImageUrl(urls, r.profileImage),
    permission: r.permission,
    joinedAt: r.joinedAt,
  };
}

/** GET /workspace/{id} → SPEC §3 Workspace: the summary, its folders and its members. */
export function presentWorkspace(r: WorkspaceWithMembers, urls: UrlSigner): Workspace {
  return {
    ...presentWorkspaceSummary(r.summary, urls),
    folders: r.folders,
    users: r.members.map((m) => presentMember(m, urls)),
  };
}

/** What an invited person sees of an invitation (GET /workspace/invitation/{id}); every field named. */
export function presentInvitationInfo(r: InvitationRecord, urls: UrlSigner): InvitationInfo {
  return {
    id: r.id,
    permission: r.permission,
    expiresAt: r.expiresAt,
    expired: false,
    workspace: { id: r.workspaceId, name: r.name, image: workspaceImageUrl(urls, r.imageKey), memberCount: r.memberCount },
    inviter: { nickname: r.inviterNickname, profileImage: profileImageUrl(urls, r.inviterImage) },
    isMember: r.isMember,
  };
}
