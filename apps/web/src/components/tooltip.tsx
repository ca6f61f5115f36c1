import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  type ReactElement,
  Suspense,
  useEffect,
  useId,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import type { TooltipSide } from './tooltip-bubble.tsx';

/** SPEC §9: a tooltip shows after the pointer has rested this long on its element, ms. */
export const TOOLTIP_DELAY_MS = 100;
/** Moving on to another tooltip's element within this long shows it at once, ms. */
const SKIP_DELAY_MS = 300;

let bubble: Promise<typeof import('./tooltip-bubble.tsx')> | null = null;
/** The bubble and its positioning (@floating-ui/dom) load once, on the first hover or focus. */
const loadBubble = () => (bubble ??= import('./tooltip-bubble.tsx'));
const TooltipBubble = lazy(async () => ({ default: (await loadBubble()).TooltipBubble }));

/** When the last tooltip closed (ms since the epoch), for {@link SKIP_DELAY_MS}. */
let lastClosedAt = 0;

/** A tooltip's timer: shows its element's tooltip after the delay, or at once; hides it. */
class Timing {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private shown = false;
  constructor(private readonly setAnchor: (el: HTMLElement | null) => void) {}
  /** The pointer rests on `el`: after the delay, or at once right after another tooltip. */
  rest(el: HTMLElement) {
    this.start(el, Date.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS);
  }
  /** At once (keyboard focus). */
  show(el: HTMLElement) {
    this.start(el, 0);
  }
  hide() {
    this.cancel();
    if (this.shown) lastClosedAt = Date.now();
    this.shown = false;
    this.setAnchor(null);
  }
  cancel() {
    clearTimeout(this.timer);
  }
  private start(el: HTMLElement, delay: number) {
    this.cancel();
    void loadBubble();
    const open = () => {
      this.shown = true;
      this.setAnchor(el);
    };
    if (delay <= 0) open();
    else this.timer = setTimeout(open, delay);
  }
}

/** The handlers and description a tooltip adds to its element; the element's own run first. */
interface TriggerProps {
  onPointerEnter?(e: PointerEvent<HTMLElement>): void;
  onPointerLeave?(e: PointerEvent<HTMLElement>): void;
  onPointerDown?(e: PointerEvent<HTMLElement>): void;
  onFocus?(e: FocusEvent<HTMLElement>): void;
  onBlur?(e: FocusEvent<HTMLElement>): void;
  onKeyDown?(e: KeyboardEvent<HTMLElement>): void;
  'aria-describedby'?: string;
}

export interface TooltipProps {
  /** The text shown. */
  content: string;
  /** One element (a button, a link, a span…) that takes the handlers as props. */
  children: ReactElement<TriggerProps>;
  /** Where the tooltip goes when there is room; default 'top'. */
  side?: TooltipSide;
  /**
   * The element's accessible name does not already say it: while shown, the tooltip is its
   * description (aria-describedby). Otherwise it is only seen, not read twice.
   */
  describes?: boolean;
}

/**
 * A tooltip (SPEC §9: after 100 ms), instead of the browser's `title`, which waits about a
 * second and cannot be styled. Shown when the pointer rests on the element (not on touch,
 * where a tap is the action), or at once when it gets keyboard focus; hidden when the
 * pointer leaves, focus goes, the element is pressed, or on Escape. The element itself is
 * rendered as it is, with handlers added (nothing wraps it, so it never remounts); the
 * bubble is in a portal, positioned by @floating-ui/dom, and loaded on first use.
 */
export function Tooltip({ content, children, side = 'top', describes = false }: TooltipProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [timing] = useState(() => new Timing(setAnchor));
  const id = useId();
  const own = children.props;
  useEffect(() => () => timing.cancel(), [timing]);

  const trigger = cloneElement(children, {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(e);
      if (e.pointerType !== 'touch' && content) timing.rest(e.currentTarget);
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(e);
      timing.hide();
    },
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(e);
      timing.hide();
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      own.onFocus?.(e);
      // Keyboard focus only: a click's focus would show it under the pointer that pressed.
      if (content && e.currentTarget.matches(':focus-visible')) timing.show(e.currentTarget);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      own.onBlur?.(e);
      timing.hide();
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(e);
      if (e.key === 'Escape' && anchor) timing.hide();
    },
    'aria-describedby': [own['aria-describedby'], describes && anchor ? id : undefined].filter(Boolean).join(' ') || undefined,
  });

  return (
    <>
      {trigger}
      {anchor &&
        createPortal(
          <Suspense fallback={null}>
            <TooltipBubble id={id} anchor={anchor} side={side} hidden={!describes}>
              {content}
            </TooltipBubble>
          </Suspense>,
          document.body,
        )}
    </>
  );
}
