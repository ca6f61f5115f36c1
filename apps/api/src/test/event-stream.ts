import type { WorkspaceEvent } from '@sauce/contract/workspaces';
import type { TestUser } from './factories.ts';

/** Issue #7: other members' dashboards update within 2 s. */
export const WITHIN_MS = 2000;

/** A space's live events as a client receives them. */
export interface Stream {
  status: number;
  events: WorkspaceEvent[];
  /** Resolves with the first event (received so far or later) matching `pred`, within 2 s. */
  next(pred: (e: WorkspaceEvent) => boolean): Promise<WorkspaceEvent>;
  /** Resolves when the server has ended the stream, within 2 s. */
  ended(): Promise<void>;
  close(): void;
}

/** Opens GET /workspace/{id}/events on `origin` (a listening app) as `u` and collects its `data:` messages. */
export async function openEventStream(origin: string, u: TestUser | null, workspaceId: number): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${origin}/api/workspace/${workspaceId}/events`, { headers: u?.headers ?? {}, signal: abort.signal });
  const events: WorkspaceEvent[] = [];
  let finished = false;
  if (res.ok) {
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
            for (const line of buffer.slice(0, i).split('\n')) if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
            buffer = buffer.slice(i + 2);
          }
        }
      } catch {
        // aborted by the test
      }
      finished = true;
    })();
  } else {
    await res.body?.cancel();
  }
  const waitFor = async <T>(check: () => T | undefined, what: string): Promise<T> => {
    const until = Date.now() + WITHIN_MS;
    for (;;) {
      const hit = check();
      if (hit !== undefined) return hit;
      if (Date.now() > until) throw new Error(`no ${what} within ${WITHIN_MS} ms; got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    status: res.status,
    events,
    next: (pred) => waitFor(() => events.find(pred), 'matching event'),
    ended: () => waitFor(() => (finished ? true : undefined), 'end of stream').then(() => undefined),
    close: () => abort.abort(),
  };
}

