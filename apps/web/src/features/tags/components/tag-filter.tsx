import { LIMITS } from '@sauce/contract/limits';
import { Check, ChevronDown, Hash, Star, Tag as TagIcon } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipList, TagChip } from '../../../components/chip.tsx';
import { showToast } from '../../../state/app-store.ts';
import { useSpaceTags, useToggleTagFavorite } from '../api/tags.ts';
import styles from './tag-filter.module.css';

export interface TagFilterProps {
  /** The space whose sources' tags are offered (undefined while it loads). */
  workspaceId: number | undefined;
  /** Tags filtered by, at most 3 (SPEC §5). */
  value: string[];
  onAdd: (name: string) => void;
  onRemove: (name: string) => void;
}

/**
 * The dashboard's tag filter (SPEC §2, §5): a button opening a list of the space's tags
 * (issue #31 item 2: GET /archive/sauce/{workspace}/tags/list, the person's favorites first)
 * with a search box; up to 3 can be checked.
 * Each row has a favorite star, toggled optimistically and rolled back with a toast.
 */
export function TagFilter({ workspaceId, value, onAdd, onRemove }: TagFilterProps) {
  const { t } = useTranslation('tags');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const { data: tags, isPending } = useSpaceTags(workspaceId, deferred, open);
  const favorite = useToggleTagFavorite();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The parent's value follows the URL a moment later; show a pick at once meanwhile.
  const valueKey = value.join('\n');
  const [shown, setShown] = useState({ key: valueKey, tags: value });
  if (shown.key !== valueKey) setShown({ key: valueKey, tags: value });
  const selected = shown.tags;
  const atLimit = selected.length >= LIMITS.tagsInFilter;
  const pick = (name: string, on: boolean) => {
    setShown((s) => ({ ...s, tags: on ? [...s.tags, name] : s.tags.filter((t) => t !== name) }));
    if (on) onAdd(name);
    else onRemove(name);
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const toggleFavorite = (name: string, next: boolean) =>
    favorite.mutate({ name, favorite: next }, { onError: () => showToast(t('filter.favoriteFailed'), 'error') });

  const panelId = `${id}-panel`;
  return (
    <div
      className={styles.root}
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className={`${styles.trigger} ${value.length ? styles.triggerActive : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <TagIcon size={16} strokeWidth={1.75} aria-hidden />
        {value.length ? t('filter.buttonCount', { count: value.length }) : t('filter.button')}
        <ChevronDown size={16} strokeWidth={1.75} aria-hidden />
      </button>
      {open && (
        <div id={panelId} className={styles.panel} role="group" aria-label={t('filter.title')}>
          <input
            className={styles.search}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value.slice(0, LIMITS.tagLength))}
            placeholder={t('filter.search')}
            aria-label={t('filter.search')}
            autoFocus
          />
          <p className={`${styles.note} ${atLimit ? styles.noteWarn : ''}`} aria-live="polite">
            {t('filter.limit', { max: LIMITS.tagsInFilter })}
          </p>
          {isPending ? (
            <ul className={styles.list} aria-busy>
              {[0, 1, 2].map((i) => (
                <li key={i} className={styles.skeletonRow} />
              ))}
            </ul>
          ) : !tags?.length ? (
            <p className={styles.empty}>{deferred ? t('filter.noMatch') : t('filter.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {tags.map((tag) => {
                const checked = selected.includes(tag.name);
                return (
                  <li key={tag.name} className={styles.row}>
                    <label className={`${styles.check} ${!checked && atLimit ? styles.checkDisabled : ''}`}>
                      <input
                        type="checkbox"
                        className={styles.box}
                        checked={checked}
                        disabled={!checked && atLimit}
                        onChange={() => pick(tag.name, !checked)}
                      />
                      <span className={styles.fakeBox} aria-hidden>
                        {checked && <Check size={12} strokeWidth={2.5} />}
                      </span>
                      <Hash size={14} strokeWidth={1.75} aria-hidden className={styles.hash} />
                      <span className={styles.name}>{tag.name}</span>
                    </label>
                    <button
                      type="button"
                      className={`${styles.star} ${tag.favorite ? styles.starOn : ''}`}
                      aria-pressed={tag.favorite}
                      aria-label={t(tag.favorite ? 'filter.unfavorite' : 'filter.favorite', { name: tag.name })}
                      onClick={() => toggleFavorite(tag.name, !tag.favorite)}
                    >
                      <Star size={16} strokeWidth={1.75} fill={tag.favorite ? 'currentColor' : 'none'} aria-hidden />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** The active tag filters as removable chips. */
export function TagFilterChips({ value, onRemove, onClear }: { value: string[]; onRemove: (name: string) => void; onClear: () => void }) {
  const { t } = useTranslation('tags');
  if (value.length === 0) return null;
  return (
    <div className={styles.chipsRow}>
      <ChipList aria-label={t('filter.active')}>
        {value.map((name) => (
          <TagChip
            key={name}
            name={name}
            className={styles.chip}
            removeLabel={t('filter.remove', { name })}
            onRemove={() => onRemove(name)}
          />
        ))}
      </ChipList>
      {value.length > 1 && (
        <button type="button" className={styles.clear} onClick={onClear}>
          {t('filter.clear')}
        </button>
      )}
    </div>
  );
}
