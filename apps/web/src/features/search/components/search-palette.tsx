import * as RadixDialog from '@radix-ui/react-dialog';
import type { GlobalSearchGroup, GlobalSearchHit } from '@sauce/contract/sauces';
import { FileText, Image as ImageIcon, ScanText, Search, X } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { aroundMatch, Highlight, highlightPattern } from '../../../components/highlight.tsx';
import { sauceHref } from '../../../lib/sauces/format.ts';
import { selectWorkspace } from '../../../lib/workspaces.ts';
import { SEARCH_MAX, useSearchEverywhere } from '../api/search-everywhere.ts';
import { useSearchTexts } from '../i18n/index.ts';
import styles from './search-palette.module.css';

export interface SearchPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes back to on closing (what had it when the palette opened), if still on the page. */
  returnFocus?: () => HTMLElement | null;
}

/** A hit with its space, in the order the keyboard walks them. */
interface Row {
  group: GlobalSearchGroup;
  hit: GlobalSearchHit;
}

/** The host of a link, for a line without a snippet. */
function hostOf(link: string | null): string {
  if (!link) return '';
  try {
    return new URL(link).host.replace(/^www\./, '');
  } catch {
    return link;
  }
}

/**
 * `text` with its percent-encoded runs decoded (issue #31 item 10: a link's Korean words read
 * `seo-%ec%99%9c…` otherwise); a run that is not valid UTF-8 stays as written.
 */
export function decodePercents(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * A hit's second line: the text around its match (without the title it starts with when the
 * match was in the title), links' percent-encoded words decoded, else its link's host.
 */
function lineOf(hit: GlobalSearchHit, title: string, pattern: RegExp | null): string {
  const snippet = decodePercents(hit.snippet ?? '').replace(/\s+/g, ' ').trim();
  const rest = snippet.startsWith(title) ? snippet.slice(title.length).trim() : snippet;
  return rest ? aroundMatch(rest, pattern) : hostOf(hit.link);
}

/**
 * Issue #21 item 3: the command palette (⌘K / Ctrl+K) searching every space the person
 * belongs to. A Radix dialog (focus trapped and returned, Escape closes) holding a combobox:
 * typing searches (GET /archive/search, once typing pauses), results come grouped by space
 * with the matching words marked; ↑/↓ move through them (wrapping), Enter opens the one
 * chosen — switching to its space first — as does a click. Empty, loading, failed and
 * no-result states say so.
 */
export function SearchPalette({ open, onOpenChange, returnFocus }: SearchPaletteProps) {
  const { t } = useSearchTexts();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          aria-describedby={undefined}
          data-testid="search-palette"
          onCloseAutoFocus={(e) => {
            const back = returnFocus?.();
            if (back?.isConnected) {
              e.preventDefault();
              back.focus();
            }
          }}
        >
          <RadixDialog.Title className="visually-hidden">{t('title')}</RadixDialog.Title>
          {open && <PaletteBody onClose={() => onOpenChange(false)} />}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function PaletteBody({ onClose }: { onClose(): void }) {
  const { t } = useSearchTexts();
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const { data, isFetching, isError, settled, typing } = useSearchEverywhere(text);
  // Results of an earlier search stay while the next loads, but never for an empty box.
  const groups = useMemo(() => (text.trim() && data ? data.groups : []), [text, data]);
  const rows = useMemo<Row[]>(() => groups.flatMap((group) => group.results.map((hit) => ({ group, hit }))), [groups]);
  // Each group's first row in `rows`.
  const starts = useMemo(() => groups.map((_, g) => groups.slice(0, g).reduce((n, x) => n + x.results.length, 0)), [groups]);
  const pattern = useMemo(() => highlightPattern(data?.highlight ?? []), [data]);
  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const current = Math.min(active, rows.length - 1);
  const loading = !!text.trim() && (typing || isFetching) && rows.length === 0;

  const openRow = (row: Row | undefined) => {
    if (!row) return;
    selectWorkspace(row.group.workspace.id);
    onClose();
    void navigate(sauceHref(row.hit, data?.highlight));
  };

  const move = (by: number) => {
    if (!rows.length) return;
    const next = (current + by + rows.length) % rows.length;
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(-1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      openRow(rows[current]);
    }
  };

  const stateText = !text.trim()
    ? t('empty')
    : loading
      ? t('loading')
      : isError
        ? t('failed')
        : !typing && !isFetching && rows.length === 0 && settled
          ? t('none', { search: settled })
          : '';

  return (
    <div className={styles.body}>
      <div className={styles.field}>
        <Search size={18} strokeWidth={1.75} aria-hidden className={styles.fieldIcon} />
        <input
          className={styles.input}
          value={text}
          maxLength={SEARCH_MAX}
          placeholder={t('placeholder')}
          aria-label={t('label')}
          role="combobox"
          aria-expanded={rows.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={rows.length > 0 ? optionId(current) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          autoFocus
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <RadixDialog.Close className={styles.close} aria-label={t('close')}>
          <X size={16} strokeWidth={1.75} aria-hidden />
        </RadixDialog.Close>
      </div>
      <div ref={listRef} id={listId} role="listbox" aria-label={t('results')} className={styles.results}>
        {groups.map((group, g) => (
          <div key={group.workspace.id} role="group" aria-label={group.workspace.name} className={styles.group}>
            <div className={styles.groupName} aria-hidden>
              {group.workspace.personal ? t('personal') : group.workspace.name}
            </div>
            {group.results.map((hit, h) => {
              const i = starts[g]! + h;
              const title = hit.title || hit.linkTitle || hostOf(hit.link) || t('untitled');
              const line = lineOf(hit, title, pattern);
              return (
                <div
                  key={hit.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === current}
                  className={`${styles.option} ${i === current ? styles.active : ''}`}
                  onMouseMove={() => i !== current && setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => openRow(rows[i])}
                >
                  {hit.type === 'IMAGE' ? (
                    <ImageIcon size={16} strokeWidth={1.75} aria-hidden className={styles.typeIcon} />
                  ) : (
                    <FileText size={16} strokeWidth={1.75} aria-hidden className={styles.typeIcon} />
                  )}
                  <span className={styles.texts}>
                    <span className={styles.hitTitle}>
                      <Highlight text={title} pattern={pattern} />
                    </span>
                    {line && (
                      <span className={styles.hitLine}>
                        {hit.snippetImage !== undefined && (
                          // Issue #33: the words were read in one of the source's images.
                          <ScanText size={12} strokeWidth={1.75} aria-label={t('inImage', { n: hit.snippetImage + 1 })} role="img" className={styles.foundIn} />
                        )}
                        <Highlight text={line} pattern={pattern} />
                      </span>
                    )}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {/* What the list cannot say itself, read out as it changes; the count only to screen readers. */}
      <div className={stateText ? styles.state : 'visually-hidden'} role="status" aria-live="polite">
        {stateText || (rows.length > 0 ? t('count', { count: rows.length }) : '')}
      </div>
      <div className={styles.footer} aria-hidden>
        <span>
          <kbd>↑</kbd>
          <kbd>↓</kbd> {t('hintMove')}
        </span>
        <span>
          <kbd>Enter</kbd> {t('hintOpen')}
        </span>
        <span>
          <kbd>Esc</kbd> {t('hintClose')}
        </span>
      </div>
    </div>
  );
}
