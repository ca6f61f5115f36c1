import { BookmarkPlus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../button-link.tsx';
import styles from './share-gate.module.css';

/** For signed-out visitors of a shared source or board: what Sauce is, and a way in (the landing page). */
export function TryCallout() {
  const { t } = useTranslation('share');
  const id = useId();
  return (
    <aside className={styles.callout} aria-labelledby={id}>
      <span className={styles.calloutIcon} aria-hidden>
        <BookmarkPlus size={20} strokeWidth={1.75} />
      </span>
      <div className={styles.calloutText}>
        <h2 id={id} className={styles.calloutTitle}>
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
