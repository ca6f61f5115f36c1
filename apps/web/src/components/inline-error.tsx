import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import styles from './inline-error.module.css';

export interface InlineErrorProps {
  message: string;
  /** Offers 'Try again' when given. */
  onRetry?(): void;
  /** The retry is running. */
  retrying?: boolean;
}

/** A failed load in place of its content: the message (announced) and a retry button. */
export function InlineError({ message, onRetry, retrying }: InlineErrorProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.error} role="alert">
      <TriangleAlert size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
      <span className={styles.text}>{message}</span>
      {onRetry && (
        <Button size="small" onClick={onRetry} pending={retrying}>
          {!retrying && <RefreshCw size={14} strokeWidth={1.75} aria-hidden />}
          {t('retry')}
        </Button>
      )}
    </div>
  );
}
