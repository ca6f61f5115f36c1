import type { AppConfig } from '@sauce/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

/** GET /app/config: the feedback form, app-store and plugin links; null ones are not shown. */
export const appConfigQuery = queryOptions({
  queryKey: accountKeys.appConfig(),
  queryFn: () => api<AppConfig>('/app/config'),
  staleTime: Infinity,
});

/** The configured links; every one null while loading or when the call fails. */
export function useAppLinks(): AppConfig['links'] {
  const { data } = useQuery(appConfigQuery);
  return data?.links ?? { feedback: null, android: null, ios: null, plugin: null };
}
