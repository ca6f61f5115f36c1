import type { CreateGrant, CreateToken } from '@sauce/contract/tokens';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

/** GET /auth/tokens (issue #20): the person's personal access tokens, without secrets. */
export const tokensQuery = queryOptions({
  queryKey: accountKeys.tokens(),
  queryFn: () => call('GET /auth/tokens'),
});

export function useTokens() {
  return useQuery(tokensQuery);
}

/** Refetches the token list after a change. */
function useRefreshTokens() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: accountKeys.tokens() });
}

/**
 * POST /auth/tokens {name, scope, expiresInDays?}: a new token; its secret is in the answer
 * only (shown once). @throws ApiError LIMIT_REACHED (422) at 50 tokens.
 */
export function useCreateToken() {
  const refreshTokens = useRefreshTokens();
  return useMutation({
    mutationFn: (input: CreateToken) => call('POST /auth/tokens', { body: input }),
    onSettled: refreshTokens,
  });
}

/** DELETE /auth/tokens/{id}: revokes a token at once. */
export function useRevokeToken() {
  const refreshTokens = useRefreshTokens();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /auth/tokens/:id', { params: { id } }),
    onSettled: refreshTokens,
  });
}

/**
 * POST /auth/tokens/grants {challenge, browser}: the signed-in person allows the browser
 * extension that showed `challenge`. Answers the grant's one-time code, which the page hands
 * only to the extension that opened it (api/extension-bridge.ts; issue #28 item 5).
 * @throws ApiError CONNECTION_USED (409) when the challenge was already allowed.
 */
export function useAllowExtension() {
  const refreshTokens = useRefreshTokens();
  return useMutation({
    mutationFn: (input: CreateGrant) => call('POST /auth/tokens/grants', { body: input }),
    onSettled: refreshTokens,
  });
}
