import { Search } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { isPaletteShortcut, launcherReady, takeEarlyPress } from '../early-shortcut.ts';
import { useSearchTexts } from '../i18n/index.ts';
import styles from './search-launcher.module.css';

// The palette loads with its own chunk, once opened (issue #11 item 2).
const SearchPalette = lazy(async () => ({ default: (await import('./search-palette.tsx')).SearchPalette }));

/** True on Apple systems, where the shortcut is ⌘K rather than Ctrl+K. */
export function isApple(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}


/**
 * Issue #21 item 3: the header's search button and the ⌘K / Ctrl+K shortcut, for signed-in
 * people on every page, opening the {@link SearchPalette} over every space they belong to.
 * The shortcut works from inside fields too (it types nothing there).
 */
export function SearchLauncher() {
  const { t } = useSearchTexts();
  const [open, setOpen] = useState(false);
  // The palette's chunk is fetched on first use, then kept (closing keeps its state simple).
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const [apple] = useState(isApple);
  // What had focus when the palette opened (the button, or a field the shortcut was pressed in).
  const before = useRef<HTMLElement | null>(null);
  const remember = () => {
    before.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const show = (next: boolean) => {
    if (next) remember();
    setOpen(next);
  };

  // Listening from the commit, before the first paint: once the button shows, the shortcut
  // works (a passive effect could attach a frame later, and a quick ⌘K was lost).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e) || e.repeat) return;
      e.preventDefault();
      setOpen((o) => {
        if (!o) remember();
        return !o;
      });
    };
    window.addEventListener('keydown', onKey);
    launcherReady(true);
    // Issue #31 item 6: pressed while this was loading — opened as the press would have, just after mounting.
    if (takeEarlyPress()) {
      queueMicrotask(() =>
        setOpen((o) => {
          if (!o) remember();
          return true;
        }),
      );
    }
    return () => {
      window.removeEventListener('keydown', onKey);
      launcherReady(false);
    };
  }, []);

  const shortcut = apple ? '⌘K' : 'Ctrl K';
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={(e) => {
          e.currentTarget.focus();
          show(true);
        }}
        aria-label={t('open')}
        aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
        data-testid="search-button"
      >
        <Search size={16} strokeWidth={1.75} aria-hidden />
        <span className={styles.text}>{t('button')}</span>
        <kbd className={styles.kbd} aria-hidden>
          {shortcut}
        </kbd>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <SearchPalette open={open} onOpenChange={show} returnFocus={() => before.current} />
        </Suspense>
      )}
    </>
  );
}
