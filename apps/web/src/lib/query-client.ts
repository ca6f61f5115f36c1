import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** A TanStack Query client as the app configures it: no retries on 4xx, short staleness (ms). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The browser's one query client (a page rendered on the server has its own, entry-server.tsx). */
export const queryClient = createQueryClient();

/**
 * Forgets everything of the session that ended (logout, withdrawal; SPEC §4 Logout): the
 * profile becomes null first, so that every mounted `useProfile` (the header's avatar and
 * 'Create source', the layout's guard) sees the person signed out at once, then every other
 * query goes. (`clear()` alone removes the queries under the mounted observers, which keep
 * showing the old profile until something else re-renders them, as on a public page.)
 */
export function forgetSession(client: QueryClient = queryClient) {
  client.setQueryData(['profile'], null);
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'profile' });
}
