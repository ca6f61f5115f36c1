import { LIMITS } from '@sauce/contract/limits';
import { Hash, Plus, Sparkles, Star } from 'lucide-react';
import { useDeferredValue, useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipList, TagChip } from '../../../components/chip.tsx';
import { type SuggestFor, useTagSuggestions } from '../api/suggest.ts';
import { useTags } from '../api/tags.ts';
import { addTag, sanitizeTagInput } from '../lib/tag-rules.ts';
import styles from './tag-input.module.css';

export interface TagInputProps {
  /** Selected tags, lowercase, in order. */
  value: string[];
  onChange: (tags: string[]) => void;
  /** Visible label; defaults to 'Tags'. */
  label?: string;
  disabled?: boolean;
  /**
   * Issue #21 item 6: offer tags as chips under the input — the space's most used, and
   * words of the source's link page and text. None is added without a click.
   */
  suggest?: SuggestFor;
}

type Notice = 'limit' | 'length' | 'invalid' | null;
const MAX_SUGGESTIONS = 8;

/**
 * Tag input (SPEC §5): at most 5 tags per source (warning at the limit), 15 characters per
 * tag (limit message), only Korean letters, English letters and digits (other characters
 * are removed with a message), stored lowercase. Enter creates and selects the tag (SPEC
 * §5): it is kept with the source's form and made on the server by the source's save
 * (`tagSet`), so an abandoned editor leaves no tag behind (issue #19 item 8); Backspace on an empty input removes the last tag; suggestions come from
 * GET /archive/tag/list?search= as an ARIA combobox (arrows, Enter, Escape).
 */
export function TagInput({ value, onChange, label, disabled, suggest }: TagInputProps) {
  const { t } = useTranslation('tags');
  const id = useId();
  const [input, setInput] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useDeferredValue(input);
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
  };

  const update = (field: HTMLInputElement, composing: boolean) => {
    // Cleaning during IME composition would break Korean syllables; clean when it ends.
    if (composing) {
      setInput(field.value);
      return;
    }
    const clean = sanitizeTagInput(field.value);
    setInput(clean.value);
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
      {suggest && !disabled && !atLimit && <SuggestedTags on={suggest} typed={input} selected={value} onPick={select} />}
      <p id={noticeId} className={`${styles.notice} ${shownNotice ? styles.warn : ''}`} aria-live="polite">
        {shownNotice === 'limit' && t('limitCount', { max: LIMITS.tagsPerSauce })}
        {shownNotice === 'length' && t('limitLength', { max: LIMITS.tagLength })}
        {shownNotice === 'invalid' && t('invalidChars')}
        {!shownNotice && t('hint')}
      </p>
    </div>
  );
}

/** Chips to show at once per kind. */
const MAX_CHIPS = 6;

/**
 * Issue #21 item 6: suggested tags as buttons under the tag input — 'In this space' (most
 * used, then matching what is typed) and 'From this source' (its link page and text, offline
 * keywords or the configured LLM). A click adds the tag; nothing is added otherwise.
 */
function SuggestedTags({ on, typed, selected, onPick }: { on: SuggestFor; typed: string; selected: string[]; onPick: (name: string) => void }) {
  const { t } = useTranslation('tags');
  const { data } = useTagSuggestions(on, typed, true);
  const space = (data?.space ?? []).filter((n) => !selected.includes(n)).slice(0, MAX_CHIPS);
  const fromText = (data?.fromText ?? []).filter((n) => !selected.includes(n) && !space.includes(n)).slice(0, MAX_CHIPS);
  if (!space.length && !fromText.length) return null;
  const group = (kind: 'space' | 'text', names: string[]) =>
    names.length > 0 && (
      <div className={styles.suggestGroup} role="group" aria-label={t(kind === 'space' ? 'suggest.space' : 'suggest.text')}>
        <span className={styles.suggestLabel} aria-hidden>
          {kind === 'text' && <Sparkles size={12} strokeWidth={1.75} />}
          {t(kind === 'space' ? 'suggest.space' : 'suggest.text')}
        </span>
        {names.map((name) => (
          <button
            key={name}
            type="button"
            className={styles.suggestChip}
            aria-label={t('suggest.add', { name })}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(name)}
          >
            <Plus size={12} strokeWidth={2} aria-hidden />
            {name}
          </button>
        ))}
      </div>
    );
  return (
    <div className={styles.suggest} data-testid="tag-suggestions">
      {group('space', space)}
      {group('text', fromText)}
    </div>
  );
}
