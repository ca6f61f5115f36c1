import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { UpdateToast } from './features/pwa/components/update-toast.tsx';
import { initI18n } from './i18n/index.ts';
import './styles/global.css';

initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
      <UpdateToast />
    </Providers>
  </StrictMode>,
);
