import { folderKeys, sauceKeys, workspaceKeys } from '../../../lib/query-keys.ts';
import type { WorkspaceEvent } from '@sauce/contract/workspaces';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router';
import { refreshSession } from '../../../lib/api.ts';
import { useProfile } from '../../../lib/session.ts';
import { useCurrentWorkspace, workspacesQuery } from '../../../lib/workspaces.ts';
import { useMoveOutOfSpace } from './use-move-out-of-space.ts';
import { useWorkspaceName } from '../../../lib/workspaces.ts';

/** Waits before reconnecting a closed stream, ms: 1 s, doubling up to 30 s. */
export const RECONNECT_MS = { first: 1_000, max: 30_000 } as const;

export interface WorkspaceEventsConnection {
  workspaceId: number;
  /** Each event of the stream, checked against the contract (others are ignored). */
  onEvent(event: WorkspaceEvent): void;
  /** The stream was closed and will be opened again (after a wait). */
  onClosed?(): void;
  /** The stream is open again after having been closed: events may have been missed. */
  onReconnected?(): void;
}

/**
 * Opens GET /api/workspace/{id}/events (Server-Sent Events, cookie-authenticated) and keeps
 * it open: the browser resumes a stream the server ended (every 15 minutes); a stream it
 * gave up on (a 401 TOKEN_EXPIRED, a 404 after removal, the server down) is reopened after
 * {@link RECONNECT_MS} backoff, refreshing the session first on the first failure of a
 * streak (an expired access token is the usual cause). Events are checked against the
 * contract's schema, loaded with the first event (zod is no part of a page's first load,
 * issue #11 item 2), in the order they came. Returns `close()`.
 */
export function connectWorkspaceEvents({ workspaceId, onEvent, onClosed, onReconnected }: WorkspaceEventsConnection): () => void {
  let schema: Promise<typeof import('@sauce/contract/workspaces').zWorkspaceEvent> | undefined;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const open = () => {
    const es = new EventSource(`/api/workspace/${workspaceId}/events`, { withCredentials: true });
    source = es;
    es.onopen = () => {
      if (failures > 0) onReconnected?.();
      failures = 0;
    };
    es.onmessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      schema ??= import('@sauce/contract/workspaces').then((m) => m.zWorkspaceEvent);
      void schema.then((zWorkspaceEvent) => {
        const parsed = zWorkspaceEvent.safeParse(data);
        if (parsed.success && !stopped) onEvent(parsed.data);
      });
    };
    es.onerror = () => {
      // CONNECTING: the browser is already resuming the stream by itself.
      if (stopped || es.readyState !== EventSource.CLOSED) return;
      es.close();
      source = null;
      const refreshFirst = failures === 0;
      const wait = Math.min(RECONNECT_MS.max, RECONNECT_MS.first * 2 ** failures);
      failures += 1;
      onClosed?.();
      timer = setTimeout(() => {
        void (async () => {
          if (refreshFirst) await refreshSession();
          if (!stopped) open();
        })();
      }, wait);
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}

/**
 * What an event made by someone else changes, as query invalidations (ARCHITECTURE.md key
 * factories): sources, folders, the space's status, members and the list of spaces.
 * Returns 'gone' when the event means the person lost the space (they were removed, or
 * it was deleted), else null. Events made by `me` are skipped: this tab already knows.
 */
export function applyWorkspaceEvent(qc: QueryClient, workspaceId: number, event: WorkspaceEvent, me: number): 'gone' | null {
  if (event.actorId === me) return null;
  const invalidate = (...keys: (readonly unknown[])[]) => keys.forEach((queryKey) => void qc.invalidateQueries({ queryKey }));
  switch (event.type) {
    case 'sauce':
      invalidate(sauceKeys.lists(workspaceId), folderKeys.list(workspaceId), workspaceKeys.status(workspaceId));
      if (event.action !== 'created') invalidate(sauceKeys.detail(workspaceId, event.id));
      return null;
    case 'folders':
      // Folder changes also change the sources' folderSet.
      invalidate(folderKeys.list(workspaceId), sauceKeys.all(workspaceId), workspaceKeys.status(workspaceId));
      return null;
    case 'members':
      if (event.removedUserId === me) return 'gone';
      // The person's own role may be what changed: the list carries their abilities.
      invalidate(workspaceKeys.detail(workspaceId), workspaceKeys.status(workspaceId), workspaceKeys.list());
      return null;
    case 'workspace':
      if (event.action === 'deleted') return 'gone';
      invalidate(workspaceKeys.list(), workspaceKeys.detail(workspaceId));
      return null;
  }
}

/** Pages tied to the selected space's content: after losing the space they go to /dashboard. */
const SPACE_PAGES = /^\/(dashboard|archive)(\/|$)/;

/**
 * The live team view (issue #7): while signed in, keeps the current space's event stream
 * open (closed on sign-out and on switching space) and applies other members' changes to
 * the cached queries. When the person loses the space — removed, or the space deleted —
 * the list is refetched, the first remaining space is selected (SPEC §4) and a toast says
 * they no longer have access. Mount once, in the app shell.
 */
export function useWorkspaceEvents() {
  const qc = useQueryClient();
  const { data: user } = useProfile();
  const workspace = useCurrentWorkspace();
  const moveOut = useMoveOutOfSpace();
  const nameOf = useWorkspaceName();
  const { pathname } = useLocation();
  const userId = user?.id;
  const workspaceId = userId === undefined ? undefined : workspace?.id;

  const leaveLostSpace = useEffectEvent(async (lostId: number) => {
    const name = workspace && workspace.id === lostId ? nameOf(workspace) : '';
    const list = await qc.fetchQuery({ ...workspacesQuery, staleTime: 0 }).catch(() => null);
    if (!list || list.some((w) => w.id === lostId)) return;
    qc.removeQueries({ queryKey: workspaceKeys.byId(lostId) });
    qc.removeQueries({ queryKey: sauceKeys.all(lostId) });
    qc.removeQueries({ queryKey: folderKeys.list(lostId) });
    const to = SPACE_PAGES.test(pathname) ? '/dashboard' : null;
    moveOut(list, i18n.t('workspaces:events.lostAccess', { name }), 'info', to);
  });

  const onEvent = useEffectEvent((id: number, event: WorkspaceEvent) => {
    if (userId === undefined) return;
    if (applyWorkspaceEvent(qc, id, event, userId) === 'gone') void leaveLostSpace(id);
  });

  const onClosed = useEffectEvent(() => void qc.invalidateQueries({ queryKey: workspaceKeys.list() }));
  const onReconnected = useEffectEvent((id: number) => {
    // Events may have been missed while the stream was down.
    void qc.invalidateQueries({ queryKey: sauceKeys.all(id) });
    void qc.invalidateQueries({ queryKey: folderKeys.list(id) });
    void qc.invalidateQueries({ queryKey: workspaceKeys.byId(id) });
  });

  useEffect(() => {
    if (workspaceId === undefined) return;
    return connectWorkspaceEvents({
      workspaceId,
      onEvent: (event) => onEvent(workspaceId, event),
      onClosed: () => onClosed(),
      onReconnected: () => onReconnected(workspaceId),
    });
  }, [workspaceId]);
}
