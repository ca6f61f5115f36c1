import { z } from 'zod';
import { zProfileCount, zUpdateProfile, zWithdrawal, zWithdrawalPreview } from '../account.ts';
import {
  zApplePendingSignUp,
  zAppleSignIn,
  zAppleUser,
  zAuthConfig,
  zDevSignIn,
  zGoogleSignUp,
  zRefreshBody,
  zSession,
  zTokens,
  zUser,
} from '../auth.ts';
import { ok, zId } from '../common.ts';
import type { EndpointTable } from '../endpoints.ts';
import { zCreatedToken, zCreateGrant, zCreateToken, zExchangeGrant, zGrant, zPersonalToken } from '../tokens.ts';

/** Longest destination an Apple sign-in returns to, characters (a same-origin path). */
export const MAX_DESTINATION_LENGTH = 2048;

/** The answer of every sign-in (SPEC §7 Auth): `{ success, data: { accessToken, refreshToken } }`. */
const zSignInResponse = ok(zTokens);

/**
 * SPEC §7 Auth: the auth routes' part of the endpoint table (../endpoints.ts) — sign-in
 * (development, Google, Apple under /api; Apple's form post to /auth/apple/callback is
 * outside /api and not here), tokens, session and profile, withdrawal, and personal access
 * tokens with the browser extension's connection (issue #20).
 */
export const authEndpoints = {
  'POST /auth/dev/signin': { operationId: 'devSignIn', body: zDevSignIn, answer: zSignInResponse },
  'GET /auth/config': { operationId: 'getAuthConfig', answer: ok(zAuthConfig) },
  'POST /auth/token/refresh': { operationId: 'refreshToken', body: zRefreshBody.nullish(), answer: zSignInResponse },
  'POST /auth/token/logout': { operationId: 'logout', body: zRefreshBody.nullish(), answer: ok(z.null()) },
  'GET /auth/profile': { operationId: 'getProfile', answer: ok(zUser) },
  'GET /auth/google/user': { operationId: 'googleSignIn', answer: zSignInResponse },
  'POST /auth/google/user': { operationId: 'googleSignUp', body: zGoogleSignUp, answer: zSignInResponse },
  'GET /auth/apple/authorize': {
    operationId: 'appleAuthorize',
    query: z.object({ destination: z.string().max(MAX_DESTINATION_LENGTH).optional() }),
  },
  'POST /auth/apple/user': { operationId: 'appleSignUp', body: zAppleUser, answer: zSignInResponse },
  'POST /auth/apple/signin': { operationId: 'appleSignIn', body: zAppleSignIn, answer: zSignInResponse },
  'POST /auth/apple/signup': { operationId: 'appleCompleteSignUp', body: zApplePendingSignUp, answer: zSignInResponse },
  'POST /auth/tokens': { operationId: 'createToken', body: zCreateToken, answer: ok(zCreatedToken) },
  'GET /auth/tokens': { operationId: 'listTokens', answer: ok(z.array(zPersonalToken)) },
  'DELETE /auth/tokens/:id': { operationId: 'revokeToken', params: z.object({ id: zId }), answer: ok(z.null()) },
  'POST /auth/tokens/grants': { operationId: 'allowExtension', body: zCreateGrant, answer: ok(zGrant) },
  'POST /auth/tokens/exchange': { operationId: 'exchangeExtensionGrant', body: zExchangeGrant, answer: ok(zCreatedToken) },
  'GET /auth/session': { operationId: 'getSession', answer: ok(zSession) },
  'PATCH /auth/profile': { operationId: 'updateProfile', body: zUpdateProfile, answer: ok(zUser) },
  'PATCH /auth/profile/image': { operationId: 'setProfileImage', form: true, answer: ok(zUser) },
  'DELETE /auth/profile/image': { operationId: 'deleteProfileImage', answer: ok(zUser) },
  'GET /auth/profile/count': { operationId: 'getProfileCounts', answer: ok(zProfileCount) },
  'GET /auth/withdrawal': { operationId: 'getWithdrawal', answer: ok(zWithdrawalPreview) },
  'POST /auth/withdrawal': { operationId: 'withdraw', body: zWithdrawal, answer: ok(z.null()) },
} as const satisfies EndpointTable;
