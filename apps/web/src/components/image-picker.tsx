import { ImagePlus } from 'lucide-react';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@sauce/contract/limits';
import { formatMegabytes } from '../lib/bytes.ts';
import { imageFileProblem } from '../lib/image-file.ts';
import { showToast } from '../state/app-store.ts';
import styles from './image-picker.module.css';

export interface ImagePickerProps {
  /** The accessible name of the picker, e.g. 'Space image'. */
  label: string;
  /** The image there is now (a URL), shown until a new file is chosen. */
  currentUrl?: string | null;
  /** Shown on the tile while there is no image (e.g. the space's initial). */
  fallback?: ReactNode;
  /** Called with a chosen file that passed the type and size checks. */
  onChange(file: File): void;
  disabled?: boolean;
  /** Bytes; LIMITS.avatarBytes (5.0MB) for profile and space images. */
  maxBytes?: number;
}

/**
 * An image chooser for profile and space images (SPEC §2 CreateWorkspace, §5): a tile with
 * the preview, a button that opens the file picker, and the whole row as a drop target.
 * A file that is not an image, or larger than `maxBytes`, is refused with a toast ('maximum
 * image upload size is 5.0MB', SPEC §8) and `onChange` is not called.
 */
export function ImagePicker({ label, currentUrl, fallback, onChange, disabled, maxBytes = LIMITS.avatarBytes }: ImagePickerProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const previewRef = useRef<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  // The last preview's object URL goes with the picker.
  useEffect(() => () => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
  }, []);

  const pick = (file: File | undefined) => {
    if (!file || disabled) return;
    const problem = imageFileProblem(file, maxBytes);
    if (problem) {
      showToast(t(`imageFile.${problem}`, { size: formatMegabytes(maxBytes) }), 'error');
      return;
    }
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    const url = URL.createObjectURL(file);
    previewRef.current = url;
    setPreview(url);
    onChange(file);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    pick(e.dataTransfer.files[0]);
  };
  const shown = preview ?? currentUrl ?? null;

  return (
    <>
      <button
        type="button"
        className={`${styles.picker} ${over ? styles.over : ''}`}
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-label={label}
        aria-describedby={hintId}
        onDragOver={(e) => {
          if (disabled) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span className={styles.tile}>
          {shown ? <img src={shown} alt="" className={styles.image} /> : <span className={styles.fallback}>{fallback}</span>}
          <span className={styles.badge} aria-hidden>
            <ImagePlus size={14} strokeWidth={1.75} />
          </span>
        </span>
        <span className={styles.text}>
          <span className={styles.choose} aria-hidden>
            {shown ? t('imageFile.change') : t('imageFile.choose')}
          </span>
          <span id={hintId} className={styles.hint}>
            {t('imageFile.hint', { size: formatMegabytes(maxBytes) })}
          </span>
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden
        aria-label={label}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
