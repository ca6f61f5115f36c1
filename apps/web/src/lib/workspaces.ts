import { COOKIES } from '@sauce/contract/http';
import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../state/app-store.ts';
import { readCookie } from './api.ts';
import { call } from './call.ts';
import { workspaceKeys } from './query-keys.ts';
import { useProfile } from './session.ts';

/*
 * The person's spaces and the selected one, read by the shell, the pages and several
 * features (issue #19 item 4: shared, so here in lib/; one space's details, members and
 * status stay in features/workspaces).
 */

/** GET /workspace: the spaces the person is a member of, their personal space first. */
export const workspacesQuery = queryOptions({
  queryKey: workspaceKeys.list(),
  queryFn: () => call('GET /workspace'),
});

/** The signed-in person's spaces (GET /workspace); not fetched while signed out. */
export function useWorkspaces() {
  const { data: user } = useProfile();
  return useQuery({ ...workspacesQuery, enabled: !!user });
}

/**
 * The selected workspace (SPEC §4 Choosing a workspace): the one in the store, else the
 * workspace cookie set at sign-in, else the first (personal) one. Undefined while loading
 * or signed out.
 */
export function useCurrentWorkspace(): WorkspaceSummary | undefined {
  const { data: list } = useWorkspaces();
  const selected = useAppStore((s) => s.selectedWorkspaceId);
  if (!list || list.length === 0) return undefined;
  const wanted = selected ?? Number(readCookie(COOKIES.workspace));
  return list.find((w) => w.id === wanted) ?? list[0];
}

/** Returns `nameOf(space)`: 'My space' for one's own personal space, else its name. */
export function useWorkspaceName() {
  const { t } = useTranslation('shell');
  return (w: Pick<WorkspaceSummary, 'name' | 'isPersonal' | 'permission'>) =>
    w.isPersonal && w.permission === 'OWNER' ? t('sidebar.mySpace') : w.name;
}

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
