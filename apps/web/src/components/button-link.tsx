import { Link, type LinkProps } from 'react-router';
import type { ButtonProps } from './button.tsx';
import styles from './button.module.css';

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/** A router link that looks like the app's Button (same variants and sizes). */
export function ButtonLink({ variant = 'secondary', size = 'md', className, ...rest }: ButtonLinkProps) {
  const classes = [styles.button, styles[variant], size !== 'md' ? styles[size] : '', className].filter(Boolean);
  return <Link className={classes.join(' ')} {...rest} />;
}
