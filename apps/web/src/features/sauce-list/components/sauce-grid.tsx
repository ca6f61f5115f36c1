import type { Sauce } from '@sauce/contract/sauces';
import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { highlightPattern } from '../../../components/highlight.tsx';
import { SauceCard, SauceCardSkeleton } from './sauce-card.tsx';
import styles from './sauce-grid.module.css';

const SKELETONS = 8;
/** Cards whose pictures load at once: about the first two rows on a wide screen. */
const PRIORITY = 8;

export interface SauceGridProps {
  sauces: Sauce[] | undefined;
  /** True before the first page arrives: placeholders instead of cards. */
  loading: boolean;
  /** True while a new filter loads over the old cards. */
  refreshing?: boolean;
  /** Shown when the list is empty. */
  empty: ReactNode;
  onDelete?: (sauce: Sauce) => void;
  label: string;
  /** A search's words to mark in the cards (the list's `highlight`, issue #21). */
  highlight?: readonly string[];
  /** More sources after these (issue #24): the next page loads when the end scrolls into view, or on the button. */
  more?: { load: () => void; loading: boolean; label: string };
}

/**
 * The card grid (DESIGN.md Cards and images): a masonry of equal-width columns, so image
 * cards keep their image's shape. Cards stay in list order (newest first) for reading and
 * the keyboard, each placed in the first column with room, left to right. Skeleton cards
 * while loading; an empty state.
 */
export function SauceGrid({ sauces, loading, refreshing, empty, onDelete, label, highlight, more }: SauceGridProps) {
  const pattern = useMemo(() => highlightPattern(highlight ?? []), [highlight]);
  const gridRef = useRef<HTMLUListElement>(null);
  useMasonry(gridRef, loading ? null : sauces);
  if (loading) {
    return (
      <div className={styles.grid} aria-busy="true" aria-label={label}>
        {Array.from({ length: SKELETONS }, (_, i) => (
          <SauceCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (!sauces?.length) return <div className={styles.empty}>{empty}</div>;
  return (
    <div className={styles.container}>
      <ul
        ref={gridRef}
        className={`${styles.grid} ${styles.masonry} ${refreshing ? styles.refreshing : ''}`}
        aria-label={label}
        aria-busy={refreshing || undefined}
      >
        {sauces.map((sauce, i) => (
          <li key={sauce.id} className={styles.item}>
            <SauceCard sauce={sauce} onDelete={onDelete} priority={i < PRIORITY} highlight={pattern} marks={highlight} />
          </li>
        ))}
      </ul>
      {more && <MoreSauces {...more} />}
    </div>
  );
}

/**
 * The end of a list with more after it: loads the next page as it comes within a screen of
 * the viewport (IntersectionObserver), and is a button for the keyboard and for browsers
 * that do not scroll it into view.
 */
function MoreSauces({ load, loading, label }: NonNullable<SauceGridProps['more']>) {
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: '100% 0px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <button ref={ref} type="button" className={styles.more} onClick={load} disabled={loading} aria-busy={loading || undefined}>
      {label}
    </button>
  );
}

/**
 * Masonry on CSS grid: the grid has short implicit rows (--masonry-row) and no row gap, and
 * each item spans as many rows as its card is tall plus the gap; the card takes the few
 * pixels left over (--fill, at the bottom of the card), so every gap is exactly the gap.
 * Heights are measured right after React renders, before the browser paints (a card's
 * height is known before its picture loads: the box is reserved), and again by a
 * ResizeObserver when a card changes size (fonts, window width), so nothing shows out of place.
 */
function useMasonry(grid: RefObject<HTMLElement | null>, items: unknown) {
  useLayoutEffect(() => {
    const el = grid.current;
    if (!el) return;
    const apply = (sizes: { item: HTMLElement; height: number }[]) => {
      const style = getComputedStyle(el);
      // Unset when the container is one column wide: a plain list then.
      const row = parseFloat(style.getPropertyValue('--masonry-row'));
      const gap = parseFloat(style.columnGap) || 0;
      for (const { item, height } of sizes) {
        const filled = row > 0 ? Number(item.dataset.fill) || 0 : 0;
        const natural = height - filled;
        const span = row > 0 ? Math.max(1, Math.ceil((natural + gap) / row)) : 1;
        const fill = row > 0 ? Math.max(0, span * row - gap - natural) : 0;
        item.style.setProperty('--span', String(span));
        item.style.setProperty('--fill', `${fill}px`);
        item.dataset.fill = String(fill);
      }
    };
    const children = [...el.children] as HTMLElement[];
    // All reads, then all writes: one layout. Heights don't depend on the spans.
    apply(children.map((item) => ({ item, height: item.getBoundingClientRect().height })));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) =>
      apply(
        entries.map((e) => ({
          item: e.target as HTMLElement,
          height: e.borderBoxSize?.[0]?.blockSize ?? e.target.getBoundingClientRect().height,
        })),
      ),
    );
    children.forEach((item) => observer.observe(item));
    return () => observer.disconnect();
  }, [grid, items]);
}
