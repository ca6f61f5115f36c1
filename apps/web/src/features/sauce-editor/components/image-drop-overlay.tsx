import { LIMITS } from '@sauce/contract/limits';
import { ImagePlus, Upload } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { formatByteLimit } from '../../../components/image-viewer/image-messages.ts';
import styles from './image-drop-overlay.module.css';

/** True when a drag carries files (not text or a link dragged inside the page). */
const carriesFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');

/**
 * Files dragged anywhere over the page: a full-window overlay says they can be dropped
 * (and how many more fit), and dropping hands them to `onFiles`. Everything else dragged
 * (text, links, thumbnails being reordered) is left alone.
 */
export function ImageDropOverlay({ onFiles, left }: { onFiles: (files: File[]) => void; left: number }) {
  const { t } = useTranslation('images');
  const [over, setOver] = useState(false);
  const drop = useEffectEvent((files: File[]) => onFiles(files));

  useEffect(() => {
    // dragenter/dragleave fire for every element crossed: count them to know when it left the window.
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth += 1;
      setOver(true);
    };
    const move = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const done = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length > 0) drop(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', move);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', done);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', move);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', done);
    };
  }, []);

  if (!over) return null;
  return (
    <div className={styles.overlay} aria-hidden>
      <div className={`${styles.card} ${left === 0 ? styles.full : ''}`}>
        <Upload size={28} strokeWidth={1.75} />
        <p className={styles.title}>{t('add.overlay')}</p>
        <p className={styles.text}>
          {left > 0 ? t('add.overlayLeft', { count: left }) : t('add.overlayFull', { max: LIMITS.imagesPerSauce })}
        </p>
      </div>
    </div>
  );
}

/** The shortcut for pasting on this device: ⌘V on Apple devices, Ctrl+V elsewhere. */
export function pasteShortcut(): string {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
  return /mac|iphone|ipad|ios/i.test(platform) ? '⌘V' : 'Ctrl+V';
}

/**
 * Where images go while a new source has none: a large drop area that says the three ways
 * in (drag, paste, choose) and the limits, with the button that opens the file picker.
 */
export function ImageDropArea({ onChoose }: { onChoose: () => void }) {
  const { t, i18n } = useTranslation('images');
  return (
    <div className={styles.area}>
      <span className={styles.areaIcon} aria-hidden>
        <ImagePlus size={28} strokeWidth={1.75} />
      </span>
      <h2 className={styles.areaTitle}>{t('add.emptyTitle')}</h2>
      <p className={styles.areaText}>{t('add.emptyHint', { shortcut: pasteShortcut() })}</p>
      <Button variant="primary" onClick={onChoose}>
        <ImagePlus size={16} strokeWidth={1.75} aria-hidden />
        {t('add.choose')}
      </Button>
      <p className={styles.areaLimits}>
        {t('add.limits', { max: LIMITS.imagesPerSauce, size: formatByteLimit(t, LIMITS.imageBytes, i18n.language) })}
      </p>
    </div>
  );
}
