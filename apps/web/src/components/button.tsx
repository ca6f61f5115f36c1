import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'md' | 'small' | 'icon';
}

/** The one button of the app: primary (accent), secondary, ghost, danger (destructive only). */
export function Button({ variant = 'secondary', size = 'md', className, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], size !== 'md' ? styles[size] : '', className].filter(Boolean);
  return <button type={type} className={classes.join(' ')} {...rest} />;
}
