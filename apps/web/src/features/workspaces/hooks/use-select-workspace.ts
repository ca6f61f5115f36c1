import { COOKIES } from '@sauce/contract/common';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../../state/app-store.ts';

/**
 * SPEC §4 Choosing a workspace: stores its id (state and the workspace cookie), clears
 * the folder selection and goes to the default list; folders and status load for it.
 */
export function useSelectWorkspace() {
  const navigate = useNavigate();
  return (id: number) => {
    document.cookie = `${COOKIES.workspace}=${id}; path=/; samesite=lax`;
    useAppStore.getState().set({ selectedWorkspaceId: id, selectedFolder: null, searchParams: {}, tagFilter: [] });
    void navigate('/dashboard');
  };
}
