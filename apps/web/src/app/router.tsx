import { createBrowserRouter, Navigate } from 'react-router';
import { Layout } from './layout.tsx';

/**
 * SPEC §2 Routes. Pages that need sign-in are wrapped by the layout's guard, which
 * opens the sign-in modal when signed out (article, intro and shared pages are public).
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'dashboard', lazy: async () => ({ Component: (await import('../routes/dashboard/dashboard-page.tsx')).DashboardPage }) },
      { path: 'archive', lazy: async () => ({ Component: (await import('../routes/archive/archive-page.tsx')).ArchivePage }) },
      { path: 'archive/text', lazy: async () => ({ Component: (await import('../routes/archive/archive-text-page.tsx')).ArchiveTextPage }) },
      { path: '*', lazy: async () => ({ Component: (await import('../routes/not-found-page.tsx')).NotFoundPage }) },
    ],
  },
]);
