import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DialogHost } from '../components/dialogs/confirm.tsx';

/**
 * Renders `ui` at `url` in a memory router (with a '/dashboard' page that says 'Dashboard',
 * unless `path` is '/dashboard'),
 * a fresh query client without retries, and the Alert/Confirm host. Returns the client and
 * the router (its `state.location` is where the app went).
 */
export function renderWithApp(ui: ReactNode, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    // `path` '/dashboard' renders `ui` there instead of the placeholder.
    [...(path === '/dashboard' ? [] : [{ path: '/dashboard', element: <h1>Dashboard</h1> }]), { path, element: ui }],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { qc, router, ...result };
}

/** A promise the test settles by hand, to look at the state before the answer. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
