import type { Tokens } from '@sauce/contract/auth';
import type { ErrorBody } from '@sauce/contract/common';
import { ApiError } from '../../../lib/api.ts';
import { call } from '../../../lib/call.ts';

/** POST /auth/dev/signin {email, nickname?}: development sign-in (when enabled). Sets the session cookies. */
export function devSignIn(body: { email: string; nickname?: string }) {
  return call('POST /auth/dev/signin', { body });
}

/**
 * GET /auth/google/user with `Authorization: Bearer <Google credential>` (SPEC §7 Auth):
 * signs an existing user in (session cookies set by the server).
 * @throws ApiError with code USER_NOT_EXIST (404) when the person has no account yet.
 */
export async function googleSignIn(credential: string): Promise<Tokens> {
  let res: Response;
  try {
    res = await fetch('/api/auth/google/user', {
      credentials: 'same-origin',
      headers: { authorization: `Bearer ${credential}` },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  const json = (await res.json().catch(() => null)) as { success: true; data: Tokens } | ErrorBody | null;
  if (res.ok && json?.success) return json.data;
  const err = json && !json.success ? json.error : { code: 'SYSTEM_ERROR', message: res.statusText };
  throw new ApiError(res.status, err.code, err.message);
}

/** POST /auth/google/user {token, agreeMarketing}: signs a new Google user up (SPEC §4 Sign-in). */
export function googleSignUp(token: string, agreeMarketing: boolean) {
  return call('POST /auth/google/user', { body: { token, agreeMarketing } });
}

/** Where Apple sign-in starts (SPEC §4): the server redirects to Apple and remembers `destination`. */
export function appleAuthorizeUrl(destination: string) {
  return `/api/auth/apple/authorize?destination=${encodeURIComponent(destination)}`;
}

/**
 * POST /auth/apple/signup {agreeMarketing} (issue #31 item 4): completes the sign-up of a
 * person new to Sauce whom Apple sent back with the marker, after the terms (SPEC §4 Terms).
 * The verified identity is in an HttpOnly cookie the server set; it sets the session cookies.
 * @throws ApiError UNAUTHENTICATED (401) when that cookie is missing or expired (10 minutes).
 */
export function appleSignUp(agreeMarketing: boolean) {
  return call('POST /auth/apple/signup', { body: { agreeMarketing } });
}

/** POST /auth/token/logout: revokes the refresh token and clears the session cookies. */
export function logout() {
  return call('POST /auth/token/logout');
}
