import { type InputHTMLAttributes, type Ref, useId } from 'react';
import { clampText, countChars } from '../lib/text-limit.ts';
import styles from './text-field.module.css';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'maxLength' | 'size'> {
  /** Passed to the input element. */
  ref?: Ref<HTMLInputElement>;
  label: string;
  /** Hide the label visually (it still names the input). */
  hideLabel?: boolean;
  value: string;
  /** The text kept (cut at `maxLength`); the field shows what its `value` is after the change. */
  onChange: (value: string) => void;
  /** Counted characters (line breaks excluded); input over it is cut off (SPEC §5). */
  maxLength?: number;
  /** Inline error, announced and linked to the input. */
  error?: string | null;
}

/**
 * A labelled single-line input with a live `n/max` counter. Input over `maxLength` is
 * truncated, counting excludes line breaks (SPEC §5).
 */
export function TextField({ label, hideLabel, value, onChange, maxLength, error, id, className, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const counterId = `${inputId}-counter`;
  const errorId = `${inputId}-error`;
  const describedBy = [maxLength ? counterId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={`${styles.box} ${error ? styles.invalid : ''}`}>
        <input
          id={inputId}
          className={styles.input}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(maxLength ? clampText(e.currentTarget.value, maxLength) : e.currentTarget.value)}
          {...rest}
        />
        {maxLength !== undefined && (
          <span id={counterId} className={styles.counter} aria-live="polite">
            {countChars(value)}/{maxLength}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
