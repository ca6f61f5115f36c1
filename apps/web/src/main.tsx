import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { UpdateToast } from './features/pwa/components/update-toast.tsx';
import { loadI18n } from './i18n/index.ts';
import './styles/global.css';

// The router starts loading the page's chunk as it is created (imported above); the
// language's translations load meanwhile, and the app renders once they are here.
void loadI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <UpdateToast />
      </Providers>
    </StrictMode>,
  ),
);
