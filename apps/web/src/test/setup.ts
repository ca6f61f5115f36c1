// Vitest setup (vite.config.ts `test.setupFiles`).
import { notifyManager } from '@tanstack/react-query';
import { options } from 'preact';

// Preact runs effects after the next frame (requestAnimationFrame, in a browser after paint).
// A test has no frames to wait for: it runs them as soon as the render is done, as React did
// in act(), so that what a test finds on screen has its effects (listeners, focus) in place.
(options as { requestAnimationFrame?: (cb: () => void) => void }).requestAnimationFrame = (cb) => queueMicrotask(cb);
// TanStack Query tells components of an answer in a later task (setTimeout 0); here in a
// microtask, so that a test's `await act(…)` that settles a request sees what it renders.
notifyManager.setScheduler(queueMicrotask);

// The app loads its Alert, Confirm and DraftConfirm dialogs and the editing strip lazily
// (issue #11 item 2); loaded here first, a test's `findBy…` waits only for the app to show
// them, not for their first transform, which on a busy machine can take longer than the
// default wait. Only modules that import no API client, so that tests can still mock
// `lib/api.ts`.
await Promise.all([
  import('../components/dialogs/confirm-view.tsx'),
  import('../components/dialogs/draft-confirm-view.tsx'),
  import('../features/sauces/components/editable-image-strip.tsx'),
]);

export {};
