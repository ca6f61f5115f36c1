import { useId } from 'react';
import { clampText, countChars } from '../../../lib/text-limit.ts';
import styles from './counted-field.module.css';

/**
 * A field of the editor sheet: its label (for screen readers), the input or textarea, and
 * the n/max counter under it. Input over `max` is cut off, line breaks not counted (SPEC §5);
 * a single-line field turns pasted line breaks into spaces.
 */
export function CountedField({
  label,
  value,
  onChange,
  max,
  multiline,
  className,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  multiline?: boolean;
  className?: string;
  placeholder: string;
}) {
  const id = useId();
  const Control = multiline ? 'textarea' : 'input';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Control
        id={id}
        className={className}
        value={value}
        placeholder={placeholder}
        aria-describedby={`${id}-count`}
        onChange={(e) => {
          const typed = e.currentTarget.value;
          onChange(clampText(multiline ? typed : typed.replace(/[\r\n]/g, ' '), max));
        }}
      />
      <span id={`${id}-count`} className={styles.counter}>
        {countChars(value).toLocaleString()}/{max.toLocaleString()}
      </span>
    </div>
  );
}
