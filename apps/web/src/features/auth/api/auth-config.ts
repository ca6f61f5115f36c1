import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfig } from '@sauce/contract/auth';
import { api } from '../../../lib/api.ts';

/** GET /auth/config: which sign-in providers this server has configured. */
export type { AuthConfig } from '@sauce/contract/auth';

export const authConfigQuery = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: () => api<AuthConfig>('/auth/config'),
  staleTime: Infinity,
});

/** The configured providers; undefined while loading. */
export function useAuthConfig(enabled = true) {
  return useQuery({ ...authConfigQuery, enabled });
}
