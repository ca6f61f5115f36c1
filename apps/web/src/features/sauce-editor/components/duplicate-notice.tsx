import { Copy } from 'lucide-react';
import { Link } from 'react-router';
import { sauceHref } from '../../../lib/sauces/format.ts';
import { useDuplicates } from '../api/duplicates.ts';
import styles from './duplicate-notice.module.css';
import { useFindingTexts } from '../i18n/index.ts';

/**
 * Issue #21 item 5: 'Already saved in this space: <title> — Open', under a link being typed
 * or saved, when the space has it already (compared after normalisation; the editor's own
 * source left out). It never blocks the save: a person may keep two on purpose. Says where
 * it is (its folders) and offers to open it instead. Nothing shows while asking or when
 * the link is new.
 */
export function DuplicateNotice({ workspaceId, link, exclude }: { workspaceId: number; link: string | null; exclude?: number }) {
  const { t } = useFindingTexts();
  const { data } = useDuplicates(workspaceId, link, exclude);
  if (!link || !data?.length) return null;
  const [first, ...others] = data;
  const title = first!.title || first!.linkTitle || first!.link || t('sauces:untitled');
  const folders = first!.folderSet.map((f) => f.name).join(', ');
  return (
    <div className={styles.notice} role="status" data-testid="duplicate-notice">
      <Copy size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
      <p className={styles.text}>
        <span className={styles.lead}>{t('duplicate.lead')}</span>{' '}
        <strong className={styles.title}>{title}</strong>
        {folders && <span className={styles.where}> · {t('duplicate.inFolders', { folders })}</span>}
        {others.length > 0 && <span className={styles.where}> · {t('duplicate.more', { count: others.length })}</span>}
      </p>
      <Link to={sauceHref(first!)} className={styles.open} aria-label={t('duplicate.openLabel', { title })}>
        {t('duplicate.open')}
      </Link>
    </div>
  );
}
