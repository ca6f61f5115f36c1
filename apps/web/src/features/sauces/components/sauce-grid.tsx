import type { Sauce } from '@sauce/contract/sauces';
import type { ReactNode } from 'react';
import { SauceCard, SauceCardSkeleton } from './sauce-card.tsx';
import styles from './sauce-grid.module.css';

const SKELETONS = 8;

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
}

/** The card grid: auto-filled columns; skeleton cards while loading; an empty state. */
export function SauceGrid({ sauces, loading, refreshing, empty, onDelete, label }: SauceGridProps) {
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
    <ul className={`${styles.grid} ${refreshing ? styles.refreshing : ''}`} aria-label={label} aria-busy={refreshing || undefined}>
      {sauces.map((sauce) => (
        <li key={sauce.id} className={styles.item}>
          <SauceCard sauce={sauce} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}
