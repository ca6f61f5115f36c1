import { LIMITS } from '@sauce/contract/limits';
import i18n from 'i18next';
import { ApiError } from '../../lib/api.ts';
import { alertDialog } from './confirm.tsx';

/** What a beta-plan limit is about: `details.resource` of a 422 LIMIT_REACHED (SPEC §9). */
export type LimitResource = 'workspaces' | 'members' | 'folders' | 'sources';

const LIMIT_OF: Record<LimitResource, number> = {
  workspaces: LIMITS.workspacesPerUser,
  members: LIMITS.membersPerWorkspace,
  folders: LIMITS.foldersPerWorkspace,
  sources: LIMITS.saucesPerWorkspace,
};

/**
 * The beta-plan resource a failed call ran into: 422 LIMIT_REACHED with `details.resource`
 * one of {@link LimitResource}, else null (other limits, such as images per source, have
 * their own messages).
 */
export function limitResourceOf(error: unknown): LimitResource | null {
  if (!(error instanceof ApiError) || error.code !== 'LIMIT_REACHED') return null;
  const resource = (error.details as { resource?: unknown } | undefined)?.resource;
  return typeof resource === 'string' && resource in LIMIT_OF ? (resource as LimitResource) : null;
}

/**
 * The beta notice (SPEC §9: 5 folders and 5 members per space, 2 spaces, 100 sources): an
 * alert naming the limit that was reached. The figure comes from `details.limit` when the
 * server sent one, else from LIMITS.
 */
export function showLimitNotice(resource: LimitResource, limit = LIMIT_OF[resource]): Promise<void> {
  return alertDialog({
    title: i18n.t(`common:limits.${resource}.title`, { count: limit }),
    description: i18n.t(`common:limits.${resource}.description`, { count: limit }),
  });
}

/**
 * Shows the beta notice when `error` is a beta-plan LIMIT_REACHED, using the server's
 * `details.limit`. Returns whether it did, so callers fall back to their own message.
 */
export function showLimitNoticeFor(error: unknown): boolean {
  const resource = limitResourceOf(error);
  if (!resource) return false;
  const limit = ((error as ApiError).details as { limit?: unknown } | undefined)?.limit;
  void showLimitNotice(resource, typeof limit === 'number' ? limit : undefined);
  return true;
}
