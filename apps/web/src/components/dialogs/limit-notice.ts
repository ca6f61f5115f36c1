import type { Plan } from '@sauce/contract/limits';
import i18n from 'i18next';
import { currentPlan } from '../../lib/plan.ts';
import { ApiError } from '../../lib/api.ts';
import { alertDialog } from './confirm.tsx';

/** What a plan limit is about: `details.resource` of a 422 LIMIT_REACHED (SPEC §9; issue #22: the plan is the operator's). */
export type LimitResource = 'workspaces' | 'members' | 'folders' | 'sources';

const PLAN_KEY: Record<LimitResource, keyof Plan> = { workspaces: 'spaces', members: 'members', folders: 'folders', sources: 'sources' };

/**
 * The beta-plan resource a failed call ran into: 422 LIMIT_REACHED with `details.resource`
 * one of {@link LimitResource}, else null (other limits, such as images per source, have
 * their own messages).
 */
export function limitResourceOf(error: unknown): LimitResource | null {
  if (!(error instanceof ApiError) || error.code !== 'LIMIT_REACHED') return null;
  const resource = (error.details as { resource?: unknown } | undefined)?.resource;
  return typeof resource === 'string' && resource in PLAN_KEY ? (resource as LimitResource) : null;
}

/**
 * The plan's notice (SPEC §9's beta plan unless the installation sets its own): an alert
 * naming the limit that was reached. The figure comes from `details.limit` when the server
 * sent one, else from the installation's plan (GET /app/config).
 */
export function showLimitNotice(resource: LimitResource, limit = currentPlan()[PLAN_KEY[resource]] ?? 0): Promise<void> {
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
