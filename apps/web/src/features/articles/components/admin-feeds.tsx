import { ARTICLE_CATEGORIES, type Feed } from '@sauce/contract/articles';
import { Pause, Play, RefreshCw, Rss, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { relativeTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { showToast } from '../../../state/app-store.ts';
import { useCreateFeed, useDeleteFeed, useFeeds, usePollFeed, useUpdateFeed } from '../api/admin.ts';
import { CategorySelect } from './admin-articles.tsx';
import styles from './admin.module.css';

/** Why a feed fails, in the person's language (the code's translation, else the server's words). */
function useFeedError() {
  const { t, i18n } = useTranslation('articles');
  return (feed: Feed) => {
    if (!feed.lastError) return '';
    const key = `admin.feeds.errors.${feed.lastError.code}`;
    return i18n.exists(`articles:${key}`) ? t(key) : feed.lastError.message;
  };
}

/**
 * Feed subscriptions (issue #10 Curation): subscribe a category to an RSS or Atom feed (the
 * first poll runs at once and says whether it works), see each feed's state — working,
 * failing and why, last checked, articles it brought — check now, pause, unsubscribe.
 */
export function AdminFeeds() {
  const { t } = useTranslation('articles');
  const feedError = useFeedError();
  const { data: feeds, isPending, isError, refetch } = useFeeds();
  const create = useCreateFeed();
  const update = useUpdateFeed();
  const poll = usePollFeed();
  const remove = useDeleteFeed();
  const [url, setUrl] = useState('');
  const [category, setCategory] = useState<number>(ARTICLE_CATEGORIES[0].id);

  const subscribe = (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return;
    create.mutate(
      { url: url.trim(), categoryId: category },
      {
        onSuccess: ({ feed, added }) => {
          setUrl('');
          if (feed.status === 'failing') showToast(t('admin.feeds.subscribedFailing', { reason: feedError(feed) }), 'error');
          else showToast(t('admin.feeds.subscribed', { count: added }), 'success');
        },
        onError: (err) => showToast(err instanceof ApiError && err.code === 'FEED_EXISTS' ? t('admin.feeds.exists') : errorMessage(err), 'error'),
      },
    );
  };
  const pollNow = (feed: Feed) =>
    poll.mutate(feed.id, {
      onSuccess: ({ feed: after, added }) =>
        after.status === 'failing' ? showToast(feedError(after), 'error') : showToast(t('admin.feeds.polled', { count: added }), 'success'),
      onError: () => showToast(t('admin.failed'), 'error'),
    });
  const askDelete = async (feed: Feed) => {
    const ok = await confirmDialog({
      title: t('admin.feeds.deleteTitle'),
      description: t('admin.feeds.deleteDescription'),
      confirmText: t('admin.feeds.delete'),
      destructive: true,
    });
    if (ok) remove.mutate(feed.id, { onError: () => showToast(t('admin.failed'), 'error') });
  };

  return (
    <>
      <section className={styles.card} aria-labelledby="feed-add-title">
        <h2 id="feed-add-title" className={styles.cardTitle}>
          {t('admin.feeds.title')}
        </h2>
        <p className={styles.hint}>{t('admin.feeds.description')}</p>
        <form className={styles.inline} onSubmit={subscribe}>
          <TextField label={t('admin.feeds.url')} type="url" value={url} onChange={setUrl} placeholder="https://" className={styles.grow} required />
          <CategorySelect label={t('admin.feeds.category')} value={category} onChange={setCategory} />
          <Button type="submit" variant="primary" pending={create.isPending} className={styles.inlineButton}>
            <Rss size={16} strokeWidth={1.75} aria-hidden />
            {t('admin.feeds.submit')}
          </Button>
        </form>
      </section>
      <section className={styles.card} aria-label={t('admin.feedsTab')}>
        {isError && !feeds ? (
          <div className={styles.empty} role="alert">
            <p>{t('page.loadFailed')}</p>
            <Button onClick={() => void refetch()}>{t('page.retry')}</Button>
          </div>
        ) : isPending ? (
          <ul className={styles.rows} aria-busy="true">
            {[0, 1].map((i) => (
              <li key={i} className={styles.rowSkeleton} aria-hidden />
            ))}
          </ul>
        ) : feeds.length === 0 ? (
          <p className={styles.empty}>{t('admin.feeds.empty')}</p>
        ) : (
          <ul className={styles.rows}>
            {feeds.map((feed) => (
              <li key={feed.id} className={styles.feedRow}>
                <div className={styles.rowText}>
                  <p className={styles.rowTitle}>{feed.title || feed.url}</p>
                  <p className={styles.rowMeta}>
                    <span className={`${styles.status} ${styles[`status_${feed.status}`]}`}>
                      {feed.enabled ? t(`admin.feeds.status_${feed.status}`) : t('admin.feeds.paused')}
                    </span>
                    <span>{t(`categories.${feed.category}`)}</span>
                    <span>{t('admin.feeds.articles', { count: feed.articleCount })}</span>
                    <span>{feed.lastCheckedAt ? t('admin.feeds.checked', { time: relativeTime(feed.lastCheckedAt) }) : t('admin.feeds.neverChecked')}</span>
                  </p>
                  {feed.title && <p className={styles.feedUrl}>{feed.url}</p>}
                  {feed.status === 'failing' && (
                    <p className={styles.error} role="note">
                      {feedError(feed)}
                    </p>
                  )}
                </div>
                <div className={styles.rowActions} role="group" aria-label={feed.title || feed.url}>
                  <Button size="small" variant="ghost" onClick={() => pollNow(feed)} pending={poll.isPending && poll.variables === feed.id}>
                    <RefreshCw size={14} strokeWidth={1.75} aria-hidden />
                    {t('admin.feeds.poll')}
                  </Button>
                  <Button size="small" variant="ghost" onClick={() => update.mutate({ id: feed.id, enabled: !feed.enabled })}>
                    {feed.enabled ? <Pause size={14} strokeWidth={1.75} aria-hidden /> : <Play size={14} strokeWidth={1.75} aria-hidden />}
                    {feed.enabled ? t('admin.feeds.pause') : t('admin.feeds.resume')}
                  </Button>
                  <Button size="small" variant="ghost" onClick={() => void askDelete(feed)} aria-label={`${t('admin.feeds.delete')}: ${feed.title || feed.url}`}>
                    <Trash2 size={14} strokeWidth={1.75} aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
