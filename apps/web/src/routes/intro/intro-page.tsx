import { FolderTree, Link2, MessageCircle, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import { useProfile } from '../../lib/session.ts';
import { openSignIn } from '../../lib/sign-in-modal.ts';
import styles from './intro-page.module.css';

const FEATURES = [
  { key: 'f1', Icon: MessageCircle },
  { key: 'f2', Icon: Link2 },
  { key: 'f3', Icon: FolderTree },
  { key: 'f4', Icon: Users },
] as const;

/** /intro (SPEC §2): the landing page — what Sauce is, and a sign-in call to action. */
export function IntroPage() {
  const { t } = useTranslation('shell');
  const { data: user } = useProfile();
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>{t('intro.eyebrow')}</p>
          <h1 className={styles.headline}>{t('intro.headline')}</h1>
          <p className={styles.body}>{t('intro.body')}</p>
          <div className={styles.actions}>
            {user ? (
              <ButtonLink to="/dashboard" variant="primary" className={styles.cta}>
                {t('intro.ctaDashboard')}
              </ButtonLink>
            ) : (
              <Button variant="primary" className={styles.cta} onClick={() => openSignIn(false)}>
                {t('intro.cta')}
              </Button>
            )}
            <ButtonLink to="/article" variant="ghost" className={styles.cta}>
              {t('intro.browse')}
            </ButtonLink>
          </div>
        </div>
        <Showcase />
      </section>
      <section className={styles.features} aria-labelledby="intro-features">
        <h2 id="intro-features" className="visually-hidden">
          {t('intro.features')}
        </h2>
        {FEATURES.map(({ key, Icon }) => (
          <article key={key} className={styles.feature}>
            <span className={styles.featureIcon} aria-hidden>
              <Icon size={20} strokeWidth={1.75} />
            </span>
            <h3 className={styles.featureTitle}>{t(`intro.${key}Title`)}</h3>
            <p className={styles.featureBody}>{t(`intro.${key}Body`)}</p>
          </article>
        ))}
      </section>
    </div>
  );
}

/** A drawn impression of the archive: cards with tags and a pinned comment (decorative). */
function Showcase() {
  return (
    <div className={styles.showcase} aria-hidden>
      <div className={`${styles.card} ${styles.cardA}`}>
        <div className={`${styles.thumb} ${styles.thumbWarm}`}>
          <span className={styles.pin} style={{ left: '28%', top: '36%' }}>
            1
          </span>
          <span className={styles.pin} style={{ left: '66%', top: '62%' }}>
            2
          </span>
        </div>
        <span className={styles.line} />
        <span className={`${styles.line} ${styles.short}`} />
        <div className={styles.tags}>
          <span>#onboarding</span>
          <span>#mobile</span>
        </div>
      </div>
      <div className={`${styles.card} ${styles.cardB}`}>
        <div className={`${styles.thumb} ${styles.thumbCool}`} />
        <span className={styles.line} />
        <div className={styles.tags}>
          <span>#typography</span>
        </div>
      </div>
      <div className={`${styles.card} ${styles.cardC}`}>
        <span className={styles.domain}>linear.app</span>
        <span className={styles.line} />
        <span className={`${styles.line} ${styles.short}`} />
        <span className={`${styles.line} ${styles.shorter}`} />
      </div>
    </div>
  );
}
