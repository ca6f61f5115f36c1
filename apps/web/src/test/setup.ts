// Vitest setup (vite.config.ts `test.setupFiles`).
// The app loads its Alert, Confirm and DraftConfirm dialogs and the editing strip lazily
// (issue #11 item 2); loaded here first, a test's `findBy…` waits only for the app to show
// them, not for their first transform, which on a busy machine can take longer than the
// default wait. Only modules that import no API client, so that tests can still mock
// `lib/api.ts`.
import { configure } from '@testing-library/react';

// Testing Library's `findBy…`/`waitFor` give up after 1 s by default. The suite runs beside
// the typecheck on a 2-core machine (scripts/test.mjs), where one render of a lazy dialog can
// take longer: a wait for what must appear waits up to 5 s, and a test gets 15 s
// (vite.config.ts).
configure({ asyncUtilTimeout: 5_000 });

await Promise.all([
  import('../components/dialogs/confirm-view.tsx'),
  import('../components/dialogs/draft-confirm-view.tsx'),
  import('../components/image-viewer/editable-image-strip.tsx'),
]);

export {};
