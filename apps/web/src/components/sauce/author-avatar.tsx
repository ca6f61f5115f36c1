import { useState } from 'react';
import { isImageSrc } from '../../lib/sauces/format.ts';
import styles from './author-avatar.module.css';

/** The author's picture, or the nickname's first letter when there is none. */
export function Avatar({ nickname, image }: { nickname: string; image: string | null }) {
  const [failed, setFailed] = useState(false);
  if (isImageSrc(image) && !failed) {
    return (
      <img className={styles.avatar} src={image} alt="" width={20} height={20} referrerPolicy="no-referrer" onError={() => setFailed(true)} />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initial}`} aria-hidden>
      {Array.from(nickname.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
