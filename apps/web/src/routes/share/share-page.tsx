import type { Sauce } from '@sauce/contract/sauces';
import { BookmarkPlus, Globe, Hash, Lock, RotateCw, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import { useSharedSauce } from '../../features/sauces/api/share-sauce.ts';
import { ImageViewer } from '../../features/sauces/components/image-viewer.tsx';
import { LinkPreview } from '../../features/sauces/components/link-preview.tsx';
import { Avatar } from '../../features/sauces/components/author-avatar.tsx';
import { useSauceArchiveStore } from '../../features/sauces/hooks/use-image-archive.ts';
import { formatSauceDate, sauceName } from '../../features/sauces/lib/format.ts';
import { ApiError } from '../../lib/api.ts';
import styles from './share-page.module.css';
import { DocumentTitle } from '../../components/document-title.tsx';

/**
 * /archive/sauce/share/{id} (SPEC §2, §6): a publicly shared source, read-only and open
 * without sign-in. A 404 means the source is private (sharing off) or gone (SPEC §8
 * messages). Signed-out visitors get a gentle invitation to try Sauce.
 */
export function SharePage() {
  const { id = '' } = useParams();
  const { data: sauce, isPending, error, refetch, isFetching } = useSharedSauce(id);
  const { data: user } = useProfile();
  const signedOut = user === null;

  if (isPending) return <ShareSkeleton />;
  if (!sauce) return <ShareError error={error} signedIn={!!user} retry={() => void refetch()} retrying={isFetching} />;
  return (
    <div className={`${styles.page} ${sauce.type === 'IMAGE' ? styles.wide : ''}`}>
      <SharedSauce sauce={sauce} onStale={() => void refetch()} />
      {signedOut && <TryCallout />}
    </div>
  );
}

/** `onStale`: an image did not load (its signed URL may have expired): fetch the source again. */
function SharedSauce({ sauce, onStale }: { sauce: Sauce; onStale: () => void }) {
  const { t } = useTranslation('share');
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
        <time dateTime={sauce.createdAt}>{formatSauceDate(sauce.createdAt)}</time>
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
      {sauce.tagSet.length > 0 && (
        <ul className={styles.tags} aria-label={t('page.tags')}>
          {sauce.tagSet.map(({ name: tag }) => (
            <li key={tag} className={styles.tag}>
              <Hash size={12} strokeWidth={1.75} aria-hidden />
              {tag}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** An image source's images, pins and comments, read-only: the editor's own viewer. */
function SharedImages({ sauce, onStale }: { sauce: Sauce; onStale: () => void }) {
  const store = useSauceArchiveStore(sauce);
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

/** For signed-out visitors: what Sauce is, and a way in (the landing page). */
function TryCallout() {
  const { t } = useTranslation('share');
  return (
    <aside className={styles.callout} aria-labelledby="share-cta-title">
      <span className={styles.calloutIcon} aria-hidden>
        <BookmarkPlus size={20} strokeWidth={1.75} />
      </span>
      <div className={styles.calloutText}>
        <h2 id="share-cta-title" className={styles.calloutTitle}>
          {t('page.ctaTitle')}
        </h2>
        <p className={styles.calloutBody}>{t('page.ctaBody')}</p>
      </div>
      <ButtonLink to="/intro" variant="primary" className={styles.calloutButton}>
        {t('page.ctaButton')}
      </ButtonLink>
    </aside>
  );
}

/** 404: private (SAUCE_PRIVATE) or not found; anything else can be retried. */
function ShareError({
  error,
  signedIn,
  retry,
  retrying,
}: {
  error: unknown;
  signedIn: boolean;
  retry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('share');
  const missing = error instanceof ApiError && error.status === 404;
  const isPrivate = missing && error.code === 'SAUCE_PRIVATE';
  const title = isPrivate ? t('page.private') : missing ? t('page.notFound') : t('page.loadFailed');
  const next = signedIn ? (
    <ButtonLink to="/dashboard" variant={missing ? 'primary' : 'secondary'}>
      {t('page.toDashboard')}
    </ButtonLink>
  ) : (
    <ButtonLink to="/intro" variant={missing ? 'primary' : 'secondary'}>
      {t('page.toIntro')}
    </ButtonLink>
  );
  return (
    <>
      <DocumentTitle>{`${title} · Sauce`}</DocumentTitle>
      <EmptyState
        icon={isPrivate ? <Lock size={28} strokeWidth={1.75} /> : <SearchX size={28} strokeWidth={1.75} />}
        title={title}
        description={isPrivate ? t('page.privateDescription') : missing ? t('page.notFoundDescription') : undefined}
        actions={
          <>
            {!missing && (
              <Button variant="primary" onClick={retry} disabled={retrying}>
                <RotateCw size={16} strokeWidth={1.75} aria-hidden />
                {t('page.retry')}
              </Button>
            )}
            {next}
          </>
        }
      />
    </>
  );
}

function ShareSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} aria-busy="true">
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
    </div>
  );
}
