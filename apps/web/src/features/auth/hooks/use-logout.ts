import i18n from 'i18next';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { forgetSession } from '../../../lib/query-client.ts';
import { showToast, useAppStore } from '../../../state/app-store.ts';
import { logout } from '../api/sign-in.ts';

/**
 * Logout (SPEC §2 Header, §4 Logout): asks first, then revokes the session, clears the
 * query cache and the global state, and goes to /article unless the page is public.
 * Returns `start(isPublicPage)`.
 */
export function useLogout() {
  const navigate = useNavigate();
  return async (isPublicPage: boolean) => {
    const ok = await confirmDialog({
      title: i18n.t('auth:logout.title'),
      description: i18n.t('auth:logout.description'),
      confirmText: i18n.t('auth:logout.confirm'),
    });
    if (!ok) return;
    await logout().catch(() => undefined); // the cookies are cleared either way below
    useAppStore.getState().reset();
    if (!isPublicPage) await navigate('/article');
    forgetSession();
    showToast(i18n.t('auth:logout.done'));
  };
}
