import type { Sauce } from '@sauce/contract/sauces';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/call.ts';
import { sauceKeys } from '../../../lib/query-keys.ts';
import styles from './saved-copy.module.css';

/**
 * 'Saved copy' of a text source's link (issue #21): the linked page's readable text, kept
 * when the source was saved, so the reference stays readable when the page changes or goes.
 * Read from `GET …/{id}/copy` when the person opens it (the text can be long). The page's
 * screenshot (the server's browser, or the extension's capture) shows above it in SavedCopy.
 */
export function LinkCopy({ workspaceId, sauce }: { workspaceId: number; sauce: Pick<Sauce, 'id' | 'textCard' | 'savedCopy'> }) {
  const { t } = useTranslation('sauces');
  const [open, setOpen] = useState(false);
  const status = sauce.textCard?.copyStatus;
  const { data, isError } = useQuery({
    queryKey: [...sauceKeys.detail(workspaceId, sauce.id), 'copy'],
    queryFn: ({ signal }) => call('GET /archive/sauce/:workspace/:id/copy', { params: { workspace: workspaceId, id: sauce.id }, signal }),
    enabled: open && status === 'ready',
    staleTime: Infinity,
  });
  if (status !== 'ready') return null;
  return (
    <details className={styles.panel} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={styles.head}>
        <FileText size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
        {/* Beside a screenshot (SavedCopy, titled 'Saved copy'), this is the page's text. */}
        <span className={styles.title}>{t(sauce.savedCopy ? 'savedCopy.textTitle' : 'savedCopy.title')}</span>
        <span className={styles.meta}>{t(sauce.savedCopy ? 'savedCopy.kept' : 'savedCopy.readable')}</span>
      </summary>
      {isError ? (
        <p className={styles.note}>{t('savedCopy.loadFailed')}</p>
      ) : data?.text ? (
        <div className={styles.readable}>
          {data.text.split(/\n{2,}/).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      ) : (
        <p className={styles.note} aria-busy>
          {t('savedCopy.loading')}
        </p>
      )}
    </details>
  );
}
