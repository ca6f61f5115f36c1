import { ARTICLE_LIMITS } from '@sauce/contract/categories';
import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './article-search.module.css';

const DEBOUNCE_MS = 300;

/**
 * Search of the article page (by title or tag): sends after typing pauses (300 ms), at once
 * on Enter, not while a Korean syllable is being composed; follows the URL when it changes
 * elsewhere (a clicked tag, the back button).
 */
export function ArticleSearch({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation('articles');
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const composing = useRef(false);
  if (value !== seen) {
    setSeen(value);
    if (value.trim() !== draft.trim()) setDraft(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const send = (next: string) => {
    clearTimeout(timer.current);
    onChange(next.trim());
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
      <Search size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
      <input
        type="search"
        className={styles.input}
        value={draft}
        maxLength={ARTICLE_LIMITS.searchLength}
        placeholder={t('page.searchPlaceholder')}
        aria-label={t('page.searchLabel')}
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
          aria-label={t('page.searchClear')}
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
