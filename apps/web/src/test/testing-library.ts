// @testing-library/preact for the tests, with `act` as React's behaves.
import { act as preactAct, renderHook as preactRenderHook } from '@testing-library/preact';
import type { ComponentType, ReactNode } from 'react';

export * from '@testing-library/preact';

/**
 * Runs `callback` in Preact's act(). When it returns a promise, waits for it and then for one
 * more task before flushing renders and effects, as React's act() does: the chains a settled
 * request starts (a mutation's callbacks, the cache's notifications) finish within that task.
 * @returns a promise for an async callback, otherwise nothing
 */
export function act(callback: () => unknown): Promise<void> | void {
  let async = false;
  const result = preactAct(() => {
    const value = callback();
    if (value && typeof (value as PromiseLike<unknown>).then === 'function') async = true;
    return value as void;
  });
  if (!async) return;
  return Promise.resolve(result).then(() => preactAct(() => new Promise<void>((resolve) => setTimeout(resolve, 0))));
}

/** @testing-library/preact's renderHook, typed with the app's (React's) component types. */
export function renderHook<T>(hook: () => T, options: { wrapper?: ComponentType<{ children?: ReactNode }> } = {}) {
  return preactRenderHook(hook, options as Parameters<typeof preactRenderHook>[1]);
}
