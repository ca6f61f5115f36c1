import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { showToast, type Toast } from '../../../state/app-store.ts';
import { useSelectWorkspace } from '../../../lib/workspaces.ts';

/**
 * After a space is gone for the person (they deleted or left it, or lost access): returns
 * `moveOut(remaining, message, kind?, to?)`, which selects the first remaining space
 * (SPEC §4: deleting the selected workspace selects the first remaining one — the personal
 * space), goes to `to` (/dashboard by default; null stays) and shows `message` as a toast.
 */
export function useMoveOutOfSpace() {
  const select = useSelectWorkspace();
  return (remaining: readonly WorkspaceSummary[], message: string, kind: Toast['kind'] = 'success', to: string | null = '/dashboard') => {
    const next = remaining[0];
    if (next) select(next.id, to);
    showToast(message, kind);
  };
}
