import type { Sauce } from '@sauce/contract/sauces';
import { FileText, Globe, Hash, Image as ImageIcon, MoreHorizontal, ScanText, StickyNote, Trash2, Unlink } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { aroundMatch, Highlight } from '../../../components/highlight.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/menu.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { isImageSrc, linkDomain, sauceHref, sauceName } from '../../../lib/sauces/format.ts';
import { Avatar } from '../../../components/sauce/author-avatar.tsx';
import styles from './sauce-card.module.css';
import { ArticleBadge, SummaryLine } from '../../../components/sauce/sauce-summary.tsx';

export interface SauceCardProps {
  sauce: Sauce;
  /** Called from the hover menu; the menu shows only when the card is editable (SPEC §6). */
  onDelete?: (sauce: Sauce) => void;
  /** Above the fold: its picture loads at once instead of lazily. */
  priority?: boolean;
  /** A search's words to mark in the title and the snippet (components/highlight.tsx); null without a search. */
  highlight?: RegExp | null;
  /** The search's words themselves, for the source to mark them in an image's words when it opens (issue #33). */
  marks?: readonly string[];
}

const EXCERPT_IN_NAME = 60;

/**
 * A source card (SPEC §2 Cards): preview, title, excerpt, link, tags, then nickname, avatar
 * and date. The title is the card's one link (stretched over the card), so the card is one
 * tab stop named by its title; tags and the menu are separate buttons above it. Every
 * preview box has its size before anything loads, so loading images never move the grid:
 * a text card's is 1.91:1; an image card's has its image's aspect ratio and dominant colour
 * (DESIGN.md Cards and images).
 */
export function SauceCard({ sauce, onDelete, priority, highlight = null, marks }: SauceCardProps) {
  const { t } = useTranslation('sauces');
  const navigate = useNavigate();
  const card = sauce.textCard;
  const named = sauceName(sauce);
  const flatText = card?.text.replace(/\s+/g, ' ').trim() ?? '';
  // An untitled note shows 'Untitled' and is announced with the start of its text.
  const name = named || (flatText ? `${t('untitled')}: ${flatText.slice(0, EXCERPT_IN_NAME)}` : t('untitled'));
  const isImage = sauce.type === 'IMAGE' && isImageSrc(sauce.thumbnail);
  const rawImage = card?.image || sauce.thumbnail;
  // An image that fails to load (its host gone) is treated as no image.
  const [imageFailed, setImageFailed] = useState(false);
  const image = isImageSrc(rawImage) && !imageFailed ? rawImage : null;
  const domain = linkDomain(card?.link);
  const excerpt = card?.text.trim();
  const snippet = sauce.snippet ? snippetToShow(sauce.snippet, highlight, [named, excerpt ?? '', card?.title ?? '']) : null;

  return (
    <article className={styles.card} data-type={sauce.type}>
      {isImage ? (
        <ImagePreview src={sauce.thumbnail!} meta={sauce.thumbnailMeta} priority={priority} />
      ) : (
        <Preview
          image={image}
          sauce={sauce}
          domain={domain}
          excerpt={excerpt}
          shot={!card?.image}
          highlight={highlight}
          priority={priority}
          onImageError={() => setImageFailed(true)}
        />
      )}
      <div className={styles.body}>
        <h2 className={styles.title}>
          <Link to={sauceHref(sauce, marks)} className={`${styles.link} ${named ? '' : styles.untitled}`}>
            {named ? (
              <Highlight text={named} pattern={highlight} />
            ) : (
              <>
                {t('untitled')}
                {flatText && <span className="visually-hidden">: {flatText.slice(0, EXCERPT_IN_NAME)}</span>}
              </>
            )}
          </Link>
        </h2>
        {excerpt && image && (
          <p className={styles.excerpt}>
            <Highlight text={excerpt} pattern={highlight} />
          </p>
        )}
        {snippet && (
          <p className={styles.snippet}>
            {sauce.snippetImage !== undefined && (
              // Issue #33: the words were read in one of the source's images.
              <span className={styles.foundIn}>
                <ScanText size={12} strokeWidth={1.75} aria-hidden />
                {t('card.inImage', { n: sauce.snippetImage + 1 })}
              </span>
            )}
            <Highlight text={`…${snippet.replace(/^…/, '')}…`} pattern={highlight} />
          </p>
        )}
        {sauce.modeType === 'Article' && <SummaryLine sauce={sauce} />}
        {domain && (
          <p className={styles.linkRow}>
            <Globe size={14} strokeWidth={1.75} aria-hidden className={styles.linkIcon} />
            {card?.title && <span className={styles.linkTitle}>{card.title}</span>}
            <span className={styles.domain}>{domain}</span>
            {card?.broken && (
              <span className={styles.broken}>
                <Unlink size={12} strokeWidth={2} aria-hidden />
                {t('card.broken')}
              </span>
            )}
          </p>
        )}
        {sauce.tagSet.length > 0 && (
          <ul className={styles.tags} aria-label={t('card.tags')}>
            {sauce.tagSet.map(({ name: tag }) => (
              <li key={tag}>
                <button
                  type="button"
                  className={styles.tag}
                  onClick={() => navigate(`/dashboard?${new URLSearchParams({ tag, title: tag })}`)}
                >
                  <Hash size={12} strokeWidth={1.75} aria-hidden />
                  {tag}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <footer className={styles.meta}>
        <Avatar nickname={sauce.userNickname} image={sauce.userProfileImage} />
        <span className={styles.nickname}>{sauce.userNickname}</span>
        {sauce.modeType === 'Article' && <ArticleBadge />}
        {/* SPEC §2 Cards: the date, 'YYYY.MM.DD' (issue #19 item 8). */}
        <time className={styles.date} dateTime={sauce.createdAt}>
          {formatDate(sauce.createdAt)}
        </time>
      </footer>
      {sauce.isEditable && onDelete && (
        <Menu modal={false}>
          <MenuTrigger className={styles.menuButton} aria-label={t('card.menu', { title: name })}>
            <MoreHorizontal size={18} strokeWidth={1.75} aria-hidden />
          </MenuTrigger>
          <MenuContent className={styles.menu} align="end" sideOffset={4}>
            <MenuItem icon={Trash2} danger className={styles.menuItem} onSelect={() => onDelete(sauce)}>
              {t('delete.action')}
            </MenuItem>
          </MenuContent>
        </Menu>
      )}
    </article>
  );
}

/** Image cards keep their image's shape within these bounds (tall 1:2, wide 3:1), cropped beyond. */
const MIN_RATIO = 1 / 2;
const MAX_RATIO = 3;
/** Shape of an image source card without its image's size. */
const FALLBACK_RATIO = 4 / 3;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
/** Shown width of a card picture: one column on phones, else a grid column (≈ 248–400 px). */
const CARD_SIZES = '(max-width: 560px) 100vw, 400px';
/** Thumbnails are at most this wide (the API's card size). */
const THUMBNAIL_WIDTH = 640;

/**
 * An image source's picture (DESIGN.md Cards and images): the box takes the image's aspect
 * ratio and dominant colour before anything loads, the WebP thumbnail fades in over it, and
 * a thumbnail that fails (an expired signed URL) leaves the colour box, never a broken icon.
 */
export function ImagePreview({
  src,
  meta,
  priority,
}: {
  src: string;
  meta: Sauce['thumbnailMeta'];
  priority?: boolean;
}) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const sized = meta && meta.width > 0 && meta.height > 0 ? meta : null;
  const ratio = sized ? Math.min(MAX_RATIO, Math.max(MIN_RATIO, sized.width / sized.height)) : FALLBACK_RATIO;
  const color = meta && HEX_COLOR.test(meta.color) ? meta.color : undefined;
  // The thumbnail's own pixels: the image scaled to at most 640 px wide.
  const width = sized ? Math.min(THUMBNAIL_WIDTH, sized.width) : undefined;
  const height = sized && width ? Math.max(1, Math.round((sized.height * width) / sized.width)) : undefined;
  return (
    <div
      className={`${styles.imageBox} ${state === 'loading' && !color ? styles.previewLoading : ''}`}
      style={{ '--ratio': ratio, backgroundColor: color } as CSSProperties}
      data-state={state}
    >
      {state !== 'failed' && (
        <img
          // A cached image may have loaded before React listened.
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0) setState('loaded');
          }}
          src={src}
          srcSet={width ? `${src} ${width}w` : undefined}
          sizes={width ? CARD_SIZES : undefined}
          width={width}
          height={height}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className={`${styles.image} ${state === 'loaded' ? styles.imageLoaded : ''}`}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
    </div>
  );
}

/**
 * A search's snippet as the card shows it (issue #21): cut to start near its first match
 * ({@link aroundMatch}), or null when the card already shows that match — its title, its
 * text or its link's title hold the matched word with the word after it.
 */
function snippetToShow(snippet: string, pattern: RegExp | null, shown: string[]): string | null {
  const text = aroundMatch(snippet.replace(/\s+/g, ' ').trim(), pattern);
  if (!pattern) return text;
  const match = text.match(new RegExp(`${pattern.source}\\s*[^\\s]*`, pattern.flags.replace('g', '')));
  const probe = match?.[0].toLowerCase();
  if (probe && shown.some((s) => s.replace(/\s+/g, ' ').toLowerCase().includes(probe))) return null;
  return text;
}

function Preview({
  image,
  sauce,
  domain,
  excerpt,
  shot,
  highlight,
  priority,
  onImageError,
}: {
  image: string | null;
  sauce: Sauce;
  domain: string;
  excerpt?: string;
  /** The image is the linked page's screenshot (no preview image of its own): its top shows. */
  shot: boolean;
  highlight: RegExp | null;
  priority?: boolean;
  onImageError: () => void;
}) {
  const { t } = useTranslation('sauces');
  const [loaded, setLoaded] = useState(false);
  if (image) {
    return (
      <div className={`${styles.preview} ${loaded ? '' : styles.previewLoading}`}>
        <img
          src={image}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          referrerPolicy="no-referrer"
          className={`${styles.previewImage} ${shot ? styles.previewShot : ''}`}
          onLoad={() => setLoaded(true)}
          onError={onImageError}
        />
      </div>
    );
  }
  // A text source without a link is a note (issue #8): it reads as one — the note's text on
  // a paper-coloured block with a note mark — never an empty grey thumbnail.
  if (sauce.type === 'TEXT' && !domain) {
    return (
      <div className={`${styles.preview} ${styles.note}`} data-kind="note">
        <StickyNote size={16} strokeWidth={1.75} aria-hidden className={styles.noteMark} />
        {excerpt ? (
          <p className={styles.previewExcerpt}>
            <Highlight text={excerpt} pattern={highlight} />
          </p>
        ) : (
          <p className={styles.noteEmpty}>{t('card.emptyNote')}</p>
        )}
      </div>
    );
  }
  // Issue #23: the save did not wait for the linked site; until its preview lands (the live
  // event refreshes the card) the box shows the link's domain, quietly loading.
  if (sauce.textCard?.previewStatus === 'pending') {
    return (
      <div className={`${styles.preview} ${styles.previewEmpty} ${styles.previewLoading}`} data-preview="pending">
        <Globe size={24} strokeWidth={1.75} aria-hidden />
        <span aria-hidden>{domain}</span>
        <span className="visually-hidden">{t('card.previewLoading')}</span>
      </div>
    );
  }
  // No picture: the box keeps its size and shows the text itself, or the link's domain.
  if (excerpt) {
    return (
      <div className={`${styles.preview} ${styles.previewText}`}>
        <p className={styles.previewExcerpt}>
          <Highlight text={excerpt} pattern={highlight} />
        </p>
      </div>
    );
  }
  const Icon = sauce.type === 'IMAGE' ? ImageIcon : domain ? Globe : FileText;
  return (
    <div className={`${styles.preview} ${styles.previewEmpty}`} aria-hidden>
      <Icon size={24} strokeWidth={1.75} />
      {domain && <span>{domain}</span>}
    </div>
  );
}

/** A loading card (SPEC §2): the preview box, then the 4-bar placeholder. */
export function SauceCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden>
      <div className={`${styles.preview} ${styles.previewLoading}`} />
      <TextProgress />
    </div>
  );
}

/** The 4-bar progress placeholder of a loading text card (SPEC §2 Cards). */
export function TextProgress() {
  return (
    <div className={styles.bars}>
      <span className={styles.bar} />
      <span className={styles.bar} />
      <span className={styles.bar} />
      <span className={styles.bar} />
    </div>
  );
}
