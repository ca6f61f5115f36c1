import type { Sauce } from '@sauce/contract/sauces';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagPills } from '../../../components/chip.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { formatDate, useDateTimeZone } from '../../../lib/dates.ts';
import { useSauceStore } from '../../../lib/sauces/use-image-sauce.ts';
import { sauceName } from '../../../lib/sauces/format.ts';
import { Avatar } from '../../../components/sauce/author-avatar.tsx';
import { ImageViewer } from '../../../components/image-viewer/image-viewer.tsx';
import { LinkPreview } from '../../../components/sauce/link-preview.tsx';
import styles from './shared-sauce.module.css';

/**
 * A publicly shared source, read-only (SPEC §2 /archive/sauce/share/{id}): badge, title,
 * author and date, link preview, text, images with their pins and comments, tags.
 * `onStale`: an image did not load (its signed URL may have expired): fetch the source again.
 */
export function SharedSauce({ sauce, onStale }: { sauce: Sauce; onStale: () => void }) {
  const { t } = useTranslation('share');
  // Rendered by the server too: its date in UTC there and while hydrating, then the visitor's.
  const timeZone = useDateTimeZone();
  const name = sauceName(sauce);
  const title = name || t('sauces:untitled');
  const link = sauce.textSauce?.link ?? null;
  const card = sauce.textCard;
  const text = sauce.textSauce?.text ?? '';
  return (
    <article className={styles.sheet}>
      <DocumentTitle>{`${title} · Sauce`}</DocumentTitle>
      <p className={styles.badge}>
        <Globe size={14} strokeWidth={1.75} aria-hidden />
        {t('page.badge')}
      </p>
      <h1 className={`${styles.title} ${name ? '' : styles.untitled}`}>{title}</h1>
      <div className={styles.meta}>
        <Avatar nickname={sauce.userNickname} image={sauce.userProfileImage} />
        <span className={styles.nickname}>{sauce.userNickname}</span>
        <span aria-hidden>·</span>
        <time dateTime={sauce.createdAt}>{formatDate(sauce.createdAt, { timeZone })}</time>
      </div>
      {link && (
        // Only http(s) links become links; LinkPreview checks again.
        <LinkPreview
          link={link}
          metadata={card ? { title: card.title, description: card.description, image: card.image } : undefined}
          interactive
        />
      )}
      {text && <div className={styles.text}>{text}</div>}
      {sauce.type === 'IMAGE' && <SharedImages sauce={sauce} onStale={onStale} />}
      {sauce.tagSet.length > 0 && <TagPills tags={sauce.tagSet} label={t('page.tags')} />}
    </article>
  );
}

/** An image source's images, pins and comments, read-only: the editor's own viewer. */
function SharedImages({ sauce, onStale }: { sauce: Sauce; onStale: () => void }) {
  const store = useSauceStore(sauce);
  const [refetchedFor, setRefetchedFor] = useState<string | null>(null);
  return (
    <ImageViewer
      store={store}
      onImageError={() => {
        // Once per version of the source: fresh signed URLs, not a loop.
        if (refetchedFor === sauce.updatedAt) return;
        setRefetchedFor(sauce.updatedAt);
        onStale();
      }}
    />
  );
}

/** The shared source's placeholder while it loads. */
export function SharedSauceSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.sheet}>
      <span className="visually-hidden">{t('loading')}</span>
      <span className={`${styles.skel} ${styles.skelBadge}`} aria-hidden />
      <span className={`${styles.skel} ${styles.skelTitle}`} aria-hidden />
      <span className={`${styles.skel} ${styles.skelMeta}`} aria-hidden />
      <span className={`${styles.skel} ${styles.skelLink}`} aria-hidden />
      <span className={`${styles.skel} ${styles.skelLine}`} aria-hidden />
      <span className={`${styles.skel} ${styles.skelLine}`} aria-hidden />
      <span className={`${styles.skel} ${styles.skelShort}`} aria-hidden />
    </div>
  );
}
