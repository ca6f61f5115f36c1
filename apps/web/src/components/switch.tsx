import { type ReactNode, useId } from 'react';
import styles from './switch.module.css';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Visible label; clicking it toggles too. */
  label: ReactNode;
  /** A line under the label, linked as the switch's description. */
  description?: ReactNode;
  /** A change is being saved: the switch ignores presses but keeps focus (no `disabled`). */
  busy?: boolean;
  className?: string;
}

/**
 * An on/off switch (WAI-ARIA switch: a button with role="switch" and aria-checked), named
 * by its visible label. Space and Enter toggle it, like any button.
 */
export function Switch({ checked, onCheckedChange, label, description, busy, className }: SwitchProps) {
  const id = useId();
  return (
    <div className={[styles.row, className].filter(Boolean).join(' ')}>
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {description && (
          <span id={`${id}-description`} className={styles.description}>
            {description}
          </span>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
        className={styles.switch}
        onClick={() => {
          if (!busy) onCheckedChange(!checked);
        }}
      >
        <span className={styles.thumb} aria-hidden />
      </button>
    </div>
  );
}
