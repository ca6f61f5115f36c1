import { useId } from 'react';
import { showToast } from '../../state/app-store.ts';
import styles from './image-palette.module.css';
import { useTranslation } from 'react-i18next';

/**
 * Issue #21 item 4: an image's palette as swatches, the largest share first; each is a
 * button that copies its hex value ('#rrggbb') to the clipboard and says so in a toast
 * (announced: the toaster is a live region). Nothing while the palette is unknown.
 */
export function ImagePalette({ colours, className }: { colours: readonly string[]; className?: string }) {
  const { t } = useTranslation('images');
  const id = useId();
  if (colours.length === 0) return null;
  const copy = async (hex: string) => {
    try {
      await navigator.clipboard.writeText(hex);
      showToast(t('palette.copied', { hex }));
    } catch {
      showToast(t('palette.copyFailed'), 'error');
    }
  };
  return (
    <section className={[styles.palette, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {t('palette.title')}
      </h2>
      <ul className={styles.swatches}>
        {colours.map((hex) => (
          <li key={hex}>
            <button type="button" className={styles.swatch} onClick={() => void copy(hex)} aria-label={t('palette.copy', { hex })} title={t('palette.copy', { hex })}>
              <span className={styles.colour} style={{ background: hex }} aria-hidden />
              <span className={styles.hex} aria-hidden>
                {hex}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
