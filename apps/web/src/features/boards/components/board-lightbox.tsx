import * as RadixDialog from '@radix-ui/react-dialog';
import type { Sauce } from '@sauce/contract/sauces';
import { BookmarkPlus, ChevronLeft, ChevronRight, MapPin, MapPinOff, X } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { Button } from '../../../components/button.tsx';
import { ImageViewer } from '../../../components/image-viewer/image-viewer.tsx';
import { sauceName } from '../../../lib/sauces/format.ts';
import { useSauceStore } from '../../../lib/sauces/use-image-sauce.ts';
import { imagesOf } from './board-card.tsx';
import styles from './board-lightbox.module.css';

/** Where the viewer is: a source of the board and one of its images (its client key, `s{id}`). */
export interface ViewerPosition {
  sauceId: number;
  imageKey: string;
}

export interface BoardLightboxProps {
  /** The board's image sources with images, in order. */
  sauces: Sauce[];
  at: ViewerPosition;
  onMove: (to: ViewerPosition) => void;
  onClose: () => void;
  /** Signed in: 'Save to Sauce' for the source shown. */
  onSave?: (sauce: Sauce) => void;
}

/** How far a finger must travel sideways, px, for a swipe to the next or previous image. */
const SWIPE_PX = 48;

/**
 * A board's image viewer (issue #32): the shared source's own viewer (components/image-viewer:
 * the image large with its numbered pins, the comments beside it, the source's other images
 * under it) over the whole page. ← and → (and the bar's arrows) go through every image of the
 * board in order, from one source to the next; a swipe does the same on a touch screen; the
 * pins can be hidden to see the image bare; Escape closes it and gives focus back.
 */
export function BoardLightbox({ sauces, at, onMove, onClose, onSave }: BoardLightboxProps) {
  const { t } = useTranslation('boards');
  const [pinsShown, setPinsShown] = useState(true);
  const flat = sauces.flatMap((s) => imagesOf(s).map((img) => ({ sauceId: s.id, imageKey: `s${img.id}` })));
  const index = flat.findIndex((p) => p.sauceId === at.sauceId && p.imageKey === at.imageKey);
  const sauce = sauces.find((s) => s.id === at.sauceId);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  // What opened the viewer (an image's tile) gets the focus back when it closes: the dialog has no trigger of its own.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  if (!sauce || index < 0) return null;
  const title = sauceName(sauce) || t('sauces:untitled');

  const go = (step: number) => {
    const next = flat[index + step];
    if (next) onMove(next);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      go(e.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  const onPointerDown = (e: PointerEvent) => {
    swipe.current = e.pointerType === 'mouse' ? null : { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.lightbox}
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (opener?.isConnected) opener.focus({ preventScroll: true });
          }}
        >
          <header className={styles.bar}>
            <div className={styles.heading}>
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              <span className={styles.position} aria-live="polite">
                {t('viewer.position', { n: index + 1, total: flat.length })}
              </span>
            </div>
            <div className={styles.actions}>
              <Button size="icon" variant="ghost" onClick={() => go(-1)} disabled={index === 0} aria-label={t('viewer.previous')} aria-keyshortcuts="ArrowLeft">
                <ChevronLeft size={20} strokeWidth={1.75} aria-hidden />
              </Button>
              <Button size="icon" variant="ghost" onClick={() => go(1)} disabled={index === flat.length - 1} aria-label={t('viewer.next')} aria-keyshortcuts="ArrowRight">
                <ChevronRight size={20} strokeWidth={1.75} aria-hidden />
              </Button>
              <span className={styles.divider} aria-hidden />
              <Button
                size="small"
                variant="ghost"
                onClick={() => setPinsShown((s) => !s)}
                aria-label={t(pinsShown ? 'viewer.hidePins' : 'viewer.showPins')}
              >
                {pinsShown ? <MapPinOff size={16} strokeWidth={1.75} aria-hidden /> : <MapPin size={16} strokeWidth={1.75} aria-hidden />}
                <span className={styles.label}>{t(pinsShown ? 'viewer.hidePins' : 'viewer.showPins')}</span>
              </Button>
              {onSave && (
                <Button size="small" variant="ghost" onClick={() => onSave(sauce)} aria-label={t('saveLabel', { title })}>
                  <BookmarkPlus size={16} strokeWidth={1.75} aria-hidden />
                  <span className={styles.label}>{t('save')}</span>
                </Button>
              )}
              <RadixDialog.Close asChild>
                <Button size="icon" variant="ghost" aria-label={t('viewer.close')}>
                  <X size={20} strokeWidth={1.75} aria-hidden />
                </Button>
              </RadixDialog.Close>
            </div>
          </header>
          <div className={styles.stage} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipe.current = null)}>
            <SauceImages
              key={sauce.id}
              sauce={sauce}
              imageKey={at.imageKey}
              pinsHidden={!pinsShown}
              onSelect={(imageKey) => onMove({ sauceId: sauce.id, imageKey })}
            />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * One source's images in the image viewer, showing `imageKey`; a thumbnail chosen in the
 * viewer's strip is reported by `onSelect`, so the position follows it.
 */
function SauceImages({ sauce, imageKey, pinsHidden, onSelect }: { sauce: Sauce; imageKey: string; pinsHidden: boolean; onSelect: (key: string) => void }) {
  const store = useSauceStore(sauce);
  const selected = useStore(store, (s) => s.selectedImage);
  useEffect(() => {
    if (store.getState().selectedImage !== imageKey) store.getState().dispatch({ type: 'selectImage', key: imageKey });
  }, [imageKey, store]);
  useEffect(() => {
    // Read from the store, not the render: the effect above may just have moved it.
    const now = store.getState().selectedImage;
    if (now && now !== imageKey) onSelect(now);
    // Only when the viewer's own selection changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);
  return <ImageViewer store={store} pinsHidden={pinsHidden} />;
}
