import type { Deps, ZApp } from '../../deps.ts';

/** Apple sign-in (SPEC §7 Auth). Filled in by the Google/Apple work. */
export async function appleRoutes(_app: ZApp, _deps: Deps): Promise<void> {}
