import type { Article } from '@sauce/contract/articles';
import { BookmarkPlus, Hash } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, useDateTimeZone } from '../../../lib/dates.ts';
import { ArticleCover, publisherInitial } from './article-cover.tsx';
import styles from './article-card.module.css';

export interface ArticleCardProps {
  article: Article;
  /** 'Save to my sauce' (SPEC §2 Cards: a hover button; always shown on touch screens). */
  onSave(article: Article): void;
  /** A clicked tag (SPEC §2: search={tag}). */
  onTag(tag: string): void;
  /** Above the fold: its picture loads at once. */
  priority?: boolean;
}

const http = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * An article card (SPEC §2 Cards): thumbnail (or a generated cover), title, tags, then the
 * publisher's favicon (its initial, as on the cover, while there is none, while it loads and
 * when it fails: issue #31 item 23) and name (linking to their site) and the published date as cards
 * write it (SPEC §2 Cards: 'YYYY.MM.DD'). The title is the card's link, stretched over it, and opens the article
 * in a new tab (`noopener noreferrer`); tags, the publisher link and 'save to my sauce' sit
 * above it as their own controls. Every box has its size before anything loads, so cards
 * never move (the grid's placeholders have the same size).
 */
export function ArticleCard({ article, onSave, onTag, priority }: ArticleCardProps) {
  const { t } = useTranslation('articles');
  const [thumbFailed, setThumbFailed] = useState(false);
  const [thumbLoaded, setThumbLoaded] = useState(false);
  const [icon, setIcon] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const thumbnail = thumbFailed ? null : http(article.thumbnail);
  const favicon = icon === 'failed' ? null : http(article.favicon);
  // A favicon that loaded or failed before the app ran (a page the server rendered) fires no
  // event the app hears: its state is read from the image itself.
  const iconRef = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete) img.decode().then(() => setIcon('loaded'), () => setIcon('failed'));
  }, []);
  const site = http(article.uploaderLink);
  // The article list is rendered by the server too: its dates in UTC there and while
  // hydrating, then the visitor's (lib/dates.ts).
  const timeZone = useDateTimeZone();
  const date = formatDate(article.publishedAt, { timeZone });

  return (
    <article className={styles.card}>
      <div className={styles.thumb}>
        {thumbnail ? (
          <img
            src={thumbnail}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            referrerPolicy="no-referrer"
            className={`${styles.image} ${thumbLoaded ? styles.imageLoaded : ''}`}
            ref={(img) => {
              if (img?.complete && img.naturalWidth > 0) setThumbLoaded(true);
            }}
            onLoad={() => setThumbLoaded(true)}
            onError={() => setThumbFailed(true)}
          />
        ) : (
          <ArticleCover category={article.category} publisher={article.uploader} />
        )}
      </div>
      <div className={styles.body}>
        <h2 className={styles.title} lang={article.language ?? undefined}>
          <a href={article.destination} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {article.title}
            <span className="visually-hidden"> {t('card.opensNewTab')}</span>
          </a>
        </h2>
        <ul className={styles.tags} aria-label={t('card.tags')}>
          {article.tags.map((tag) => (
            <li key={tag}>
              <button type="button" className={styles.tag} onClick={() => onTag(tag)} aria-label={t('card.searchTag', { tag })}>
                <Hash size={12} strokeWidth={1.75} aria-hidden />
                {tag}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <footer className={styles.meta}>
        <span className={styles.faviconSlot}>
          {icon !== 'loaded' && (
            <span className={styles.faviconInitial} aria-hidden>
              {publisherInitial(article.uploader)}
            </span>
          )}
          {favicon && (
            <img
              ref={iconRef}
              className={`${styles.favicon} ${icon === 'loaded' ? styles.faviconLoaded : ''}`}
              src={favicon}
              alt=""
              width={16}
              height={16}
              referrerPolicy="no-referrer"
              onLoad={() => setIcon('loaded')}
              onError={() => setIcon('failed')}
            />
          )}
        </span>
        {site ? (
          <a className={styles.uploader} href={site} target="_blank" rel="noopener noreferrer" aria-label={`${t('card.publisherSite', { name: article.uploader })} ${t('card.opensNewTab')}`}>
            {article.uploader}
          </a>
        ) : (
          <span className={styles.uploader}>{article.uploader}</span>
        )}
        {date && (
          <time className={styles.date} dateTime={article.publishedAt!}>
            {date}
          </time>
        )}
      </footer>
      <button type="button" className={styles.save} onClick={() => onSave(article)} aria-label={t('card.saveLabel', { title: article.title })}>
        <BookmarkPlus size={16} strokeWidth={1.75} aria-hidden />
        <span className={styles.saveText}>{t('card.save')}</span>
      </button>
    </article>
  );
}

/** A placeholder card of exactly a card's size (reserved while a page loads). */
export function ArticleCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden>
      <div className={`${styles.thumb} ${styles.pulse}`} />
      <div className={styles.body}>
        <span className={`${styles.bar} ${styles.pulse}`} />
        <span className={`${styles.bar} ${styles.barShort} ${styles.pulse}`} />
        <span className={styles.tagsPlaceholder} />
      </div>
      <div className={styles.meta}>
        <span className={`${styles.barMeta} ${styles.pulse}`} />
      </div>
    </div>
  );
}
