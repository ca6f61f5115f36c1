import type { ProfileCount } from '@sauce/contract/account';
import type { User } from '@sauce/contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from '../../../lib/query-keys.ts';
import { profileQuery } from '../../../lib/session.ts';

/** GET /auth/profile/count: the figures of /mypage/profile (sources, spaces, tags). */
export const profileCountQuery = queryOptions({
  queryKey: accountKeys.count(),
  queryFn: () => api<ProfileCount>('/auth/profile/count'),
});

export function useProfileCount() {
  return useQuery(profileCountQuery);
}

/**
 * PATCH /auth/profile/image (multipart `image`), or DELETE with `null`: the profile image
 * (SPEC §5: at most 5.0MB, checked by the picker first).
 */
export function useProfileImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return api<User>('/auth/profile/image', { method: 'DELETE' });
      const form = new FormData();
      form.set('image', file);
      return api<User>('/auth/profile/image', { method: 'PATCH', body: form });
    },
    onSuccess: (user) => {
      qc.setQueryData(profileQuery.queryKey, user);
      void qc.invalidateQueries({ queryKey: ['sauces'] });
    },
  });
}
