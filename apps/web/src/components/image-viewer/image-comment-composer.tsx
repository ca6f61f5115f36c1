import { LIMITS } from '@sauce/contract/limits';
import { type CSSProperties, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { clampText, countChars } from '../../lib/text-limit.ts';
import styles from './image-comment-composer.module.css';

export interface ImageCommentComposerProps {
  /** The textarea's accessible name, e.g. 'Comment 3'. */
  label: string;
  placeholder: string;
  /** Text of the submit button ('Add', 'Save'). */
  submitText: string;
  initial?: string;
  onSubmit: (message: string) => void;
  onCancel: () => void;
  /** 'floating': a card at a pin on the image; 'inline': in the comment list. */
  variant?: 'floating' | 'inline';
  className?: string;
  style?: CSSProperties;
}

/**
 * Writes one comment (SPEC §5: at most 500 characters, line breaks not counted; input over
 * it is cut off). Enter saves, Shift+Enter starts a new line, Escape cancels; an empty
 * comment cannot be saved. Takes focus when it opens.
 */
export function ImageCommentComposer({
  label,
  placeholder,
  submitText,
  initial = '',
  onSubmit,
  onCancel,
  variant = 'inline',
  className,
  style,
}: ImageCommentComposerProps) {
  const { t } = useTranslation('images');
  const id = useId();
  const [message, setMessage] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  const empty = message.trim() === '';

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: variant === 'floating' });
    el.setSelectionRange(el.value.length, el.value.length);
  }, [variant]);

  const submit = () => {
    if (!empty) onSubmit(message.trim());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Keys that end an IME composition (Korean) are not commands.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
  };

  return (
    <form
      className={[styles.composer, styles[variant], className].filter(Boolean).join(' ')}
      style={style}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      // Clicks inside never reach the image under it (which would move the pin).
      onClick={(e) => e.stopPropagation()}
      onPointerDown={(e) => e.stopPropagation()}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={styles.input}
        value={message}
        rows={2}
        placeholder={placeholder}
        aria-describedby={`${id}-hint ${id}-count`}
        onChange={(e) => setMessage(clampText(e.currentTarget.value, LIMITS.commentLength))}
        onKeyDown={onKeyDown}
      />
      <div className={styles.footer}>
        <span className={styles.hint} aria-hidden>
          {t('composer.hint')}
        </span>
        <span id={`${id}-hint`} className="visually-hidden">
          {t('composer.hintLong')}
        </span>
        <span id={`${id}-count`} className={styles.count}>
          {countChars(message)}/{LIMITS.commentLength}
        </span>
      </div>
      <div className={styles.actions}>
        <Button size="small" variant="ghost" onClick={onCancel}>
          {t('composer.cancel')}
        </Button>
        <Button size="small" variant="primary" type="submit" disabled={empty}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
