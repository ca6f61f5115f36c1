import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../state/app-store.ts';
import styles from './loading-overlay.module.css';

/** Delay before the overlay shows, so quick work never flashes it (ms). */
const SHOW_AFTER_MS = 300;

/** The loading overlay of SPEC §2 Dialogs, driven by the global `loading` flag. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const loading = useAppStore((s) => s.loading);
  const [shown, setShown] = useState(false);
  // Hide as soon as loading ends: adjusted while rendering from the previous value, not in an effect.
  const [prevLoading, setPrevLoading] = useState(loading);
  if (loading !== prevLoading) {
    setPrevLoading(loading);
    if (!loading) setShown(false);
  }
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!shown) return null;
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <div className={styles.bar} />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
