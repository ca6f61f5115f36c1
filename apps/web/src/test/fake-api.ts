import type { Mock } from 'vitest';
import type { RequestOptions } from '../lib/api.ts';
import { workspaceSummary } from './workspaces.ts';

/** Answers a call (null included; an Error rejects it), or undefined to let the next handler answer. */
export type Handler = (path: string, opts: RequestOptions) => unknown;

/**
 * Makes the mocked `api` (lib/api.ts, replaced with `vi.fn()` by the test file) answer by
 * handlers, the newest first. It starts with a signed-in 'mina' with one workspace and no
 * folders or tags; a call no handler answers throws 'unexpected call METHOD path'. Call it in
 * `beforeEach`.
 * @returns `on(handler)`, which puts a handler in front of the others.
 */
export function answerApi(api: Mock): { on: (h: Handler) => void } {
  const handlers: Handler[] = [
    (path) => {
      if (path === '/auth/session') return { user: { id: 1, email: 'm@x', nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
      if (path === '/workspace') return [workspaceSummary()];
      if (path.startsWith('/archive/folder/') || path === '/archive/tag/list') return { results: [], count: 0, next: null, previous: null };
      return undefined;
    },
  ];
  api.mockReset();
  api.mockImplementation(async (path: string, opts: RequestOptions = {}) => {
    for (const h of handlers) {
      const answer = h(path, opts);
      if (answer !== undefined) return answer instanceof Error ? Promise.reject(answer) : answer;
    }
    throw new Error(`unexpected call ${opts.method ?? 'GET'} ${path}`);
  });
  return { on: (h) => void handlers.unshift(h) };
}
