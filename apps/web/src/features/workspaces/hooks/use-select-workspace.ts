import { COOKIES } from '@sauce/contract/http';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../../state/app-store.ts';

/**
 * SPEC §4 Choosing a workspace: stores its id (state and the workspace cookie) and clears
 * the folder selection, tag filter and search; folders and status then load for it.
 */
export function selectWorkspace(id: number) {
  document.cookie = `${COOKIES.workspace}=${id}; path=/; samesite=lax`;
  useAppStore.getState().set({ selectedWorkspaceId: id, selectedFolder: null, searchParams: {}, tagFilter: [] });
}

/**
 * Returns `select(id, to?)`: {@link selectWorkspace}, then goes to `to` — the default list
 * (/dashboard) unless told otherwise, or nowhere with `null`.
 */
export function useSelectWorkspace() {
  const navigate = useNavigate();
  return (id: number, to: string | null = '/dashboard') => {
    selectWorkspace(id);
    if (to) void navigate(to);
  };
}
