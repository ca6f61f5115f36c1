import type { AppConfig } from '@sauce/contract/account';
import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from '../../../lib/plan.ts';

/** The configured links (GET /app/config, lib/plan.ts); every one null while loading or when the call fails. */
export function useAppLinks(): AppConfig['links'] {
  const { data } = useQuery(appConfigQuery);
  return data?.links ?? { feedback: null, android: null, ios: null, plugin: null };
}
