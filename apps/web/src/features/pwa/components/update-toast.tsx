import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import styles from './update-toast.module.css';

/** How often an open page asks whether a new version was deployed, ms. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/sw.ts) once the page has loaded, and when a new build
 * is waiting says so with a toast whose button switches to it and reloads the page
 * (issue #11 item 9: updates announced, never a stale app). Stays until pressed.
 */
export function UpdateToast() {
  const { t } = useTranslation('pwa');
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {needRefresh && (
        <div className={styles.toast}>
          <span>{t('update.message')}</span>
          <button type="button" className={styles.action} onClick={() => switchTo(updateServiceWorker)}>
            {t('update.reload')}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Tells the waiting worker to take over, and reloads once it controls the page. The
 * plugin reloads by itself only when a worker already controlled the page at its first
 * load; a page opened before any worker was installed would otherwise stay as it is.
 */
function switchTo(updateServiceWorker: (reload?: boolean) => Promise<void>) {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  void updateServiceWorker(true);
}
