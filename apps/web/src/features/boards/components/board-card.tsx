import type { Sauce, SauceImage } from '@sauce/contract/sauces';
import { BookmarkPlus, ExternalLink, Globe } from 'lucide-react';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { TagPills } from '../../../components/chip.tsx';
import { isHttpUrl, isImageSrc, linkDomain, sauceName } from '../../../lib/sauces/format.ts';
import styles from './board.module.css';

/** Images a card shows of one source; the last says how many more there are. */
const TILES = 4;
/** The display image's longest edge, px (the server's resize). */
const DISPLAY_MAX = 2560;
/** The card-size thumbnail's width, at most, px. */
const THUMBNAIL_MAX = 640;

/** An image source's images in their order. */
export const imagesOf = (sauce: Sauce): SauceImage[] => [...(sauce.imageSauce ?? [])].sort((a, b) => a.order - b.order);

/**
 * The `srcset` of a shared image from what the server keeps of it: the card-size thumbnail
 * (640 px wide at most) and the display size (2560 px on the long edge at most), each with
 * its width, so the browser fetches the smallest that fills the tile.
 */
export function imageSrcSet(img: Pick<SauceImage, 'url' | 'thumbnailUrl' | 'width' | 'height'>): string {
  const scale = Math.min(1, DISPLAY_MAX / Math.max(img.width, img.height, 1));
  const display = Math.round(img.width * scale);
  const thumb = Math.min(THUMBNAIL_MAX, img.width);
  return thumb >= display ? `${img.thumbnailUrl} ${thumb}w` : `${img.thumbnailUrl} ${thumb}w, ${img.url} ${display}w`;
}

export interface BoardCardProps {
  sauce: Sauce;
  /** Near the top of the board: its pictures load at once instead of lazily. */
  priority: boolean;
  /** Opens the image viewer at this image (its client key, `s{id}`). */
  onOpen: (imageKey: string) => void;
  /** Signed-in visitors: 'Save to Sauce'. */
  onSave?: () => void;
}

/**
 * A source on a board (issue #32): its picture, then its title, note and tags. An image
 * source shows up to four of its images together in one frame (the last with '+N' when there
 * are more), each a button that opens the viewer there; a text source is a link card — its
 * link's preview image or its note in the frame, the link's title and domain opening it in a
 * new tab. Every frame has the same 4:3 shape, reserved before anything loads, so the grid
 * keeps the folder's order in even rows and nothing moves as pictures arrive.
 */
export function BoardCard({ sauce, priority, onOpen, onSave }: BoardCardProps) {
  const { t } = useTranslation('boards');
  const name = sauceName(sauce);
  const title = name || t('sauces:untitled');
  const note = (sauce.textSauce?.text ?? '').trim();
  const link = sauce.textSauce?.link ?? null;
  const images = sauce.type === 'IMAGE' ? imagesOf(sauce) : [];
  return (
    <article className={styles.card} data-type={sauce.type}>
      {sauce.type === 'IMAGE' ? (
        <Mosaic images={images} title={title} priority={priority} onOpen={onOpen} />
      ) : (
        <LinkFrame sauce={sauce} note={note} priority={priority} />
      )}
      <div className={styles.cardBody}>
        <h2 className={`${styles.cardTitle} ${name ? '' : styles.untitled}`}>{title}</h2>
        {note && (sauce.type === 'IMAGE' || sauce.textCard?.image) && <p className={styles.note}>{note}</p>}
        {link && isHttpUrl(link) && (
          <a className={styles.linkRow} href={link} target="_blank" rel="noopener noreferrer">
            <Globe size={14} strokeWidth={1.75} aria-hidden className={styles.linkIcon} />
            {sauce.textCard?.title && <span className={styles.linkTitle}>{sauce.textCard.title}</span>}
            <span className={styles.domain}>{linkDomain(link)}</span>
            <ExternalLink size={12} strokeWidth={1.75} aria-hidden className={styles.linkIcon} />
            <span className="visually-hidden">{t('sauces:link.opensNewTab')}</span>
          </a>
        )}
        {sauce.tagSet.length > 0 && <TagPills tags={sauce.tagSet} label={t('tags')} />}
        {(images.length > 1 || onSave) && (
          <div className={styles.cardFoot}>
            <span className={styles.count}>{images.length > 1 && t('images', { count: images.length })}</span>
            {onSave && (
              <Button size="small" variant="ghost" onClick={onSave} aria-label={t('saveLabel', { title })} className={styles.save}>
                <BookmarkPlus size={14} strokeWidth={1.75} aria-hidden />
                {t('save')}
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/** An image source's images in one 4:3 frame: one alone (whole), or two to four side by side (cropped). */
function Mosaic({ images, title, priority, onOpen }: { images: SauceImage[]; title: string; priority: boolean; onOpen: (key: string) => void }) {
  const { t } = useTranslation('boards');
  const shown = images.slice(0, TILES);
  const rest = images.length - shown.length;
  return (
    <div className={styles.mosaic} data-count={shown.length}>
      {shown.map((img, i) => (
        <button
          key={img.id}
          type="button"
          className={styles.tile}
          style={{ '--tile-color': img.color } as CSSProperties}
          onClick={() => onOpen(`s${img.id}`)}
          aria-label={t('open', { n: i + 1, total: images.length, title })}
        >
          {isImageSrc(img.thumbnailUrl) && (
            <img
              className={styles.tileImage}
              src={img.thumbnailUrl}
              srcSet={imageSrcSet(img)}
              // The card is a grid column: half the screen on phones, a third to a fifth of it on wider screens.
              sizes={shown.length === 1 ? '(max-width: 640px) 50vw, (max-width: 1280px) 33vw, 400px' : '(max-width: 640px) 25vw, 200px'}
              width={img.width}
              height={img.height}
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              decoding="async"
              draggable={false}
              referrerPolicy="no-referrer"
            />
          )}
          {i === shown.length - 1 && rest > 0 && (
            <span className={styles.moreTiles} aria-hidden>
              {t('moreImages', { count: rest })}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

/** A text source's frame: its link's preview image, else its note, else the link's domain. */
function LinkFrame({ sauce, note, priority }: { sauce: Sauce; note: string; priority: boolean }) {
  const [failed, setFailed] = useState(false);
  const image = sauce.textCard?.image;
  const link = sauce.textSauce?.link ?? null;
  if (image && isImageSrc(image) && !failed) {
    const picture = (
      <img
        className={styles.frameImage}
        src={image}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
    // The whole picture leads to the link too, for the pointer; the keyboard has the link row.
    return link && isHttpUrl(link) ? (
      <a className={styles.frame} href={link} target="_blank" rel="noopener noreferrer" tabIndex={-1} aria-hidden>
        {picture}
      </a>
    ) : (
      <div className={styles.frame}>{picture}</div>
    );
  }
  return (
    <div className={`${styles.frame} ${styles.textFrame}`}>
      {note ? (
        <p className={styles.frameNote}>{note}</p>
      ) : (
        <span className={styles.frameDomain}>
          <Globe size={20} strokeWidth={1.75} aria-hidden />
          {linkDomain(link)}
        </span>
      )}
    </div>
  );
}
