import type { Deps, ZApp } from '../../deps.ts';

/** Google sign-in (SPEC §7 Auth). Filled in by the Google/Apple work. */
export async function googleRoutes(_app: ZApp, _deps: Deps): Promise<void> {}
