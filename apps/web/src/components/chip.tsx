import { Hash, X } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import styles from './chip.module.css';

/** A list of chips (a `ul`; name it with aria-label). */
export function ChipList({ className, ...props }: HTMLAttributes<HTMLUListElement>) {
  return <ul className={[styles.list, className].filter(Boolean).join(' ')} {...props} />;
}

export interface TagChipProps {
  name: string;
  /** The remove button's accessible name, e.g. 'Remove design'. */
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
  /** The chip's left padding differs between lists; set it here. */
  className?: string;
}

/** A picked tag in a ChipList: '#name' and a remove button. */
export function TagChip({ name, removeLabel, onRemove, disabled, className }: TagChipProps) {
  return (
    <li className={[styles.chip, className].filter(Boolean).join(' ')}>
      <Hash size={12} strokeWidth={1.75} aria-hidden />
      {name}
      <button type="button" className={styles.remove} onClick={onRemove} aria-label={removeLabel} disabled={disabled}>
        <X size={12} strokeWidth={1.75} aria-hidden />
      </button>
    </li>
  );
}

/**
 * A source's tags as read-only pills ('#name'), in a list named `label` — as a shared source
 * and a board's cards show them (SPEC §2 share page, issue #32).
 */
export function TagPills({ tags, label }: { tags: readonly { name: string }[]; label: string }) {
  return (
    <ul className={`${styles.list} ${styles.tight}`} aria-label={label}>
      {tags.map(({ name }) => (
        <li key={name} className={styles.pill}>
          <Hash size={12} strokeWidth={1.75} aria-hidden />
          {name}
        </li>
      ))}
    </ul>
  );
}
