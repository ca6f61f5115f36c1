import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DialogHost } from '../components/dialogs/confirm.tsx';
import { Toaster } from '../components/toaster.tsx';
import { queryClient } from '../lib/query-client.ts';

/** Query client, the Alert/Confirm host and the toasts. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DialogHost />
      <Toaster />
    </QueryClientProvider>
  );
}
