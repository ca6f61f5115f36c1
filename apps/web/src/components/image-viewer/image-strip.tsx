import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentBadge, type ImageStripProps, Thumb, UploadBar } from './image-strip-parts.tsx';
import styles from './image-strip.module.css';

export type { ImageStripProps } from './image-strip-parts.tsx';

// Issue #11 item 2: dragging (@hello-pangea/dnd) is for the editor; a shared page's viewer
// never loads it. The read-only strip stands in while it loads.
const EditableImageStrip = lazy(async () => ({ default: (await import('./editable-image-strip.tsx')).EditableImageStrip }));

/**
 * The images of a source in order, as thumbnails: choose one to show large. In edit mode
 * each shows its upload (a bar, or why it failed), can be removed, and the list reorders by
 * dragging with the mouse, a touch long-press or the keyboard (@hello-pangea/dnd: Space
 * lifts, arrows move, Space drops, Escape cancels); an add tile follows while there is room.
 */
export function ImageStrip(props: ImageStripProps) {
  const { images, selected, editable, onSelect, className } = props;
  const { t } = useTranslation('images');
  const descPrefix = useId();

  if (!editable) {
    return (
      <ol className={[styles.strip, className].filter(Boolean).join(' ')} aria-label={t('strip.label')}>
        {images.map((img, index) => (
          <li key={img.key} className={styles.tile}>
            <button
              type="button"
              className={`${styles.thumb} ${img.key === selected ? styles.selected : ''}`}
              aria-label={t('strip.image', { n: index + 1 })}
              aria-pressed={img.key === selected}
              aria-describedby={img.comments.length ? `${descPrefix}-${img.key}` : undefined}
              style={{ backgroundColor: img.color ?? undefined }}
              onClick={() => onSelect(img.key)}
            >
              <Thumb img={img} />
              {img.comments.length > 0 && <CommentBadge count={img.comments.length} />}
            </button>
            {/* The stand-in for the editable strip while it loads: uploads show here too. */}
            <UploadBar img={img} n={index + 1} />
            {img.comments.length > 0 && (
              <span id={`${descPrefix}-${img.key}`} className="visually-hidden">
                {t('strip.comments', { count: img.comments.length })}
              </span>
            )}
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Suspense fallback={<ImageStrip {...props} editable={false} />}>
      <EditableImageStrip {...props} />
    </Suspense>
  );
}
