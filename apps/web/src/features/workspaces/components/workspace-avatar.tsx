import styles from './workspace.module.css';

/** A space's image, or its initial on a tinted square. */
export function WorkspaceAvatar({ name, image, size = 'md' }: { name: string; image: string | null; size?: 'sm' | 'md' }) {
  const cls = `${styles.avatar} ${size === 'sm' ? styles.avatarSm : ''}`;
  if (image) return <img className={cls} src={image} alt="" width={28} height={28} />;
  return (
    <span className={cls} aria-hidden>
      {Array.from(name.trim())[0]?.toUpperCase() ?? 'S'}
    </span>
  );
}
