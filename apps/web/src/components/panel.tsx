import type { ReactNode } from 'react';
import { useId } from 'react';
import styles from './panel.module.css';

export interface PanelProps {
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Buttons at the end of the title row. */
  actions?: ReactNode;
  /** 'danger' frames destructive settings (DESIGN.md: red only for danger). */
  tone?: 'default' | 'danger';
  children?: ReactNode;
}

/** A titled section of a settings page: a bordered card, its heading (h2) labelling it. */
export function Panel({ title, description, actions, tone = 'default', children }: PanelProps) {
  const id = useId();
  return (
    <section className={`${styles.panel} ${tone === 'danger' ? styles.danger : ''}`} aria-labelledby={id}>
      <div className={styles.head}>
        <div className={styles.headText}>
          <h2 id={id} className={styles.title}>
            {title}
          </h2>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}
