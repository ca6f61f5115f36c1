import { BookmarkPlus, Lock, RotateCw, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useProfile } from '../../lib/session.ts';
import { useSharedSauce } from '../../lib/sauces/share-sauce.ts';
import { SharedSauce, SharedSauceSkeleton } from '../../features/sauce-viewer/components/shared-sauce.tsx';
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

  if (isPending) {
    return (
      <div className={styles.page} aria-busy="true">
        <SharedSauceSkeleton />
      </div>
    );
  }
  if (!sauce) return <ShareError error={error} signedIn={!!user} retry={() => void refetch()} retrying={isFetching} />;
  return (
    <div className={`${styles.page} ${sauce.type === 'IMAGE' ? styles.wide : ''}`}>
      <SharedSauce sauce={sauce} onStale={() => void refetch()} />
      {signedOut && <TryCallout />}
    </div>
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
