import type { ReactNode } from 'react';
import { BackLink } from '../../../components/sauce/sauce-toolbar.tsx';
import styles from './sauce-load-notice.module.css';

export interface SauceLoadNoticeProps {
  title?: string;
  text: string;
  /** Beside the way back (a retry). */
  action?: ReactNode;
  backLabel: string;
  className?: string;
}

/** Instead of a source's page (not allowed, not found, not loaded): what happened, an optional action, and the way back. */
export function SauceLoadNotice({ title, text, action, backLabel, className }: SauceLoadNoticeProps) {
  return (
    <div className={className ? `${styles.notice} ${className}` : styles.notice} role="alert">
      {title && <h1 className={styles.title}>{title}</h1>}
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>
        {action}
        <BackLink label={backLabel} />
      </div>
    </div>
  );
}
