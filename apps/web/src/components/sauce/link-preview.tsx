import type { Metadata } from '@sauce/contract/meta';
import { ExternalLink, Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpUrl, isImageSrc, linkDomain } from '../../lib/sauces/format.ts';
import styles from './link-preview.module.css';

export interface LinkPreviewProps {
  link: string;
  metadata: Metadata | undefined;
  /** Metadata is being fetched: a skeleton of the same size (DESIGN.md). */
  loading?: boolean;
  /** Render as a link opening in a new tab (only ever for http(s) links). */
  interactive?: boolean;
}

/** A link's preview: image, title, description and domain, in a box that never resizes. */
export function LinkPreview({ link, metadata, loading, interactive }: LinkPreviewProps) {
  const { t } = useTranslation('sauces');
  const [failed, setFailed] = useState<string | null>(null);
  const domain = linkDomain(link) || link;
  const image = metadata?.image && isImageSrc(metadata.image) && failed !== metadata.image ? metadata.image : null;

  const body = loading ? (
    <>
      <div className={`${styles.thumb} ${styles.pulse}`} />
      <div className={styles.text} aria-hidden>
        <span className={`${styles.line} ${styles.pulse}`} />
        <span className={`${styles.line} ${styles.short} ${styles.pulse}`} />
        <span className={`${styles.line} ${styles.tiny} ${styles.pulse}`} />
      </div>
      <span className="visually-hidden">{t('link.loadingPreview')}</span>
    </>
  ) : (
    <>
      <div className={styles.thumb}>
        {image ? (
          <img src={image} alt="" referrerPolicy="no-referrer" onError={() => setFailed(image)} />
        ) : (
          <Globe size={20} strokeWidth={1.75} aria-hidden />
        )}
      </div>
      <div className={styles.text}>
        <span className={styles.title}>{metadata?.title || domain}</span>
        {metadata?.description && <span className={styles.description}>{metadata.description}</span>}
        <span className={styles.domain}>
          {domain}
          {interactive && <ExternalLink size={12} strokeWidth={1.75} aria-hidden />}
        </span>
      </div>
    </>
  );

  if (interactive && isHttpUrl(link) && !loading) {
    return (
      <a className={`${styles.preview} ${styles.interactive}`} href={link} target="_blank" rel="noopener noreferrer">
        {body}
        <span className="visually-hidden">{t('link.opensNewTab')}</span>
      </a>
    );
  }
  return (
    <div className={styles.preview} aria-busy={loading || undefined}>
      {body}
    </div>
  );
}
