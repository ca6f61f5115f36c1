import { Loader2 } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Passed to the button element. */
  ref?: Ref<HTMLButtonElement>;
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'md' | 'small' | 'icon';
  /** Work started by this button is running: a spinner, disabled, aria-busy. */
  pending?: boolean;
}

/** The one button of the app: primary (accent), secondary, ghost, danger (destructive only). */
export function Button({ variant = 'secondary', size = 'md', className, type = 'button', pending, disabled, children, ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], size !== 'md' ? styles[size] : '', className].filter(Boolean);
  return (
    <button type={type} className={classes.join(' ')} disabled={disabled || pending} aria-busy={pending || undefined} {...rest}>
      {pending && <Loader2 size={16} strokeWidth={1.75} className={styles.spin} aria-hidden />}
      {children}
    </button>
  );
}
