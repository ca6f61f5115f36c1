import type { Sauce } from '@sauce/contract/sauces';
import { Folder as FolderIcon, Hash } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import { Avatar } from '../../../components/sauce/author-avatar.tsx';
import styles from './sauce-meta.module.css';

/** Under a source's title: author, date, `extra` (after the date), and its folders as links. */
export function SauceMeta({
  sauce,
  foldersLabel,
  extra,
  clampNickname = false,
}: {
  sauce: Sauce;
  foldersLabel: string;
  extra?: ReactNode;
  /** Cuts a long nickname short with an ellipsis. */
  clampNickname?: boolean;
}) {
  return (
    <div className={styles.meta}>
      <Avatar nickname={sauce.userNickname} image={sauce.userProfileImage} />
      <span className={clampNickname ? styles.nickname : undefined}>{sauce.userNickname}</span>
      <span aria-hidden>·</span>
      <time dateTime={sauce.createdAt}>{formatDate(sauce.createdAt)}</time>
      {extra}
      {sauce.folderSet.length > 0 && (
        <ul className={styles.folders} aria-label={foldersLabel}>
          {sauce.folderSet.map((f) => (
            <li key={f.id}>
              <Link to={`/dashboard?${new URLSearchParams({ folder: String(f.id), title: f.name })}`} className={styles.folderChip}>
                <FolderIcon size={12} strokeWidth={1.75} aria-hidden />
                {f.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A source's tags as links to their lists (nothing when it has none). */
export function SauceTags({ sauce }: { sauce: Sauce }) {
  const { t } = useTranslation();
  if (sauce.tagSet.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={t('tags:label')}>
      {sauce.tagSet.map(({ name }) => (
        <li key={name}>
          <Link to={`/dashboard?${new URLSearchParams({ tag: name, title: name })}`} className={styles.tag}>
            <Hash size={12} strokeWidth={1.75} aria-hidden />
            {name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
