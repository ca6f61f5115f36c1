// The image strip's props and tiles, shared by the read-only strip (image-strip.tsx) and the
// editable one it loads lazily (editable-image-strip.tsx): here, so neither imports the other
// back (issue #19 item 4: no import loops).
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageSauceImage } from '../../lib/sauces/image-sauce/state.ts';
import { isImageSrc } from '../../lib/sauces/format.ts';
import styles from './image-strip.module.css';

export interface ImageStripProps {
  images: ImageSauceImage[];
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

const thumbOf = (img: ImageSauceImage) => {
  const src = img.preview ?? img.thumbnailUrl ?? img.url;
  return src && (src.startsWith('blob:') || isImageSrc(src)) ? src : null;
};

/** A tile's picture; a file the browser cannot show (or an expired URL) leaves the tile's colour. */
export function Thumb({ img }: { img: ImageSauceImage }) {
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

/**
 * The upload bar of image `n` (1-based) while it uploads, then while the server processes
 * it (a full, pulsing bar); nothing once it is ready or failed.
 */
export function UploadBar({ img, n }: { img: ImageSauceImage; n: number }) {
  const { t } = useTranslation('images');
  if (img.status !== 'uploading') return null;
  return (
    <span
      className={styles.progress}
      role="progressbar"
      aria-label={t('upload.progressLabel', { n })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(img.progress * 100)}
    >
      <span className={`${styles.progressBar} ${img.progress >= 1 ? styles.processing : ''}`} style={{ transform: `scaleX(${img.progress})` }} />
    </span>
  );
}
