import styles from './workspace.module.css';

const SIZE_CLASS = { sm: styles.avatarSm, md: '', lg: styles.avatarLg, xl: styles.avatarXl } as const;

/**
 * A space's image, or its initial on a tinted square. Decorative (the name is always
 * written beside it). The image sits on the surface colour, so a transparent one shows no
 * accent behind it (issue #19 item 8: a red fringe). Sizes: sm 24, md 28, lg 40, xl 64 px.
 */
export function WorkspaceAvatar({ name, image, size = 'md' }: { name: string; image: string | null; size?: keyof typeof SIZE_CLASS }) {
  const cls = `${styles.avatar} ${SIZE_CLASS[size]}`;
  // Over the page's surface, not the initial's tint: a transparent image keeps its own edges.
  if (image) return <img className={`${cls} ${styles.avatarImage}`} src={image} alt="" />;
  return (
    <span className={cls} aria-hidden>
      {Array.from(name.trim())[0]?.toUpperCase() ?? 'S'}
    </span>
  );
}
