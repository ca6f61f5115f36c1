import type { TagUsage } from '@sauce/contract/account';
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Hash, Pencil, Search, Star, Trash2 } from 'lucide-react';
import { type FormEvent, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useToggleTagFavorite } from '../api/tags.ts';
import { setUsageFavorite, useDeleteTag, useRenameTag, useTagUsage } from '../api/tag-usage.ts';
import { sanitizeTagInput } from '../lib/tag-rules.ts';
import styles from './tag-manager.module.css';

/** Height of one row, px (the virtualiser positions rows by it). */
const ROW_PX = 52;

/**
 * /mypage/tags (issue #8): every tag with its use count, favorites first; star to favorite,
 * rename (merging into an existing tag) and delete across the person's sources. The list is
 * virtualised (@tanstack/react-virtual) and pages in 200 at a time as it is scrolled, so
 * thousands of tags stay fast.
 */
export function TagManager() {
  const { t } = useTranslation('tags');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim().toLowerCase());
  const query = useTagUsage(deferred);
  const tags = query.data?.pages.flatMap((p) => p.results) ?? [];
  const total = query.data?.pages[0]?.count ?? 0;
  const [renaming, setRenaming] = useState<TagUsage | null>(null);
  const parent = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser re-renders this component itself
  const virtual = useVirtualizer({ count: tags.length, getScrollElement: () => parent.current, estimateSize: () => ROW_PX, overscan: 8 });
  const items = virtual.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && last >= tags.length - 20) void fetchNextPage();
  }, [last, tags.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const qc = useQueryClient();
  const favorite = useToggleTagFavorite();
  const remove = useDeleteTag();
  const toggle = (tag: TagUsage) => {
    setUsageFavorite(qc, tag.name, !tag.favorite);
    favorite.mutate(
      { name: tag.name, favorite: !tag.favorite },
      {
        onError: () => {
          setUsageFavorite(qc, tag.name, tag.favorite);
          showToast(t('manage.favoriteFailed'), 'error');
        },
        onSettled: () => void qc.invalidateQueries({ queryKey: ['tags', 'usage'] }),
      },
    );
  };
  const del = async (tag: TagUsage) => {
    const ok = await confirmDialog({
      title: t('manage.deleteTitle', { name: tag.name }),
      description: t('manage.deleteDescription', { count: tag.useCount }),
      confirmText: t('manage.delete'),
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(tag.name, {
      onSuccess: () => showToast(t('manage.deleted', { name: tag.name }), 'success'),
      onError: (e) => showToast(errorMessage(e), 'error'),
    });
  };

  return (
    <section className={styles.root} aria-label={t('manage.label')}>
      <div className={styles.toolbar}>
        <label className={styles.search}>
          <Search size={16} strokeWidth={1.75} aria-hidden />
          <span className="visually-hidden">{t('manage.search')}</span>
          <input value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('manage.search')} maxLength={15} type="search" />
        </label>
        <span className={styles.total}>{t('manage.total', { count: total })}</span>
      </div>
      {query.isPending ? (
        <div className={styles.skeleton} aria-busy>
          <span className="visually-hidden">{t('common:loading')}</span>
        </div>
      ) : query.isError ? (
        <p className={styles.empty} role="alert">
          {errorMessage(query.error)}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        </p>
      ) : tags.length === 0 ? (
        <p className={styles.empty}>{deferred ? t('manage.noMatch') : t('manage.empty')}</p>
      ) : (
        <div ref={parent} className={styles.scroller}>
          <ul className={styles.list} style={{ height: virtual.getTotalSize() }}>
            {items.map((row) => {
              const tag = tags[row.index]!;
              return (
                // Only the rows in view are drawn: each says where it stands in the whole list.
                <li
                  key={tag.name}
                  className={styles.row}
                  style={{ transform: `translateY(${row.start}px)`, height: ROW_PX }}
                  aria-setsize={total}
                  aria-posinset={row.index + 1}
                >
                  <button
                    type="button"
                    className={`${styles.star} ${tag.favorite ? styles.starred : ''}`}
                    aria-pressed={tag.favorite}
                    aria-label={t(tag.favorite ? 'manage.unfavorite' : 'manage.favorite', { name: tag.name })}
                    onClick={() => toggle(tag)}
                  >
                    <Star size={16} strokeWidth={1.75} aria-hidden />
                  </button>
                  <span className={styles.name}>
                    <Hash size={14} strokeWidth={1.75} aria-hidden />
                    {tag.name}
                  </span>
                  <span className={styles.count}>{t('manage.uses', { count: tag.useCount })}</span>
                  <Button size="icon" variant="ghost" aria-label={t('manage.rename', { name: tag.name })} onClick={() => setRenaming(tag)}>
                    <Pencil size={16} strokeWidth={1.75} aria-hidden />
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={t('manage.deleteLabel', { name: tag.name })} onClick={() => void del(tag)}>
                    <Trash2 size={16} strokeWidth={1.75} aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {renaming && <RenameDialog tag={renaming} onClose={() => setRenaming(null)} />}
    </section>
  );
}

/** Renames a tag; a name the person already has merges the two (said before saving). */
function RenameDialog({ tag, onClose }: { tag: TagUsage; onClose(): void }) {
  const { t } = useTranslation('tags');
  const [name, setName] = useState(tag.name);
  const [notice, setNotice] = useState<string | null>(null);
  const rename = useRenameTag();
  const clean = name.toLowerCase();
  const ready = clean !== '' && clean !== tag.name;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    rename.mutate(
      { from: tag.name, to: clean },
      {
        onSuccess: (r) => {
          showToast(t(r.merged ? 'manage.merged' : 'manage.renamed', { from: tag.name, to: r.name }), 'success');
          onClose();
        },
        onError: (e) => showToast(errorMessage(e), 'error'),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('manage.renameTitle')} description={t('manage.renameDescription')} width={400}>
      <form onSubmit={submit} noValidate className={styles.form}>
        <TextField
          label={t('manage.newName')}
          value={name}
          onChange={(v) => {
            const s = sanitizeTagInput(v);
            setName(s.value);
            setNotice(s.invalid ? t('invalidChars') : null);
          }}
          maxLength={15}
          error={notice}
          autoFocus
          autoComplete="off"
        />
        <div className={styles.actions}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!ready} pending={rename.isPending}>
            {t('manage.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
