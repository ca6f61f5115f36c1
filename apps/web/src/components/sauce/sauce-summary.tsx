import type { Sauce } from '@sauce/contract/sauces';
import { ExternalLink, Loader2, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './sauce-summary.module.css';

/**
 * A saved article's summary on its card (issue #10): the first lines of a ready summary,
 * 'Summarising…' while the job runs, or why there is none. Nothing for other sources.
 */
export function SummaryLine({ sauce }: { sauce: Pick<Sauce, 'summary'> }) {
  const { t } = useTranslation('articles');
  const s = sauce.summary;
  if (!s) return null;
  if (s.status === 'pending') {
    return (
      <p className={`${styles.line} ${styles.muted}`} role="status">
        <Loader2 size={14} strokeWidth={1.75} aria-hidden className={styles.spin} />
        {t('summary.pending')}
      </p>
    );
  }
  if (s.status !== 'ready') {
    return <p className={`${styles.line} ${styles.muted}`}>{t(s.status === 'failed' ? 'summary.failed' : 'summary.unavailable')}</p>;
  }
  return (
    <p className={styles.line}>
      <Sparkles size={14} strokeWidth={1.75} aria-label={t('summary.title')} className={styles.icon} />
      <span className={styles.clamp}>{s.text.replace(/\n/g, ' ')}</span>
    </p>
  );
}

/** The 'Article' mark of a saved article's card. */
export function ArticleBadge() {
  const { t } = useTranslation('articles');
  return <span className={styles.badge}>{t('summary.badge')}</span>;
}

/**
 * A saved article's summary on its page (issue #10): the sentences, how they were made,
 * the 'Summarising…' state, or 'summary not available for this site'; and the article's
 * link. Nothing for sources that are not saved articles.
 */
export function SummaryPanel({ sauce }: { sauce: Pick<Sauce, 'summary' | 'modeType' | 'destination'> }) {
  const { t } = useTranslation('articles');
  if (sauce.modeType !== 'Article') return null;
  const s = sauce.summary;
  return (
    <section className={styles.panel} aria-labelledby="sauce-summary-title">
      <div className={styles.panelHead}>
        <h2 id="sauce-summary-title" className={styles.panelTitle}>
          <Sparkles size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
          {t('summary.title')}
        </h2>
        {sauce.destination && (
          <a className={styles.open} href={sauce.destination} target="_blank" rel="noopener noreferrer">
            {t('summary.openArticle')}
            <ExternalLink size={14} strokeWidth={1.75} aria-hidden />
            <span className="visually-hidden">{t('card.opensNewTab')}</span>
          </a>
        )}
      </div>
      {!s ? null : s.status === 'pending' ? (
        <div className={styles.pending} role="status">
          <Loader2 size={16} strokeWidth={1.75} aria-hidden className={styles.spin} />
          <div>
            <p className={styles.pendingTitle}>{t('summary.pending')}</p>
            <p className={styles.hint}>{t('summary.pendingHint')}</p>
          </div>
        </div>
      ) : s.status === 'ready' ? (
        <>
          <ul className={styles.sentences}>
            {s.text.split('\n').map((sentence, i) => (
              <li key={i}>{sentence}</li>
            ))}
          </ul>
          {s.method && <p className={styles.hint}>{t(`summary.${s.method}`)}</p>}
        </>
      ) : (
        <p className={styles.hint}>{t(s.status === 'failed' ? 'summary.failed' : 'summary.unavailable')}</p>
      )}
    </section>
  );
}
