import type { Sauce } from '@sauce/contract/sauces';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { useAppStore } from '../../../state/app-store.ts';
import { isHttpUrl } from '../../../lib/sauces/format.ts';
import { LinkCopy } from './link-copy.tsx';
import { LinkPreview } from '../../../components/sauce/link-preview.tsx';
import { PreviewRetry } from './preview-retry.tsx';
import { SauceMeta, SauceTags } from './sauce-meta.tsx';
import { SummaryPanel } from '../../../components/sauce/sauce-summary.tsx';
import { SauceViewToolbar } from '../../../components/sauce/sauce-toolbar.tsx';
import { SavedCopy } from './saved-copy.tsx';
import styles from '../../../components/sauce/text-editor.module.css';

/** A text source's view mode: the source as written; Edit and Delete only when it is editable (SPEC §6). */
export function TextSauceView({ workspaceId, sauce, onEdit }: { workspaceId: number; sauce: Sauce; onEdit: () => void }) {
  const { t } = useTranslation('archive');
  const link = sauce.textSauce?.link ?? null;
  const card = sauce.textCard;
  const title = sauce.title || t('sauces:untitled');

  useEffect(() => useAppStore.getState().set({ mode: 'VIEW' }), []);

  return (
    <div className={styles.page}>
      <DocumentTitle>{`${title} · Sauce`}</DocumentTitle>
      <SauceViewToolbar workspaceId={workspaceId} sauce={sauce} backLabel={t('text.back')} editLabel={t('text.edit')} onEdit={onEdit} />
      <article className={styles.sheet}>
        <h1 className={`${styles.viewTitle} ${sauce.title ? '' : styles.untitled}`}>{title}</h1>
        <SauceMeta sauce={sauce} foldersLabel={t('text.savedIn')} />
        {isHttpUrl(link) && (
          <LinkPreview
            link={link}
            // A page without a preview image shows its saved screenshot (the extension's, issue #20, or the server's, #21).
            metadata={card ? { title: card.title, description: card.description, image: card.image || (sauce.savedCopy?.screenshotThumbnailUrl ?? '') } : undefined}
            loading={card?.previewStatus === 'pending'}
            interactive
          />
        )}
        <PreviewRetry workspaceId={workspaceId} sauce={sauce} />
        <SummaryPanel sauce={sauce} />
        {/* The person's own note first; the page's kept copy after it. */}
        {sauce.textSauce?.text && <div className={styles.viewText}>{sauce.textSauce.text}</div>}
        <SauceTags sauce={sauce} />
        <SavedCopy sauce={sauce} />
        <LinkCopy workspaceId={workspaceId} sauce={sauce} />
      </article>
    </div>
  );
}
