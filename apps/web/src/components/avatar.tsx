import styles from './avatar.module.css';

export interface AvatarProps {
  /** Whose avatar: its first letter stands in when there is no image. */
  name: string;
  image: string | null;
  /** 24, 32 (default) or 40 px. */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A person's round avatar: their profile image, or the initial of their name. Decorative. */
export function Avatar({ name, image, size = 'md', className }: AvatarProps) {
  const cls = [styles.avatar, styles[size], className].filter(Boolean).join(' ');
  if (image) return <img src={image} alt="" className={cls} />;
  return (
    <span className={cls} aria-hidden>
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
