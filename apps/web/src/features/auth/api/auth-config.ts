import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';

/** GET /auth/config: which sign-in providers this server has configured. */
export type { AuthConfig } from '@sauce/contract/auth';

export const authConfigQuery = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: () => call('GET /auth/config'),
  staleTime: Infinity,
});

/** The configured providers; undefined while loading. */
export function useAuthConfig(enabled = true) {
  return useQuery({ ...authConfigQuery, enabled });
}
