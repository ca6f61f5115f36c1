import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

/** GET /auth/withdrawal: what leaving would delete, leave, and what stands in the way. */
export const withdrawalPreviewQuery = queryOptions({
  queryKey: accountKeys.withdrawal(),
  queryFn: () => call('GET /auth/withdrawal'),
  staleTime: 0,
});

export function useWithdrawalPreview(enabled: boolean) {
  return useQuery({ ...withdrawalPreviewQuery, enabled });
}

/**
 * POST /auth/withdrawal {reason} (SPEC §7): deletes the account. The caller clears the
 * session state afterwards.
 * @throws ApiError OWNS_SHARED_SPACES (409) while the person is a space's only owner.
 */
export function useWithdraw() {
  return useMutation({ mutationFn: (reason: number) => call('POST /auth/withdrawal', { body: { reason } }) });
}
