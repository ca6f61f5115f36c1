import { LIMITS } from '@sauce/contract/limits';

/** The folder count badge (SPEC §2 Sidebar, §9): '999+' at 1000 or more. */
export function formatFolderCount(count: number): string {
  return count > LIMITS.folderBadgeMax ? `${LIMITS.folderBadgeMax}+` : String(count);
}
