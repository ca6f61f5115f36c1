import type { UpdateProfile } from '@sauce/contract/account';
import type { User } from '@sauce/contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { call } from './call.ts';

/*
 * The session's person, shared by every feature (issue #19 item 4: features are siblings, so
 * what several of them read — the profile, and the one write several make to it — lives here).
 */

/**
 * The signed-in person, or null when signed out. Asks GET /auth/session, which answers 200
 * either way, so the signed-out probe on every page logs no failed request (issue #8); an
 * expired token is still refreshed by the API client first.
 */
export async function getProfile(): Promise<User | null> {
  try {
    return (await call('GET /auth/session')).user;
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

/**
 * PATCH /auth/profile (SPEC §2 EditUserInformation): nickname, job, marketing agreement,
 * tutorial flag. The cached profile takes the answer; cards and comments that show the
 * nickname are refetched.
 * @throws ApiError NICKNAME_EXISTS / NICKNAME_INVALID (400) for the nickname (SPEC §5).
 */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfile) => call('PATCH /auth/profile', { body }),
    onSuccess: (user, body) => {
      qc.setQueryData(profileQuery.queryKey, user);
      if (body.nickname !== undefined) void qc.invalidateQueries({ queryKey: ['sauces'] });
    },
  });
}
