import { LIMITS } from '@sauce/contract/limits';
import { Hash, Star } from 'lucide-react';
import { useDeferredValue, useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipList, TagChip } from '../../../components/chip.tsx';
import { showToast } from '../../../state/app-store.ts';
import { useCreateTag, useTags } from '../api/tags.ts';
import { addTag, sanitizeTagInput } from '../lib/tag-rules.ts';
import styles from './tag-input.module.css';
import { keepValue } from '../../../lib/kept-value.ts';

export interface TagInputProps {
  /** Selected tags, lowercase, in order. */
  value: string[];
  onChange: (tags: string[]) => void;
  /** Visible label; defaults to 'Tags'. */
  label?: string;
  disabled?: boolean;
}

type Notice = 'limit' | 'length' | 'invalid' | null;
const MAX_SUGGESTIONS = 8;

/**
 * Tag input (SPEC §5): at most 5 tags per source (warning at the limit), 15 characters per
 * tag (limit message), only Korean letters, English letters and digits (other characters
 * are removed with a message), stored lowercase. Enter creates (POST /archive/tag) and
 * selects; Backspace on an empty input removes the last tag; suggestions come from
 * GET /archive/tag/list?search= as an ARIA combobox (arrows, Enter, Escape).
 */
export function TagInput({ value, onChange, label, disabled }: TagInputProps) {
  const { t } = useTranslation('tags');
  const id = useId();
  const [input, setInput] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useDeferredValue(input);
  const createTag = useCreateTag();
  const atLimit = value.length >= LIMITS.tagsPerSauce;
  const { data: tags } = useTags(search, open && !atLimit && !disabled);
  const suggestions = (tags ?? []).filter((tag) => !value.includes(tag.name)).slice(0, MAX_SUGGESTIONS);
  const expanded = open && !atLimit && suggestions.length > 0;
  const listId = `${id}-list`;
  const noticeId = `${id}-notice`;
  const shownNotice: Notice = atLimit ? 'limit' : notice;

  const select = (name: string) => {
    const result = addTag(value, name);
    if (!result.ok) {
      if (result.reason === 'limit') setNotice('limit');
      else if (result.reason === 'invalid') setNotice('invalid');
      else if (result.reason === 'duplicate') setInput('');
      return;
    }
    onChange(result.tags);
    setInput('');
    setActive(-1);
    setNotice(null);
    createTag.mutate(result.name, { onError: () => showToast(t('createFailed'), 'error') });
  };

  const update = (field: HTMLInputElement, composing: boolean) => {
    // Cleaning during IME composition would break Korean syllables; clean when it ends.
    if (composing) {
      setInput(field.value);
      return;
    }
    const clean = sanitizeTagInput(field.value);
    setInput(keepValue(field, clean.value));
    setNotice(clean.invalid ? 'invalid' : clean.truncated || clean.value.length >= LIMITS.tagLength ? 'length' : null);
    setActive(-1);
    setOpen(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      const picked = expanded && active >= 0 ? suggestions[active]?.name : undefined;
      select(picked ?? sanitizeTagInput(input).value);
    } else if (e.key === 'Backspace' && input === '' && value.length > 0) {
      e.preventDefault();
      onChange(value.slice(0, -1));
      setNotice(null);
    } else if (e.key === 'ArrowDown' && suggestions.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length > 0) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  const remove = (name: string) => {
    onChange(value.filter((tag) => tag !== name));
    setNotice(null);
  };

  return (
    <div className={styles.root}>
      <label className={styles.label} htmlFor={`${id}-input`}>
        {label ?? t('label')}
        <span className={styles.count} aria-hidden>
          {value.length}/{LIMITS.tagsPerSauce}
        </span>
      </label>
      <div className={styles.combo}>
      <div className={`${styles.field} ${disabled ? styles.disabled : ''}`}>
        {value.length > 0 && (
          <ChipList aria-label={t('selected')}>
            {value.map((name) => (
              <TagChip
                key={name}
                name={name}
                className={styles.chip}
                removeLabel={t('remove', { name })}
                onRemove={() => remove(name)}
                disabled={disabled}
              />
            ))}
          </ChipList>
        )}
        <input
          id={`${id}-input`}
          className={styles.input}
          value={input}
          disabled={disabled}
          placeholder={atLimit ? '' : t('placeholder')}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={noticeId}
          aria-invalid={shownNotice === 'invalid' || undefined}
          autoComplete="off"
          enterKeyHint="done"
          onChange={(e: ChangeEvent<HTMLInputElement>) =>
            update(e.currentTarget, (e.nativeEvent as InputEvent).isComposing === true)
          }
          onCompositionEnd={(e) => update(e.currentTarget, false)}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
      </div>
      {expanded && (
        <ul id={listId} role="listbox" aria-label={t('suggestions')} className={styles.listbox}>
          {suggestions.map((tag, i) => (
            <li
              key={tag.name}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`${styles.option} ${i === active ? styles.active : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => select(tag.name)}
            >
              <Hash size={14} strokeWidth={1.75} aria-hidden />
              {tag.name}
              {/* Favorites come first (GET /archive/tag/list orders them), marked with a star. */}
              {tag.favorite && <Star size={12} strokeWidth={1.75} aria-hidden className={styles.star} />}
            </li>
          ))}
        </ul>
      )}
      </div>
      <p id={noticeId} className={`${styles.notice} ${shownNotice ? styles.warn : ''}`} aria-live="polite">
        {shownNotice === 'limit' && t('limitCount', { max: LIMITS.tagsPerSauce })}
        {shownNotice === 'length' && t('limitLength', { max: LIMITS.tagLength })}
        {shownNotice === 'invalid' && t('invalidChars')}
        {!shownNotice && t('hint')}
      </p>
    </div>
  );
}
