import {
  ALL_ARTICLES,
  ARTICLE_CATEGORIES,
  ARTICLE_LIMITS,
  type AdminArticle,
  type ArticlePreview,
  type CategoryKey,
} from '@sauce/contract/articles';
import { TAG_PATTERN } from '@sauce/contract/limits';
import { EyeOff, Link2, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import {
  type AdminFilters,
  useAdminArticles,
  useCreateArticle,
  useDeleteArticle,
  usePreviewArticle,
  useUpdateArticle,
} from '../api/admin.ts';
import { ArticleCover } from './article-cover.tsx';
import styles from './admin.module.css';

/** Tags typed as "a, b #c": lower case, `#` and spaces dropped; null when one breaks the tag rule (SPEC §5). */
export function parseTags(input: string): string[] | null {
  const tags = [...new Set(input.split(/[,\s]+/).map((t) => t.replace(/^#/, '').trim().toLowerCase()).filter(Boolean))];
  if (tags.length > ARTICLE_LIMITS.tagsPerArticle || tags.some((t) => !TAG_PATTERN.test(t))) return null;
  return tags;
}

/** A category picker (the four; not 'all'). */
export function CategorySelect({ value, onChange, label }: { value: number; onChange(id: number): void; label: string }) {
  const { t } = useTranslation('articles');
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {ARTICLE_CATEGORIES.map((c) => (
          <option key={c.id} value={c.id}>
            {t(`categories.${c.key}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Add by link (issue #10 Curation): the page is read first (title, image, publisher,
 * date) and shown; the admin picks the category and tags, may fix the title, and adds it.
 * A page that cannot be read can still be added with a typed title.
 */
export function AddArticleForm() {
  const { t } = useTranslation('articles');
  const preview = usePreviewArticle();
  const create = useCreateArticle();
  const [url, setUrl] = useState('');
  const [read, setRead] = useState<ArticlePreview | null>(null);
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<number>(ARTICLE_CATEGORIES[0].id);
  const [tags, setTags] = useState('');
  const [tagsError, setTagsError] = useState(false);

  const fetchPage = (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return;
    preview.mutate(url.trim(), {
      onSuccess: (p) => {
        setRead(p);
        setTitle(p.title);
      },
      onError: (err) => showToast(errorMessage(err), 'error'),
    });
  };
  const add = () => {
    const parsed = parseTags(tags);
    setTagsError(parsed === null);
    if (!read || parsed === null || !title.trim()) return;
    create.mutate(
      { url: read.url, categoryId: category, tags: parsed, title: title.trim() },
      {
        onSuccess: () => {
          showToast(t('admin.add.added'), 'success');
          setUrl('');
          setRead(null);
          setTitle('');
          setTags('');
        },
        onError: (err) =>
          showToast(
            err instanceof ApiError && err.code === 'ARTICLE_EXISTS'
              ? t('admin.add.exists')
              : err instanceof ApiError && err.code === 'ARTICLE_UNREADABLE'
                ? t('admin.add.unreadable')
                : errorMessage(err),
            'error',
          ),
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby="add-article-title">
      <h2 id="add-article-title" className={styles.cardTitle}>
        {t('admin.add.title')}
      </h2>
      <form className={styles.inline} onSubmit={fetchPage}>
        <TextField
          label={t('admin.add.url')}
          type="url"
          value={url}
          onChange={(v) => {
            setUrl(v);
            setRead(null);
          }}
          placeholder={t('admin.add.urlPlaceholder')}
          className={styles.grow}
          required
        />
        <Button type="submit" pending={preview.isPending} className={styles.inlineButton}>
          <Link2 size={16} strokeWidth={1.75} aria-hidden />
          {t('admin.add.fetch')}
        </Button>
      </form>
      {read && (
        <div className={styles.preview}>
          <div className={styles.previewThumb}>
            {read.thumbnail ? (
              <img src={read.thumbnail} alt="" referrerPolicy="no-referrer" className={styles.previewImage} />
            ) : (
              <ArticleCover category={(ARTICLE_CATEGORIES.find((c) => c.id === category)?.key ?? 'design') as CategoryKey} publisher={read.publisher} />
            )}
          </div>
          <div className={styles.previewFields}>
            {!read.readable && <p className={styles.warning}>{t('admin.add.previewUnreadable')}</p>}
            {read.existingId !== null && <p className={styles.warning}>{t('admin.add.exists')}</p>}
            <TextField label={t('admin.add.articleTitle')} value={title} onChange={setTitle} maxLength={ARTICLE_LIMITS.titleLength} />
            <div className={styles.row2}>
              <CategorySelect label={t('admin.add.category')} value={category} onChange={setCategory} />
              <TextField
                label={t('admin.add.tags')}
                value={tags}
                onChange={(v) => {
                  setTags(v);
                  setTagsError(false);
                }}
                placeholder="ux, 디자인시스템"
                error={tagsError ? t('admin.add.badTags') : null}
              />
            </div>
            <p className={styles.hint}>
              {read.publisher}
              {read.publishedAt ? ` · ${formatDate(read.publishedAt)}` : ''}
            </p>
            <div className={styles.actions}>
              <Button variant="primary" onClick={add} pending={create.isPending} disabled={!title.trim() || read.existingId !== null}>
                {t('admin.add.submit')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

/** The admin's article list: search, category and visibility filters, and per article edit, hide/show, delete. */
export function AdminArticleList() {
  const { t } = useTranslation('articles');
  const [filters, setFilters] = useState<AdminFilters>({ category: ALL_ARTICLES.id, status: 'all', page: 1, search: '' });
  const { data, isPending, isError, refetch, isPlaceholderData } = useAdminArticles(filters);
  const [editing, setEditing] = useState<AdminArticle | null>(null);
  const update = useUpdateArticle();
  const remove = useDeleteArticle();
  const statusId = useId();
  const categoryId = useId();

  const toggleHidden = (a: AdminArticle) =>
    update.mutate(
      { id: a.id, hidden: !a.hidden },
      {
        onSuccess: () => showToast(a.hidden ? t('admin.shownToast') : t('admin.hiddenToast'), 'success'),
        onError: () => showToast(t('admin.failed'), 'error'),
      },
    );
  const askDelete = async (a: AdminArticle) => {
    const ok = await confirmDialog({
      title: t('admin.delete.title'),
      description: t('admin.delete.description'),
      confirmText: t('admin.delete.confirm'),
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(a.id, {
      onSuccess: () => showToast(t('admin.delete.deleted'), 'success'),
      onError: () => showToast(t('admin.failed'), 'error'),
    });
  };

  return (
    <section className={styles.card} aria-labelledby="admin-list-title">
      <h2 id="admin-list-title" className="visually-hidden">
        {t('admin.articlesTab')}
      </h2>
      <div className={styles.filters}>
        <TextField
          label={t('admin.list.searchLabel')}
          hideLabel
          type="search"
          value={filters.search}
          placeholder={t('page.searchPlaceholder')}
          onChange={(search) => setFilters((f) => ({ ...f, search, page: 1 }))}
          className={styles.grow}
        />
        <label htmlFor={categoryId} className="visually-hidden">
          {t('admin.add.category')}
        </label>
        <select
          id={categoryId}
          className={styles.select}
          value={filters.category}
          onChange={(e) => setFilters((f) => ({ ...f, category: Number(e.target.value), page: 1 }))}
        >
          {[ALL_ARTICLES, ...ARTICLE_CATEGORIES].map((c) => (
            <option key={c.id} value={c.id}>
              {t(`categories.${c.key}`)}
            </option>
          ))}
        </select>
        <label htmlFor={statusId} className="visually-hidden">
          {t('admin.list.status')}
        </label>
        <select
          id={statusId}
          className={styles.select}
          value={filters.status}
          onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as AdminFilters['status'], page: 1 }))}
        >
          <option value="all">{t('admin.list.statusAll')}</option>
          <option value="visible">{t('admin.list.statusVisible')}</option>
          <option value="hidden">{t('admin.list.statusHidden')}</option>
        </select>
      </div>
      {isError && !data ? (
        <div className={styles.empty} role="alert">
          <p>{t('page.loadFailed')}</p>
          <Button onClick={() => void refetch()}>{t('page.retry')}</Button>
        </div>
      ) : isPending ? (
        <ul className={styles.rows} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className={styles.rowSkeleton} aria-hidden />
          ))}
        </ul>
      ) : data.results.length === 0 ? (
        <p className={styles.empty}>{t('admin.list.empty')}</p>
      ) : (
        <>
          <p className={styles.hint}>{t('page.count', { count: data.count })}</p>
          <ul className={`${styles.rows} ${isPlaceholderData ? styles.refreshing : ''}`}>
            {data.results.map((a) => (
              <li key={a.id} className={styles.articleRow}>
                <div className={styles.rowThumb}>
                  {a.thumbnail ? (
                    <img src={a.thumbnail} alt="" loading="lazy" referrerPolicy="no-referrer" className={styles.previewImage} />
                  ) : (
                    <ArticleCover category={a.category} publisher={a.uploader} />
                  )}
                </div>
                <div className={styles.rowText}>
                  <a className={styles.rowTitle} href={a.destination} target="_blank" rel="noopener noreferrer">
                    {a.title}
                    <span className="visually-hidden"> {t('card.opensNewTab')}</span>
                  </a>
                  <p className={styles.rowMeta}>
                    {a.hidden && (
                      <span className={styles.hiddenBadge}>
                        <EyeOff size={12} strokeWidth={1.75} aria-hidden />
                        {t('admin.list.hidden')}
                      </span>
                    )}
                    <span>{t(`categories.${a.category}`)}</span>
                    <span>{a.uploader}</span>
                    <span>{formatDate(a.publishedAt) || t('admin.list.noDate')}</span>
                    <span>{t(`admin.list.source_${a.source}`)}</span>
                    {a.tags.length > 0 && <span>{a.tags.map((tag) => `#${tag}`).join(' ')}</span>}
                  </p>
                </div>
                <div className={styles.rowActions} role="group" aria-label={t('admin.list.actions', { title: a.title })}>
                  <Button size="small" variant="ghost" onClick={() => setEditing(a)}>
                    <Pencil size={14} strokeWidth={1.75} aria-hidden />
                    {t('admin.list.edit')}
                  </Button>
                  <Button size="small" variant="ghost" onClick={() => toggleHidden(a)}>
                    {a.hidden ? t('admin.list.show') : t('admin.list.hide')}
                  </Button>
                  <Button size="small" variant="ghost" onClick={() => void askDelete(a)} aria-label={`${t('admin.list.delete')}: ${a.title}`}>
                    <Trash2 size={14} strokeWidth={1.75} aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {(data.next || data.previous) && (
            <div className={styles.pager}>
              <Button size="small" disabled={!data.previous} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
                ←
              </Button>
              <span className={styles.hint}>{filters.page}</span>
              <Button size="small" disabled={!data.next} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
                →
              </Button>
            </div>
          )}
        </>
      )}
      {editing && <EditArticleDialog article={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** Edit an article's title, category, tags and publisher. */
function EditArticleDialog({ article, onClose }: { article: AdminArticle; onClose(): void }) {
  const { t } = useTranslation('articles');
  const update = useUpdateArticle();
  const [title, setTitle] = useState(article.title);
  const [category, setCategory] = useState(article.categoryId);
  const [tags, setTags] = useState(article.tags.join(', '));
  const [publisher, setPublisher] = useState(article.uploader);
  const [tagsError, setTagsError] = useState(false);
  const save = () => {
    const parsed = parseTags(tags);
    setTagsError(parsed === null);
    if (parsed === null || !title.trim()) return;
    update.mutate(
      { id: article.id, title: title.trim(), categoryId: category, tags: parsed, publisher: publisher.trim() },
      {
        onSuccess: () => {
          showToast(t('admin.edit.saved'), 'success');
          onClose();
        },
        onError: (e) => showToast(errorMessage(e), 'error'),
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('admin.edit.title')}
      width={480}
      footer={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="primary" onClick={save} pending={update.isPending} disabled={!title.trim()}>
            {t('admin.edit.save')}
          </Button>
        </>
      }
    >
      <div className={styles.dialogFields}>
        <TextField label={t('admin.add.articleTitle')} value={title} onChange={setTitle} maxLength={ARTICLE_LIMITS.titleLength} />
        <CategorySelect label={t('admin.add.category')} value={category} onChange={setCategory} />
        <TextField
          label={t('admin.add.tags')}
          value={tags}
          onChange={(v) => {
            setTags(v);
            setTagsError(false);
          }}
          error={tagsError ? t('admin.add.badTags') : null}
        />
        <p className={styles.hint}>{t('admin.add.tagsHint')}</p>
        <TextField label={t('admin.add.publisher')} value={publisher} onChange={setPublisher} maxLength={ARTICLE_LIMITS.publisherLength} />
      </div>
    </Dialog>
  );
}
