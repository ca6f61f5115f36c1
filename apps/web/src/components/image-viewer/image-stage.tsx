import { LIMITS } from '@sauce/contract/limits';
import { AlertCircle } from 'lucide-react';
import { type CSSProperties, type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImageSauceImage, commentNumbers } from '../../lib/sauces/image-sauce/state.ts';
import { isImageSrc } from '../../lib/sauces/format.ts';
import { ImageCommentComposer } from './image-comment-composer.tsx';
import { uploadProblemMessage } from './image-messages.ts';
import styles from './image-stage.module.css';

/** A point on the image, relative to its width and height (0 to 1). */
export interface RelativePoint {
  x: number;
  y: number;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** Where a click lands on `rect`, relative to its size (0–1 each way), whatever size it is shown at. */
export function relativePoint(rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>, clientX: number, clientY: number): RelativePoint {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0.5, y: 0.5 };
  return { x: clamp01((clientX - rect.left) / rect.width), y: clamp01((clientY - rect.top) / rect.height) };
}

/** CSS position of a relative point in its box: percentages, so it stays put at any size. */
export const pointStyle = (p: RelativePoint): CSSProperties => ({ left: `${p.x * 100}%`, top: `${p.y * 100}%` });

/** Keyboard marker steps: 2% of the image, 10% with Shift. */
const STEP = 0.02;
const BIG_STEP = 0.1;

export interface ImageStageProps {
  image: ImageSauceImage;
  /** 0-based position of the image, and how many there are (for names: 'Image 2 of 3'). */
  index: number;
  total: number;
  /** Edit mode: clicking (or Enter on) the image places a new comment. */
  editable: boolean;
  /** False at 10 comments on this image: nothing more can be placed. */
  canAdd: boolean;
  /** The pins are not drawn (view mode: the viewer's pins toggle). */
  pinsHidden?: boolean;
  selectedComment: string | null;
  /** The comment hovered or focused here or in the list (highlights its pin). */
  hovered: string | null;
  onHover: (key: string | null) => void;
  onSelectComment: (key: string | null) => void;
  onAddComment: (point: RelativePoint, message: string) => void;
  /** The image failed to load (a signed URL that expired). */
  onImageError?: () => void;
  /** The preview's pixel size, once known, for an image the server has not measured yet. */
  onMeasured?: (width: number, height: number) => void;
}

/**
 * The selected image, large, with its comments as numbered pins at their relative (x, y)
 * (DESIGN.md Image comments): the pins are placed in percentages of the image box, so they
 * stay on the same spot at every size and zoom. The box keeps the image's aspect ratio and
 * shows its dominant colour until it loads, so nothing moves.
 *
 * In edit mode the image is a button: a click places a pending pin there and opens the
 * composer (Enter saves, Escape cancels). By keyboard, the arrow keys move a marker
 * (Shift: bigger steps) and Enter or Space places the pin at the marker.
 */
export function ImageStage({
  image,
  index,
  total,
  editable,
  canAdd,
  pinsHidden = false,
  selectedComment,
  hovered,
  onHover,
  onSelectComment,
  onAddComment,
  onImageError,
  onMeasured,
}: ImageStageProps) {
  const { t, i18n } = useTranslation('images');
  const hintId = useId();
  const surfaceRef = useRef<HTMLButtonElement>(null);
  const pinRefs = useRef(new Map<string, HTMLButtonElement>());
  const [pending, setPending] = useState<RelativePoint | null>(null);
  const [marker, setMarker] = useState<RelativePoint>({ x: 0.5, y: 0.5 });
  const [markerShown, setMarkerShown] = useState(false);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  const rawSrc = image.preview ?? image.url;
  const src = rawSrc && (rawSrc.startsWith('blob:') || isImageSrc(rawSrc)) ? rawSrc : null;
  const loaded = !!src && loadedSrc === src;
  // Issue #11 item 3: the card-size thumbnail (which a shared page's head preloads) shows
  // first; the display-size image is fetched once it is in, so it never competes with the
  // first paint on a slow line, and fades in over it.
  const thumb = !image.preview && image.thumbnailUrl && isImageSrc(image.thumbnailUrl) ? image.thumbnailUrl : null;
  const [thumbSettled, setThumbSettled] = useState<string | null>(null);
  const alt = editable ? '' : t('stage.image', { n: index + 1, total });
  const width = image.width ?? 4;
  const height = image.height ?? 3;
  const numbers = commentNumbers(image);
  const topLevel = image.comments.filter((c) => c.parent === null);
  const nextNumber = topLevel.length + 1;
  const parentOf = (key: string | null) => {
    if (!key) return null;
    const c = image.comments.find((other) => other.key === key);
    return c ? (c.parent ?? c.key) : null;
  };
  const activePin = parentOf(hovered);
  const selectedPin = parentOf(selectedComment);

  // A comment chosen in the list brings its pin into view (phones: the list is below).
  useEffect(() => {
    if (selectedPin) pinRefs.current.get(selectedPin)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selectedPin]);

  const closeComposer = () => {
    setPending(null);
    surfaceRef.current?.focus({ preventScroll: true });
  };

  const place = (e: MouseEvent<HTMLButtonElement>) => {
    if (!canAdd) return;
    // detail 0: Enter or Space, not a pointer: place at the keyboard marker.
    if (e.detail === 0) {
      setPending(marker);
      setMarkerShown(true);
      return;
    }
    const point = relativePoint(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY);
    setPending(point);
    setMarker(point);
    setMarkerShown(false);
  };

  const onSurfaceKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setMarkerShown(true);
      setMarker((m) => ({ x: clamp01(m.x + move[0]), y: clamp01(m.y + move[1]) }));
    } else if (e.key === 'Escape' && pending) {
      e.preventDefault();
      setPending(null);
    }
  };

  const stageStyle = {
    '--ratio': width / height,
    aspectRatio: `${width} / ${height}`,
    backgroundColor: image.color ?? undefined,
  } as CSSProperties;

  const picture = src && failedSrc !== src && (
    <>
      {thumb && (
        <img
          key={thumb}
          className={`${styles.image} ${styles.loaded}`}
          src={thumb}
          alt={alt}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          draggable={false}
          referrerPolicy="no-referrer"
          onLoad={() => setThumbSettled(thumb)}
          onError={() => setThumbSettled(thumb)}
        />
      )}
      {(!thumb || thumbSettled === thumb) && (
        <img
          key={src}
          className={`${styles.image} ${loaded ? styles.loaded : ''}`}
          src={src}
          alt={thumb ? '' : alt}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          decoding="async"
          draggable={false}
          referrerPolicy="no-referrer"
          onLoad={(e) => {
            setLoadedSrc(src);
            if (!image.width || !image.height) onMeasured?.(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight);
          }}
          onError={() => {
            setFailedSrc(src);
            onImageError?.();
          }}
        />
      )}
    </>
  );

  const composerBelow = (pending?.y ?? 0) < 0.6;

  return (
    <div className={styles.stage} style={stageStyle} data-loaded={loaded || undefined}>
      {editable ? (
        <button
          ref={surfaceRef}
          type="button"
          className={`${styles.surface} ${canAdd ? '' : styles.full}`}
          aria-label={t('stage.addComment', { n: index + 1 })}
          aria-describedby={hintId}
          aria-disabled={!canAdd || undefined}
          onClick={place}
          onKeyDown={onSurfaceKeyDown}
          onPointerDown={() => setMarkerShown(false)}
        >
          {picture}
          {canAdd && markerShown && <span className={styles.marker} style={pointStyle(marker)} aria-hidden />}
        </button>
      ) : (
        picture
      )}
      {editable && (
        <span id={hintId} className="visually-hidden">
          {canAdd ? t('stage.addHint') : t('stage.full', { max: LIMITS.commentsPerImage })}
        </span>
      )}
      {src && failedSrc === src && image.status === 'ready' && (
        <p className={styles.loadFailed}>
          <AlertCircle size={16} strokeWidth={1.75} aria-hidden />
          {t('stage.loadFailed')}
        </p>
      )}

      {topLevel.length > 0 && !pinsHidden && (
        <ol className={styles.pins} aria-label={t('comments.title')}>
          {topLevel.map((c) => {
            const n = numbers.get(c.key)!;
            const active = activePin === c.key;
            const selected = selectedPin === c.key;
            return (
              <li key={c.key} className={styles.pinSpot} style={pointStyle(c)}>
                <button
                  ref={(el) => {
                    if (el) pinRefs.current.set(c.key, el);
                    else pinRefs.current.delete(c.key);
                  }}
                  type="button"
                  className={`${styles.pin} ${active ? styles.active : ''} ${selected ? styles.selected : ''}`}
                  aria-label={t('comments.pin', { n })}
                  aria-pressed={selected}
                  data-highlighted={active || undefined}
                  // The message, as its description: the numbered list beside the image
                  // shows it (hovering the pin highlights it), so no tooltip repeats it.
                  aria-description={c.message}
                  onClick={() => onSelectComment(selected ? null : c.key)}
                  onMouseEnter={() => onHover(c.key)}
                  onMouseLeave={() => onHover(null)}
                  onFocus={() => onHover(c.key)}
                  onBlur={() => onHover(null)}
                >
                  {n}
                </button>
              </li>
            );
          })}
        </ol>
      )}

      {pending && (
        <>
          <span className={`${styles.pinSpot} ${styles.pendingSpot}`} style={pointStyle(pending)} aria-hidden>
            <span className={`${styles.pin} ${styles.pending}`}>{nextNumber}</span>
          </span>
          <ImageCommentComposer
            variant="floating"
            className={styles.composer}
            style={{
              left: `clamp(var(--space-2), calc(${pending.x * 100}% - 40px), calc(100% - min(300px, 100cqw - 16px) - var(--space-2)))`,
              ...(composerBelow
                ? { top: `calc(${pending.y * 100}% + 22px)` }
                : { bottom: `calc(${(1 - pending.y) * 100}% + 22px)` }),
            }}
            label={t('composer.label', { n: nextNumber })}
            placeholder={t('composer.placeholder')}
            submitText={t('composer.add')}
            onCancel={closeComposer}
            onSubmit={(message) => {
              onAddComment(pending, message);
              closeComposer();
            }}
          />
        </>
      )}

      {image.status === 'uploading' && (
        <div className={styles.uploading} aria-hidden>
          <span className={styles.uploadingText}>
            {image.progress >= 1 ? t('upload.processing') : t('stage.uploading', { percent: Math.round(image.progress * 100) })}
          </span>
          <span className={styles.uploadingTrack}>
            <span
              className={`${styles.uploadingBar} ${image.progress >= 1 ? styles.processing : ''}`}
              style={{ transform: `scaleX(${image.progress})` }}
            />
          </span>
        </div>
      )}
      {image.status === 'failed' && image.problem && (
        <div className={styles.failed}>
          <AlertCircle size={20} strokeWidth={1.75} aria-hidden />
          <p className={styles.failedTitle}>{t('upload.failed')}</p>
          <p className={styles.failedText}>{uploadProblemMessage(t, image.problem, i18n.language)}</p>
        </div>
      )}
    </div>
  );
}
