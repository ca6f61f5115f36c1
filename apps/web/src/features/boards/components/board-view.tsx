import type { Sauce } from '@sauce/contract/sauces';
import { Folder, Inbox, LayoutGrid } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import type { Board } from '../api/board.ts';
import { BoardCard } from './board-card.tsx';
import type { ViewerPosition } from './board-lightbox.tsx';
import styles from './board.module.css';

// The viewer (the image viewer with its pins and comments) loads when an image is first
// opened, the save dialog (the space and folder picker, the copy) when it is first asked for.
const BoardLightbox = lazy(async () => ({ default: (await import('./board-lightbox.tsx')).BoardLightbox }));
const SaveToSauceDialog = lazy(async () => ({ default: (await import('./save-to-sauce-dialog.tsx')).SaveToSauceDialog }));

/** Cards whose pictures load at once: about the first two rows on a wide screen. */
const PRIORITY = 8;

export interface BoardViewProps {
  /** The board's pages loaded so far (the first one names the space and the folder). */
  pages: Board[];
  /** More sources after these: loaded as the end comes near, or on the button. */
  more: { hasMore: boolean; loading: boolean; failed: boolean; load: () => void };
  /** Signed in: each source can be saved into the person's own spaces. */
  canSave: boolean;
}

/**
 * A folder shared as a board (issue #32): the space's and the folder's names, then its sources
 * in the folder's order as a grid of cards, more as the visitor scrolls; an image opens the
 * viewer (pins and comments, ←/→, swipe), and signed-in visitors can save any source.
 */
export function BoardView({ pages, more, canSave }: BoardViewProps) {
  const { t } = useTranslation('boards');
  const [viewing, setViewing] = useState<ViewerPosition | null>(null);
  const [saving, setSaving] = useState<Sauce | null>(null);
  const first = pages[0]!;
  const sauces = pages.flatMap((p) => p.sauces);
  const withImages = sauces.filter((s) => s.type === 'IMAGE' && (s.imageSauce?.length ?? 0) > 0);
  return (
    <>
      <DocumentTitle>{`${first.folder.name} · ${first.space.name} · Sauce`}</DocumentTitle>
      <header className={styles.head}>
        <p className={styles.badge}>
          <LayoutGrid size={14} strokeWidth={1.75} aria-hidden />
          {t('badge')}
        </p>
        <h1 className={styles.title}>{first.folder.name}</h1>
        <p className={styles.space}>
          <Folder size={14} strokeWidth={1.75} aria-hidden />
          {first.space.name}
        </p>
      </header>
      {sauces.length === 0 ? (
        <EmptyState level={2} icon={<Inbox size={28} strokeWidth={1.75} />} title={t('empty')} description={t('emptyDescription')} />
      ) : (
        <ul className={styles.grid} aria-label={first.folder.name}>
          {sauces.map((sauce, i) => (
            <li key={sauce.id} className={styles.item}>
              <BoardCard
                sauce={sauce}
                priority={i < PRIORITY}
                onOpen={(imageKey) => setViewing({ sauceId: sauce.id, imageKey })}
                onSave={canSave ? () => setSaving(sauce) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      {more.hasMore && <MoreSources {...more} />}
      <Suspense fallback={null}>
        {viewing && (
          <BoardLightbox sauces={withImages} at={viewing} onMove={setViewing} onClose={() => setViewing(null)} onSave={canSave ? setSaving : undefined} />
        )}
        {saving && <SaveToSauceDialog sauce={saving} onClose={() => setSaving(null)} />}
      </Suspense>
    </>
  );
}

/**
 * The end of a board with more after it: loads the next page as it comes within a screen of
 * the viewport, and is a button for the keyboard (and to try again after a failure).
 */
function MoreSources({ loading, failed, load }: BoardViewProps['more']) {
  const { t } = useTranslation('boards');
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), { rootMargin: '100% 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [failed]);
  return (
    <button ref={ref} type="button" className={styles.more} onClick={load} disabled={loading} aria-busy={loading || undefined}>
      {failed ? t('moreFailed') : t('more')}
    </button>
  );
}

/** The board's placeholder while its first page loads. */
export function BoardSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      <div className={styles.head} aria-hidden>
        <span className={`${styles.skel} ${styles.skelBadge}`} />
        <span className={`${styles.skel} ${styles.skelTitle}`} />
        <span className={`${styles.skel} ${styles.skelSpace}`} />
      </div>
      <div className={styles.grid} aria-hidden>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={styles.card}>
            <span className={`${styles.skel} ${styles.skelFrame}`} />
            <div className={styles.cardBody}>
              <span className={`${styles.skel} ${styles.skelLine}`} />
              <span className={`${styles.skel} ${styles.skelShort}`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
