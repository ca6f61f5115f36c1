import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
  /** Heading level of the title: 1 when it is the page's main heading. */
  level?: 1 | 2;
}

/** A centred empty / coming-soon / notice state. */
export function EmptyState({ icon, title, description, actions, level = 1 }: EmptyStateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.empty}>
      {icon && (
        <div className={styles.icon} aria-hidden>
          {icon}
        </div>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
