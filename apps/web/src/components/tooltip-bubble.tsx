import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import styles from './tooltip.module.css';

export type TooltipSide = 'top' | 'bottom' | 'left' | 'right';

/**
 * The bubble of a {@link import('./tooltip.tsx').Tooltip}: placed on `side` of `anchor` (8 px
 * off), flipped to the other side when there is no room, kept 8 px inside the window, and
 * following the element while it moves. Its own chunk, loaded on the first tooltip shown.
 */
export function TooltipBubble({
  id,
  anchor,
  side,
  hidden,
  children,
}: {
  id: string;
  anchor: HTMLElement;
  side: TooltipSide;
  /** Not read by screen readers (the element's name says it already). */
  hidden: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    return autoUpdate(anchor, el, () => {
      void computePosition(anchor, el, {
        strategy: 'fixed',
        placement: side,
        middleware: [offset(8), flip(), shift({ padding: 8 })],
      }).then(({ x, y, placement }) => {
        Object.assign(el.style, { left: `${x}px`, top: `${y}px` });
        el.dataset.side = placement;
      });
    });
  }, [anchor, side]);
  return (
    <div ref={ref} id={id} role="tooltip" aria-hidden={hidden || undefined} className={styles.tooltip}>
      {children}
    </div>
  );
}
