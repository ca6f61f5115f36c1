// Zod-free, so the web app's first chunk can use these without the schema library (issue #11 item 2).

/** Cookie and header names of the session (SPEC §3 Session state). */
export const COOKIES = {
  access: 'access_token',
  refresh: 'refresh_token',
  workspace: 'workspace_id',
  csrf: 'csrf_token',
  appleDestination: 'apple_destination',
} as const;
export const CSRF_HEADER = 'x-csrf-token';
