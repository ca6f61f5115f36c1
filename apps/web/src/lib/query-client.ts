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
