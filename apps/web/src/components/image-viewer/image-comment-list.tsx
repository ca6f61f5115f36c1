import { LIMITS } from '@sauce/contract/limits';
import { CornerDownRight, type LucideIcon, MessageSquare, Pencil, Reply, Trash2 } from 'lucide-react';
import { type ComponentProps, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../dialogs/confirm.tsx';
import { type ImageSauceComment, type ImageSauceImage, commentNumbers, commentsLeft } from '../../lib/sauces/image-sauce/state.ts';
import { formatDateTime, relativeTime } from '../../lib/dates.ts';
import { Avatar } from '../sauce/author-avatar.tsx';
import { ImageCommentComposer } from './image-comment-composer.tsx';
import styles from './image-comment-list.module.css';
import { Tooltip } from '../tooltip.tsx';

export interface ImageCommentListProps {
  /** The selected image; null when there is none yet. */
  image: ImageSauceImage | null;
  /** Edit mode: reply, edit and delete. */
  editable: boolean;
  selectedComment: string | null;
  hovered: string | null;
  onHover: (key: string | null) => void;
  onSelect: (key: string | null) => void;
  onReply: (parent: string, message: string) => void;
  onEdit: (key: string, message: string) => void;
  onDelete: (key: string) => void;
  /** Who is writing: named on new comments (and those of a draft) until they are saved. */
  author?: { nickname: string; profileImage: string | null } | null;
  className?: string;
}

type Editing = { kind: 'reply' | 'edit'; key: string } | null;

/**
 * The comments of the selected image beside it (DESIGN.md Image comments), numbered like
 * their pins; replies indent under their parent. Hovering or focusing an item highlights its
 * pin, and the reverse. In edit mode: reply (top-level comments only), edit, delete
 * (deleting a comment with replies asks first); at 10 comments the reply buttons are
 * disabled with a note.
 */
export function ImageCommentList({
  image,
  editable,
  selectedComment,
  hovered,
  onHover,
  onSelect,
  onReply,
  onEdit,
  onDelete,
  author,
  className,
}: ImageCommentListProps) {
  const { t } = useTranslation('images');
  const headingId = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const comments = image?.comments ?? [];
  const numbers = image ? commentNumbers(image) : new Map<string, number>();
  const topLevel = comments.filter((c) => c.parent === null);
  const full = !!image && commentsLeft(image) === 0;

  const remove = async (c: ImageSauceComment, n: number) => {
    const replies = comments.filter((r) => r.parent === c.key).length;
    if (replies > 0) {
      const ok = await confirmDialog({
        title: t('comments.deleteTitle', { n }),
        description: t('comments.deleteDescription', { count: replies }),
        confirmText: t('comments.deleteConfirm'),
        destructive: true,
      });
      if (!ok) return;
    }
    onDelete(c.key);
  };

  const hoverProps = (key: string) => ({
    onMouseEnter: () => onHover(key),
    onMouseLeave: () => onHover(null),
    onFocus: () => onHover(key),
    onBlur: () => onHover(null),
  });

  const body = (comment: ImageSauceComment, editLabel: string) => (
    <CommentBody
      comment={comment}
      author={author}
      editing={editing?.kind === 'edit' && editing.key === comment.key}
      editLabel={editLabel}
      onSaveEdit={(message) => {
        onEdit(comment.key, message);
        setEditing(null);
      }}
      onCancelEdit={() => setEditing(null)}
      onClick={() => onSelect(comment.key)}
    />
  );

  return (
    <aside className={[styles.panel, className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {t('comments.title')}
        </h2>
        {image && (
          <span className={styles.count} aria-label={t('commentCount', { count: comments.length })}>
            {editable ? t('comments.count', { count: comments.length, max: LIMITS.commentsPerImage }) : comments.length}
          </span>
        )}
      </header>
      {editable && full && (
        <p className={styles.note} role="status">
          {t('comments.full', { max: LIMITS.commentsPerImage })}
        </p>
      )}
      {!image ? (
        <p className={styles.empty}>{t('comments.noImage')}</p>
      ) : topLevel.length === 0 ? (
        <div className={styles.empty}>
          <MessageSquare size={20} strokeWidth={1.75} aria-hidden className={styles.emptyIcon} />
          <p>{editable ? t('comments.emptyEdit') : t('comments.emptyView')}</p>
        </div>
      ) : (
        <ol className={styles.list}>
          {topLevel.map((c) => {
            const n = numbers.get(c.key)!;
            const replies = comments.filter((r) => r.parent === c.key);
            const highlighted = hovered === c.key || replies.some((r) => r.key === hovered);
            const selected = selectedComment === c.key || replies.some((r) => r.key === selectedComment);
            return (
              <li
                key={c.key}
                className={`${styles.item} ${highlighted ? styles.highlighted : ''} ${selected ? styles.selected : ''}`}
                data-highlighted={highlighted || undefined}
                onMouseEnter={() => onHover(c.key)}
                onMouseLeave={() => onHover(null)}
              >
                <div className={styles.row}>
                  <button
                    type="button"
                    className={styles.number}
                    aria-label={t('comments.show', { n })}
                    aria-pressed={selectedComment === c.key}
                    onClick={() => onSelect(selectedComment === c.key ? null : c.key)}
                    {...hoverProps(c.key)}
                  >
                    {n}
                  </button>
                  {body(c, t('comments.editComment', { n }))}
                </div>
                {editable && !(editing?.key === c.key) && (
                  <div className={styles.actions}>
                    <CommentAction
                      Icon={Reply}
                      text={t('comments.reply')}
                      label={t('comments.replyTo', { n })}
                      disabled={full}
                      onClick={() => setEditing({ kind: 'reply', key: c.key })}
                      {...hoverProps(c.key)}
                    />
                    {c.isMine && (
                      <>
                        <CommentAction
                          Icon={Pencil}
                          text={t('comments.edit')}
                          label={t('comments.editComment', { n })}
                          onClick={() => setEditing({ kind: 'edit', key: c.key })}
                          {...hoverProps(c.key)}
                        />
                        <CommentAction
                          Icon={Trash2}
                          text={t('comments.delete')}
                          label={t('comments.deleteComment', { n })}
                          danger
                          onClick={() => void remove(c, n)}
                          {...hoverProps(c.key)}
                        />
                      </>
                    )}
                  </div>
                )}
                {replies.length > 0 && (
                  <ol className={styles.replies} aria-label={t('comments.replies', { n })}>
                    {replies.map((r, i) => (
                      <li key={r.key} className={`${styles.reply} ${selectedComment === r.key ? styles.replySelected : ''}`}>
                        <CornerDownRight size={14} strokeWidth={1.75} aria-hidden className={styles.replyIcon} />
                        <div className={styles.replyMain}>
                          {body(r, t('comments.editReply', { n, i: i + 1 }))}
                          {editable && r.isMine && editing?.key !== r.key && (
                            <div className={styles.actions}>
                              <CommentAction
                                Icon={Pencil}
                                text={t('comments.edit')}
                                label={t('comments.editReply', { n, i: i + 1 })}
                                onClick={() => setEditing({ kind: 'edit', key: r.key })}
                                {...hoverProps(r.key)}
                              />
                              <CommentAction
                                Icon={Trash2}
                                text={t('comments.delete')}
                                label={t('comments.deleteReply', { n, i: i + 1 })}
                                danger
                                onClick={() => onDelete(r.key)}
                                {...hoverProps(r.key)}
                              />
                            </div>
                          )}
                        </div>
                      </li>
                    ))}
                  </ol>
                )}
                {editing?.kind === 'reply' && editing.key === c.key && (
                  <ImageCommentComposer
                    className={styles.replyComposer}
                    label={t('composer.replyLabel', { n })}
                    placeholder={t('composer.replyPlaceholder')}
                    submitText={t('composer.add')}
                    onCancel={() => setEditing(null)}
                    onSubmit={(message) => {
                      onReply(c.key, message);
                      setEditing(null);
                    }}
                  />
                )}
              </li>
            );
          })}
        </ol>
      )}
    </aside>
  );
}

/** A comment's action button: its icon and word (only the icon with a pointer), named for the comment it acts on. */
function CommentAction({
  Icon,
  text,
  label,
  danger = false,
  ...button
}: {
  Icon: LucideIcon;
  text: string;
  label: string;
  danger?: boolean;
} & Pick<ComponentProps<'button'>, 'disabled' | 'onClick' | 'onMouseEnter' | 'onMouseLeave' | 'onFocus' | 'onBlur'>) {
  return (
    <Tooltip content={label}>
      <button type="button" className={danger ? `${styles.action} ${styles.danger}` : styles.action} aria-label={label} {...button}>
        <Icon size={14} strokeWidth={1.75} aria-hidden />
        <span className={styles.actionText}>{text}</span>
      </button>
    </Tooltip>
  );
}

/** A comment's message and author line, or its editor. */
function CommentBody({
  comment,
  author,
  editing,
  editLabel,
  onSaveEdit,
  onCancelEdit,
  onClick,
}: {
  comment: ImageSauceComment;
  author?: { nickname: string; profileImage: string | null } | null;
  editing: boolean;
  editLabel: string;
  onSaveEdit: (message: string) => void;
  onCancelEdit: () => void;
  onClick: () => void;
}) {
  const { t } = useTranslation('images');
  if (editing) {
    return (
      <ImageCommentComposer
        className={styles.editComposer}
        label={editLabel}
        initial={comment.message}
        placeholder={t('composer.placeholder')}
        submitText={t('composer.update')}
        onSubmit={onSaveEdit}
        onCancel={onCancelEdit}
      />
    );
  }
  const nickname = comment.authorNickname ?? author?.nickname ?? t('comments.you');
  const picture = comment.authorNickname === null ? (author?.profileImage ?? null) : comment.authorProfileImage;
  return (
    // Clicking the text selects the comment too (the number button does it by keyboard).
    <div className={styles.body} onClick={onClick}>
      <p className={styles.message}>{comment.message}</p>
      <p className={styles.meta}>
        <Avatar nickname={nickname} image={picture} />
        <span className={styles.author}>{nickname}</span>
        <span aria-hidden>·</span>
        {comment.createdAt ? (
          // Relative to now: a shared page may be hydrated minutes after the server wrote it.
          <Tooltip content={formatDateTime(comment.createdAt)}>
            <time dateTime={comment.createdAt} suppressHydrationWarning>
              {relativeTime(comment.createdAt)}
            </time>
          </Tooltip>
        ) : (
          <span>{t('comments.unsaved')}</span>
        )}
      </p>
    </div>
  );
}
