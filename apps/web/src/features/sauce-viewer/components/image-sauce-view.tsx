import type { Sauce } from '@sauce/contract/sauces';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { useAppStore } from '../../../state/app-store.ts';
import { useSauceStore } from '../../../lib/sauces/use-image-sauce.ts';
import type { FoundInImage } from '../../../lib/sauces/format.ts';
import styles from '../../../components/sauce/image-editor.module.css';
import { ImageViewer } from '../../../components/image-viewer/image-viewer.tsx';
import { SauceMeta, SauceTags } from './sauce-meta.tsx';
import { SauceViewToolbar } from '../../../components/sauce/sauce-toolbar.tsx';
import { SavedCopy } from './saved-copy.tsx';

/**
 * An image source's view mode: title, author, date, folders, the images with their pins,
 * comments and words (issue #33), tags. Share, Delete and Edit only when the source is editable (SPEC §6).
 */
export function ImageSauceView({
  workspaceId,
  sauce,
  onEdit,
  onStale,
  found = null,
}: {
  workspaceId: number;
  sauce: Sauce;
  onEdit: () => void;
  /** An image failed to load: its signed URL may have expired, fetch the source again. */
  onStale: () => void;
  /** Opened from a search result found in an image's words (issue #33): that image first, the search's words marked. */
  found?: FoundInImage | null;
}) {
  const { t } = useTranslation('images');
  const store = useSauceStore(sauce, found?.image);
  const refetched = useRef<string | null>(null);
  const title = sauce.title || t('sauces:untitled');
  const imageCount = sauce.imageSauce?.length ?? 0;

  useEffect(() => useAppStore.getState().set({ mode: 'VIEW' }), []);

  return (
    <div className={styles.page}>
      <DocumentTitle>{`${title} · Sauce`}</DocumentTitle>
      <SauceViewToolbar workspaceId={workspaceId} sauce={sauce} backLabel={t('back')} editLabel={t('edit')} onEdit={onEdit} />
      <article className={styles.sheet}>
        <header className={styles.head}>
          <h1 className={`${styles.viewTitle} ${sauce.title ? '' : styles.untitled}`}>{title}</h1>
          <SauceMeta
            sauce={sauce}
            foldersLabel={t('savedIn')}
            clampNickname
            extra={
              <>
                <span aria-hidden>·</span>
                <span>{t('imageCount', { count: imageCount })}</span>
              </>
            }
          />
        </header>
        <ImageViewer
          store={store}
          textMarks={found?.marks}
          onImageError={() => {
            // Once per version of the source: fresh signed URLs, not a loop.
            if (refetched.current === sauce.updatedAt) return;
            refetched.current = sauce.updatedAt;
            onStale();
          }}
        />
        <SavedCopy sauce={sauce} />
        <SauceTags sauce={sauce} />
      </article>
    </div>
  );
}
