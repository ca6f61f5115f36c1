import { MessageSquare } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveImage } from '../hooks/use-image-archive.ts';
import { isImageSrc } from '../lib/format.ts';
import styles from './image-strip.module.css';

// Issue #11 item 2: dragging (@hello-pangea/dnd) is for the editor; a shared page's viewer
// never loads it. The read-only strip stands in while it loads.
const EditableImageStrip = lazy(async () => ({ default: (await import('./editable-image-strip.tsx')).EditableImageStrip }));

export interface ImageStripProps {
  images: ArchiveImage[];
  selected: string | null;
  /** Edit mode: drag to reorder, remove, add. */
  editable: boolean;
  onSelect: (key: string) => void;
  onMove?: (from: number, to: number) => void;
  onRemove?: (key: string) => void;
  /** Opens the file picker; the add tile shows while there is room. */
  onAdd?: () => void;
  className?: string;
}

const thumbOf = (img: ArchiveImage) => {
  const src = img.preview ?? img.thumbnailUrl ?? img.url;
  return src && (src.startsWith('blob:') || isImageSrc(src)) ? src : null;
};

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

/** A tile's picture; a file the browser cannot show (or an expired URL) leaves the tile's colour. */
export function Thumb({ img }: { img: ArchiveImage }) {
  const src = thumbOf(img);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return null;
  return (
    <img
      onError={() => setFailedSrc(src)}
      className={`${styles.image} ${img.status === 'uploading' ? styles.dim : ''}`}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      referrerPolicy="no-referrer"
    />
  );
}

/** The number of comments on a tile. */
export function CommentBadge({ count }: { count: number }) {
  return (
    <span className={styles.badge} aria-hidden>
      <MessageSquare size={10} strokeWidth={2.25} />
      {count}
    </span>
  );
}
