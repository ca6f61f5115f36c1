import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useClientOutdated } from '../../../lib/client-outdated.ts';
import styles from './update-toast.module.css';

/** How often an open page asks whether a new version was deployed, ms. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/sw.ts) once the page has loaded, and when a new build
 * is waiting says so with a toast whose button switches to it and reloads the page
 * (issue #11 item 9: updates announced, never a stale app). Stays until pressed. When the
 * API said this page's build is older than it serves (426 CLIENT_OUTDATED), the toast says
 * SPEC §8's 'Please update the service' instead, and its button reloads in any case.
 */
export function UpdateToast() {
  const { t } = useTranslation('pwa');
  const outdated = useClientOutdated();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
  // Pages are fetched from the network first (sw.ts), so a reload runs the server's build.
  const reload = () => (needRefresh ? switchTo(updateServiceWorker) : window.location.reload());
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {(needRefresh || outdated) && (
        <div className={styles.toast}>
          <span>{outdated ? t('outdated.message') : t('update.message')}</span>
          <button type="button" className={styles.action} onClick={reload}>
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
