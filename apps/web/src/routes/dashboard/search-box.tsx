import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dashboard-page.module.css';

const DEBOUNCE_MS = 300;
const MAX_SEARCH = 200;

/**
 * Title search of the dashboard: updates ?search after typing pauses (300 ms) or at once
 * on Enter; follows the URL when it changes elsewhere (back button, header tabs).
 */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('dashboard');
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const composing = useRef(false);
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);

  // Follow the URL when it changed elsewhere (back button, tabs), never back to a value
  // this box sent while the person kept typing.
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
      className={styles.search}
      onSubmit={(e) => {
        e.preventDefault();
        send(draft);
      }}
    >
      <Search size={16} strokeWidth={1.75} aria-hidden className={styles.searchIcon} />
      <input
        type="search"
        className={styles.searchInput}
        value={draft}
        maxLength={MAX_SEARCH}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
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
          className={styles.searchClear}
          aria-label={t('search.clear')}
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
