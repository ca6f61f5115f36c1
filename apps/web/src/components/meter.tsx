import type { CSSProperties, ReactNode } from 'react';
import { useId } from 'react';
import styles from './meter.module.css';

export interface MeterProps {
  label: string;
  value: number;
  /** The limit; null when there is none (an installation's plan may lift it): the bar stays empty. */
  max: number | null;
  /** What the value means in words ('3 of 5'); read out instead of the bare number. */
  valueText: string;
  /** Shown under the bar (a breakdown, a hint). */
  detail?: ReactNode;
}

/**
 * A labelled usage bar (WAI-ARIA meter: value, min 0, max, value text), for how much of a
 * plan's limit is used. The bar turns the accent colour when the limit is reached.
 */
export function Meter({ label, value, max, valueText, detail }: MeterProps) {
  const id = useId();
  const ratio = max !== null && max > 0 ? Math.min(1, value / max) : 0;
  const full = max !== null && max > 0 && value >= max;
  return (
    <div className={styles.meter}>
      <div className={styles.top}>
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        <span className={styles.value} aria-hidden>
          {valueText}
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={max ?? undefined}
        aria-valuenow={value}
        aria-valuetext={valueText}
        className={`${styles.track} ${full ? styles.full : ''}`}
        style={{ '--meter-fill': ratio } as CSSProperties}
      >
        <span className={styles.fill} />
      </div>
      {detail && <div className={styles.detail}>{detail}</div>}
    </div>
  );
}
