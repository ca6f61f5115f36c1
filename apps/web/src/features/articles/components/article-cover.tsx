import type { CategoryKey } from '@sauce/contract/articles';
import type { CSSProperties } from 'react';
import { categoryColor } from '../lib/categories.tsx';
import styles from './article-card.module.css';

/**
 * The generated cover of an article without a picture (issue #10: offline seeds, pages
 * without an image, an image that fails): the category's colour with the publisher's
 * initial and name. Decorative: the card's title names the article.
 */
export function ArticleCover({ category, publisher }: { category: CategoryKey; publisher: string }) {
  const initial = publisherInitial(publisher);
  return (
    <div className={styles.cover} style={{ '--cover': categoryColor(category) } as CSSProperties} aria-hidden>
      <span className={styles.coverInitial}>{initial}</span>
      <span className={styles.coverName}>{publisher}</span>
    </div>
  );
}

/** The letter that stands for a publisher (a leading 'The' or 'www.' skipped): on the cover and in place of a favicon. */
export function publisherInitial(publisher: string): string {
  return Array.from(publisher.replace(/^(the|www\.)\s*/i, '').trim())[0]?.toUpperCase() ?? '·';
}
