import type { User } from '@sauce/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api.ts';

/** GET /auth/profile; null when signed out (401). */
export async function getProfile(): Promise<User | null> {
  try {
    return await api<User>('/auth/profile');
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
