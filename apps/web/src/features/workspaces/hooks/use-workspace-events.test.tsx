import { folderKeys, sauceKeys, workspaceKeys } from '../../../lib/query-keys.ts';
import type { WorkspaceEvent, WorkspaceSummary } from '@sauce/contract/workspaces';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { useAppStore } from '../../../state/app-store.ts';
import { workspaceSummary } from '../../../test/workspaces.ts';
import { connectWorkspaceEvents, RECONNECT_MS, useWorkspaceEvents } from './use-workspace-events.ts';

const api = vi.hoisted(() => vi.fn());
const refreshSession = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api,
  refreshSession,
}));

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  /** The browser gave up (a 401, a 404, a refused connection): CLOSED, then error. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}
const live = () => FakeEventSource.all.filter((s) => !s.closed);
const last = () => FakeEventSource.all.at(-1)!;

beforeAll(() => {
  initI18n('en');
});
beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  refreshSession.mockClear();
  api.mockReset();
  useAppStore.setState({ toasts: [], selectedWorkspaceId: null });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectWorkspaceEvents', () => {
  it('opens the space stream with cookies and passes on the events that match the contract', async () => {
    const onEvent = vi.fn();
    const close = connectWorkspaceEvents({ workspaceId: 7, onEvent });
    expect(last().url).toBe('/api/workspace/7/events');
    expect(last().init).toEqual({ withCredentials: true });
    last().open();
    last().send({ type: 'folders', actorId: 3 });
    last().send('not json');
    last().send({ type: 'sauce', action: 'exploded', id: 1, actorId: 3 });
    // Checked by the contract's schema, loaded with the stream: in order, once it is here.
    await vi.waitFor(() => expect(onEvent.mock.calls).toEqual([[{ type: 'folders', actorId: 3 }]]));
    close();
    expect(last().closed).toBe(true);
  });

  it('leaves a stream the browser is resuming alone (the server ends it every 15 minutes)', () => {
    vi.useFakeTimers();
    connectWorkspaceEvents({ workspaceId: 7, onEvent: () => {} });
    last().open();
    last().readyState = FakeEventSource.CONNECTING;
    last().onerror?.();
    vi.advanceTimersByTime(RECONNECT_MS.max);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(refreshSession).not.toHaveBeenCalled();
  });

  it('reopens a closed stream with backoff, refreshing the session first (401 TOKEN_EXPIRED)', async () => {
    vi.useFakeTimers();
    const onClosed = vi.fn();
    const onReconnected = vi.fn();
    const close = connectWorkspaceEvents({ workspaceId: 7, onEvent: () => {}, onClosed, onReconnected });
    last().fail();
    expect(onClosed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECONNECT_MS.first - 1);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.all).toHaveLength(2);
    // Still failing: twice the wait, no second refresh.
    last().fail();
    await vi.advanceTimersByTimeAsync(RECONNECT_MS.first * 2 - 1);
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all).toHaveLength(3);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    last().open();
    expect(onReconnected).toHaveBeenCalledTimes(1);
    // Closing stops everything, pending waits included.
    last().fail();
    close();
    await vi.advanceTimersByTimeAsync(RECONNECT_MS.max);
    expect(FakeEventSource.all).toHaveLength(3);
  });
});

describe('useWorkspaceEvents (live team view)', () => {
  const ME = 1;
  const personal = workspaceSummary();
  const team = workspaceSummary({ id: 7, name: 'Team', isPersonal: false, permission: 'EDITOR' });
  let spaces: WorkspaceSummary[];
  let signedIn: boolean;

  /** The app shell's part: the hook in a layout that stays while pages change. */
  function Shell() {
    useWorkspaceEvents();
    return <Outlet />;
  }
  function setup(url = '/dashboard') {
    api.mockImplementation(async (path: string) => {
      if (path === '/auth/session') {
        if (!signedIn) return { user: null };
        return { user: { id: ME, email: null, nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
      }
      if (path === '/workspace') return spaces;
      return null;
    });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        {
          element: <Shell />,
          children: [
            { path: '/dashboard', element: <h1>Dashboard</h1> },
            { path: '/archive/text', element: <h1>Text</h1> },
            { path: '/workspace/memberManagement', element: <h1>Members</h1> },
          ],
        },
      ],
      { initialEntries: [url] },
    );
    render(
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return { qc, router };
  }
  beforeEach(() => {
    spaces = [personal, team];
    signedIn = true;
    useAppStore.setState({ selectedWorkspaceId: 7 });
  });

  const send = async (event: WorkspaceEvent) => act(async () => live()[0]!.send(event));
  const stale = (qc: ReturnType<typeof setup>['qc'], key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;

  it("applies other members' changes to the cached queries and skips the person's own", async () => {
    const { qc } = setup('/archive/text');
    await waitFor(() => expect(live()).toHaveLength(1));
    expect(live()[0]!.url).toBe('/api/workspace/7/events');
    for (const key of [sauceKeys.lists(7), sauceKeys.detail(7, 5), folderKeys.list(7), workspaceKeys.status(7), workspaceKeys.detail(7)]) {
      qc.setQueryData(key, {});
    }
    await send({ type: 'sauce', action: 'updated', id: 5, actorId: ME });
    expect(stale(qc, sauceKeys.lists(7))).toBe(false);
    await send({ type: 'sauce', action: 'updated', id: 5, actorId: 2 });
    expect(stale(qc, sauceKeys.lists(7))).toBe(true);
    expect(stale(qc, sauceKeys.detail(7, 5))).toBe(true);
    expect(stale(qc, folderKeys.list(7))).toBe(true);
    expect(stale(qc, workspaceKeys.status(7))).toBe(true);
    expect(stale(qc, workspaceKeys.detail(7))).toBe(false);
    await send({ type: 'members', actorId: 2, removedUserId: 3 });
    expect(stale(qc, workspaceKeys.detail(7))).toBe(true);
  });

  it('being removed: the list is refetched, the first remaining space selected, and a toast says so', async () => {
    const { router } = setup('/archive/text');
    await waitFor(() => expect(live()).toHaveLength(1));
    spaces = [personal];
    await send({ type: 'members', actorId: 2, removedUserId: ME });
    await waitFor(() => expect(useAppStore.getState().selectedWorkspaceId).toBe(1));
    expect(useAppStore.getState().toasts.map((t) => t.message)).toEqual(["You no longer have access to 'Team'."]);
    expect(router.state.location.pathname).toBe('/dashboard');
    // The stream of the lost space is closed; the personal space's is open.
    await waitFor(() => expect(live().map((s) => s.url)).toEqual(['/api/workspace/1/events']));
  });

  it('a deleted space is left the same way; a settings page stays where it is', async () => {
    const { router } = setup('/workspace/memberManagement');
    await waitFor(() => expect(live()).toHaveLength(1));
    spaces = [personal];
    await send({ type: 'workspace', action: 'deleted', actorId: 2 });
    await waitFor(() => expect(useAppStore.getState().selectedWorkspaceId).toBe(1));
    expect(router.state.location.pathname).toBe('/workspace/memberManagement');
  });

  it('a space that is still listed after the event is kept (nothing to leave)', async () => {
    setup();
    await waitFor(() => expect(live()).toHaveLength(1));
    await send({ type: 'members', actorId: 2, removedUserId: ME });
    await waitFor(() => expect(api.mock.calls.filter(([p]) => p === '/workspace').length).toBeGreaterThan(1));
    expect(useAppStore.getState().selectedWorkspaceId).toBe(7);
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  it('switching space closes the old stream and opens the new one', async () => {
    setup();
    await waitFor(() => expect(live()).toHaveLength(1));
    act(() => useAppStore.setState({ selectedWorkspaceId: 1 }));
    expect(live().map((s) => s.url)).toEqual(['/api/workspace/1/events']);
    expect(FakeEventSource.all[0]!.closed).toBe(true);
  });

  it('opens nothing while signed out', async () => {
    signedIn = false;
    setup();
    await waitFor(() => expect(api.mock.calls.map(([path]) => path)).toContain('/auth/session'));
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeEventSource.all).toHaveLength(0);
  });
});
