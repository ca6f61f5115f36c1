import type { SimilarSauce } from '@sauce/contract/sauces';
import { Copy, ExternalLink } from 'lucide-react';
import type { ImageSauceImage } from '../../lib/sauces/image-sauce/state.ts';
import { sauceHref } from '../../lib/sauces/format.ts';
import styles from './similar-images.module.css';
import { useTranslation } from 'react-i18next';

/**
 * Issue #21 item 5: for each image just uploaded that the space already holds (nearly
 * identical, by perceptual hash), a quiet notice naming the source(s) it is in, each a link
 * that opens in a new tab so the editor's work stays. It never blocks saving. The source
 * being edited (`editing`, its id) is not named: its own images are no news.
 */
export function SimilarImages({ images, editing }: { images: readonly ImageSauceImage[]; editing?: number }) {
  const { t } = useTranslation('images');
  const found = images
    .map((img, i) => ({ img, n: i + 1, sauces: img.similarTo.filter((s) => s.id !== editing) }))
    .filter(({ sauces }) => sauces.length > 0);
  if (found.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={t('similar.label')}>
      {found.map(({ img, n, sauces }) => (
        <li key={img.key} className={styles.notice}>
          <Copy size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
          <div className={styles.text}>
            <p className={styles.message}>
              {images.length > 1 ? t('similar.messageNumbered', { n }) : t('similar.message')}
            </p>
            <ul className={styles.sources}>
              {sauces.map((s: SimilarSauce) => (
                <li key={s.id}>
                  <a className={styles.source} href={sauceHref(s)} target="_blank" rel="noopener">
                    <img className={styles.thumb} src={s.thumbnailUrl} alt="" width={32} height={32} loading="lazy" />
                    <span className={styles.name}>{s.title || t('similar.untitled')}</span>
                    <ExternalLink size={12} strokeWidth={1.75} aria-hidden />
                    <span className="visually-hidden">{t('similar.newTab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ul>
  );
}
