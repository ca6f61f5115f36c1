import type { Sauce } from '@sauce/contract/sauces';
import { Archive, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/bytes.ts';
import { formatDate } from '../../../lib/dates.ts';
import styles from './saved-copy.module.css';

/** The host of `url`, or null when it is not a URL. */
const hostOf = (url: string | null) => {
  try {
    return url ? new URL(url).host : null;
  } catch {
    return null;
  }
};

/**
 * 'Saved copy' on a source's page (issue #20): what the person saw when the browser
 * extension saved the page — the screenshot of the visible area, and the HTML snapshot in a
 * frame — or, for a link saved anywhere else, the page as the server's browser drew it
 * (issue #21: a full-page screenshot). The snapshot comes from its own path (/saved), which answers with
 * `Content-Security-Policy: sandbox`; the frame is sandboxed too, with no permission at all:
 * no script of the page runs, and nothing in it can read the app's cookies or call its API.
 */
export function SavedCopy({ sauce }: { sauce: Pick<Sauce, 'savedCopy'> }) {
  const { t, i18n } = useTranslation('sauces');
  const copy = sauce.savedCopy;
  if (!copy) return null;
  const host = hostOf(copy.pageUrl);
  return (
    <section className={styles.panel} aria-labelledby="saved-copy-title">
      <div className={styles.head}>
        <Archive size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
        <h2 id="saved-copy-title" className={styles.title}>
          {t('savedCopy.title')}
        </h2>
        <span className={styles.meta}>
          {host ? t('savedCopy.savedFrom', { date: formatDate(copy.capturedAt), host }) : t('savedCopy.savedOn', { date: formatDate(copy.capturedAt) })}
          {' · '}
          {formatBytes(copy.byteSize, i18n.language)}
        </span>
      </div>
      {copy.screenshotUrl && (
        <a href={copy.screenshotUrl} target="_blank" rel="noopener noreferrer" className={styles.shot}>
          <img src={copy.screenshotUrl} alt={t('savedCopy.screenshotAlt')} loading="lazy" decoding="async" />
        </a>
      )}
      {copy.snapshotUrl && (
        <>
          <iframe
            className={styles.frame}
            src={copy.snapshotUrl}
            sandbox=""
            referrerPolicy="no-referrer"
            loading="lazy"
            title={t('savedCopy.frameTitle')}
          />
          <a href={copy.snapshotUrl} target="_blank" rel="noopener noreferrer" className={styles.open}>
            {t('savedCopy.open')}
            <ExternalLink size={14} strokeWidth={1.75} aria-hidden />
          </a>
          <p className={styles.note}>{t('savedCopy.note')}</p>
        </>
      )}
    </section>
  );
}
