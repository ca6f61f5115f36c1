import type { Permission } from '@sauce/contract/common';
import type { Member, WorkspaceSummary } from '@sauce/contract/workspaces';
import { abilitiesOf } from '../policies/workspace.ts';
import type { UrlSigner } from '../storage/signed-url.ts';
import { profileImageUrl } from './user.ts';

/** A space as read with the caller's role. */
export interface WorkspaceRecord {
  id: number;
  name: string;
  imageKey: string | null;
  isPersonal: boolean;
  permission: Permission;
}

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

/** A member row → SPEC §3 Workspace user; every field named. */
export function presentMember(
  r: {
    id: number;
    nickname: string;
    /** The stored profile image (a FileStore key), signed here (issue #8). */
    profileImage: string | null;
    permission: Permission;
    joinedAt: string;
  },
  urls: UrlSigner,
): Member {
  return {
    id: r.id,
    nickname: r.nickname,
    profileImage: profileImageUrl(urls, r.profileImage),
    permission: r.permission,
    joinedAt: r.joinedAt,
  };
}
