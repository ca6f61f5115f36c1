import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import styles from './search-field.module.css';

const DEBOUNCE_MS = 300;

export interface SearchFieldProps {
  /** The search as the URL has it. */
  value: string;
  /** Called with the typed text after typing pauses (300 ms), at once on Enter or clear. */
  onChange(value: string): void;
  /** Longest input, characters. */
  maxLength: number;
  placeholder: string;
  /** Accessible name of the input. */
  label: string;
  /** Accessible name of the clear button. */
  clearLabel: string;
  /** The form's layout in its page. */
  className?: string;
}

/**
 * A page's search box (dashboard, articles): sends after typing pauses, at once on Enter,
 * not while a Korean syllable is being composed; follows `value` when it changes elsewhere
 * (a clicked tag, the back button, the header tabs), never back to a value it sent itself
 * while the person kept typing.
 */
export function SearchField({ value, onChange, maxLength, placeholder, label, clearLabel, className }: SearchFieldProps) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const composing = useRef(false);
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setDraft(value);
    }
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    setSent(next.trim());
    onChange(next);
  };
  const schedule = (next: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(next), DEBOUNCE_MS);
  };

  return (
    <form
      role="search"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        send(draft);
      }}
    >
      <Search size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
      <input
        type="search"
        className={styles.input}
        value={draft}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-label={label}
        enterKeyHint="search"
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={(e) => {
          composing.current = false;
          schedule(e.currentTarget.value);
        }}
        onChange={(e) => {
          setDraft(e.target.value);
          if (!composing.current) schedule(e.target.value);
        }}
      />
      {draft && (
        <button
          type="button"
          className={styles.clear}
          aria-label={clearLabel}
          onClick={() => {
            setDraft('');
            send('');
          }}
        >
          <X size={14} strokeWidth={1.75} aria-hidden />
        </button>
      )}
    </form>
  );
}
