import type { HTMLAttributes } from 'react';
import styles from './count-badge.module.css';

export interface CountBadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: 'neutral' | 'accent';
}

/** A small count pill; the caller formats the number (e.g. '999+'). */
export function CountBadge({ tone = 'neutral', className, ...props }: CountBadgeProps) {
  return <span className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')} {...props} />;
}
