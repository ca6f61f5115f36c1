import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { accountKeys } from '../../../lib/query-keys.ts';
import { profileQuery } from '../../../lib/session.ts';

/** GET /auth/profile/count: the figures of /mypage/profile (sources, spaces, tags). */
export const profileCountQuery = queryOptions({
  queryKey: accountKeys.count(),
  queryFn: () => call('GET /auth/profile/count'),
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
      if (!file) return call('DELETE /auth/profile/image');
      const form = new FormData();
      form.set('image', file);
      return call('PATCH /auth/profile/image', { body: form });
    },
    onSuccess: (user) => {
      qc.setQueryData(profileQuery.queryKey, user);
      void qc.invalidateQueries({ queryKey: ['sauces'] });
    },
  });
}
