import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** The app's TanStack Query client: no retries on 4xx, short staleness. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
