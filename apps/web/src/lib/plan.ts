import { BETA_PLAN, type Plan } from '@sauce/contract/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call.ts';
import { queryClient } from './query-client.ts';
import { accountKeys } from './query-keys.ts';

/*
 * The installation's configuration and plan, read by the shell, the folders, the spaces and
 * the limit notices alike (issue #19 item 4: shared by several features, so it lives in lib/).
 */

/** GET /app/config: the installation's plan and the feedback form, app-store and plugin links. */
export const appConfigQuery = queryOptions({
  queryKey: accountKeys.appConfig(),
  queryFn: () => call('GET /app/config'),
  staleTime: Infinity,
});

/**
 * The installation's plan (issue #22: the plan is the operator's, config PLAN_*; null
 * limits are unlimited): SPEC §9's beta plan while the configuration loads or when it
 * cannot be read.
 */
export function usePlan(): Plan {
  const { data } = useQuery(appConfigQuery);
  return data?.plan ?? BETA_PLAN;
}

/** {@link usePlan} outside components (notices shown from error handlers): the loaded plan, else the beta plan. */
export const currentPlan = (): Plan => queryClient.getQueryData(appConfigQuery.queryKey)?.plan ?? BETA_PLAN;

/** Whether `plan` is SPEC §9's beta plan (then the UI calls it that). */
export const isBetaPlan = (plan: Plan) => (Object.keys(BETA_PLAN) as (keyof Plan)[]).every((k) => plan[k] === BETA_PLAN[k]);
