import type { User } from '@sauce/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api.ts';

/**
 * The signed-in person, or null when signed out. Asks GET /auth/session, which answers 200
 * either way, so the signed-out probe on every page logs no failed request (issue #8); an
 * expired token is still refreshed by the API client first.
 */
export async function getProfile(): Promise<User | null> {
  try {
    return (await api<{ user: User | null }>('/auth/session')).user;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export const profileQuery = queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 5 * 60_000 });

/** The signed-in user, null when signed out, undefined while loading. */
export function useProfile() {
  return useQuery(profileQuery);
}
