import { Copy, ScanText } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { Highlight, highlightPattern } from '../highlight.tsx';
import { showToast } from '../../state/app-store.ts';
import type { ImageSauceImage } from '../../lib/sauces/image-sauce/state.ts';
import styles from './image-text.module.css';

/**
 * Issue #33: 'Text in image' — the words read in a saved image, in reading order, a line as
 * the image had it, selectable and copied whole by its button (the toaster says so). `marks`
 * (a search's words, when the source was opened from a result found in this image) are
 * marked. An image that could not be read says so; nothing while it is being read, or when it
 * holds no words.
 */
export function ImageText({ image, marks }: { image: Pick<ImageSauceImage, 'text' | 'textStatus'>; marks?: readonly string[] }) {
  const { t } = useTranslation('images');
  const id = useId();
  const pattern = useMemo(() => highlightPattern(marks ?? []), [marks]);
  if (image.textStatus !== 'done' && image.textStatus !== 'failed') return null;
  const text = image.text ?? '';
  if (image.textStatus === 'done' && !text) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(t('text.copied'));
    } catch {
      showToast(t('text.copyFailed'), 'error');
    }
  };
  return (
    <div className={styles.section}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          <ScanText size={14} strokeWidth={1.75} aria-hidden />
          {t('text.title')}
        </h2>
        {image.textStatus === 'done' && (
          <Button size="small" variant="ghost" onClick={() => void copy()}>
            <Copy size={14} strokeWidth={1.75} aria-hidden />
            {t('text.copy')}
          </Button>
        )}
      </div>
      {image.textStatus === 'done' ? (
        // The words, named by the heading; they scroll inside when long, and from the keyboard too (focusable).
        <div className={styles.text} tabIndex={0} role="region" aria-labelledby={id}>
          <Highlight text={text} pattern={pattern} />
        </div>
      ) : (
        <p className={styles.failed}>{t('text.failed')}</p>
      )}
    </div>
  );
}
