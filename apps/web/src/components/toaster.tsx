import { useAppStore } from '../state/app-store.ts';
import styles from './toaster.module.css';

/** Toasts at the bottom centre, announced to screen readers (DESIGN.md); 2 s each (SPEC §9). */
export function Toaster() {
  const toasts = useAppStore((s) => s.toasts);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`${styles.toast} ${t.kind === 'error' ? styles.error : ''}`}>
          {t.message}
        </div>
      ))}
    </div>
  );
}
