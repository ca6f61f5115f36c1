// Zod-free, so the web app's first chunk can use these without the schema library (issue #11 item 2).

/** Cookie and header names of the session (SPEC §3 Session state). */
export const COOKIES = {
  access: 'access_token',
  refresh: 'refresh_token',
  workspace: 'workspace_id',
  csrf: 'csrf_token',
  appleDestination: 'apple_destination',
  /**
   * When the access token expires, ms since the epoch — readable by the page (not a secret)
   * so it refreshes the session before a request would meet a 401 (issue #31 item 24).
   */
  accessExpires: 'access_expires',
} as const;
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Issue #31 item 4: the query parameter the API adds to the destination when a person new
 * to Sauce comes back from Apple (`?signup=apple`): the web app then opens the sign-in
 * dialog at the terms step and completes the sign-up with POST /api/auth/apple/signup.
 */
export const SIGN_UP_MARKER = { param: 'signup', apple: 'apple' } as const;

/**
 * The header in which clients say which version of the API they were built for (SPEC §7:
 * "An Api-Version header is sent when configured"); the web app always sends it.
 */
export const API_VERSION_HEADER = 'api-version';
/** The API's version the clients of this build speak. Raise it with a change of the API clients must follow. */
export const API_VERSION = 1;
/**
 * The oldest `Api-Version` the API still serves. A request saying an older one is answered
 * 426 CLIENT_OUTDATED ('Please update the service', SPEC §8), and the web app asks to
 * reload. Raise it (to API_VERSION) when a change breaks the clients still open in browsers
 * or installed on phones; a request without the header is served.
 */
export const MIN_API_VERSION = 1;
