import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { ClientOnly } from '../components/client-only.tsx';
import { DialogHost } from '../components/dialogs/confirm.tsx';
import { Toaster } from '../components/toaster.tsx';
import { UpdateToast } from '../features/pwa/components/update-toast.tsx';
import { queryClient } from '../lib/query-client.ts';

/** Query client, the Alert/Confirm host and the toasts; `client` defaults to the browser's one. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <DialogHost />
      <Toaster />
    </QueryClientProvider>
  );
}

/**
 * The whole app around its router (`children`): the providers and the service worker's
 * update toast. The browser (main.tsx) and the server's renderer (entry-server.tsx) render
 * this same tree, so that hydration finds what the server wrote. The update toast registers
 * the service worker as it renders, so it exists in browsers only.
 */
export function App({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <StrictMode>
      <Providers client={client}>
        {children}
        <ClientOnly>
          <UpdateToast />
        </ClientOnly>
      </Providers>
    </StrictMode>
  );
}
