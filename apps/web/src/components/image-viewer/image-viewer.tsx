import { LIMITS } from '@sauce/contract/limits';
import { AlertCircle, RotateCw, X } from 'lucide-react';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { type ImageSauceImage, commentsLeft, type NewComment } from '../../lib/sauces/image-sauce/state.ts';
import { type ImageSauceStore, useSauceState } from '../../lib/sauces/use-image-sauce.ts';
import { newKey } from '../../lib/sauces/image-sauce/convert.ts';
import { ImageCommentList } from './image-comment-list.tsx';
import { ImagePalette } from './image-palette.tsx';
import { ImageText } from './image-text.tsx';
import { SimilarImages } from './similar-images.tsx';
import { uploadProblemMessage } from './image-messages.ts';
import { ImageStage } from './image-stage.tsx';
import { ImageStrip } from './image-strip.tsx';
import styles from './image-viewer.module.css';

export interface ImageViewerProps {
  store: ImageSauceStore;
  /** Edit mode: images can be added, removed and reordered, comments placed and edited. */
  editable?: boolean;
  /** Edit mode: the id of the saved source being edited (the similar-image notice leaves it out). */
  sauceId?: number;
  /** Edit mode: opens the file picker. */
  onAddImages?: () => void;
  /** Edit mode: removes an image (the page may ask first). */
  onRemoveImage?: (key: string) => void;
  /** Edit mode: uploads a failed image again. */
  onRetryImage?: (key: string) => void;
  /** An image did not load (its signed URL may have expired): the page may fetch fresh ones. */
  onImageError?: () => void;
  /** Who writes new comments (shown until saved). */
  author?: { nickname: string; profileImage: string | null } | null;
  /** Shown instead of the image while there is none (edit mode: where to add images). */
  empty?: ReactNode;
  /** View mode: the pins are hidden from the image (a board's viewer toggles them, issue #32); the list stays. */
  pinsHidden?: boolean;
  /** View mode: a search's words to mark in the image's words (issue #33: opened from a result found in them). */
  textMarks?: readonly string[];
}

/** Tallest image shape the canvas makes room for (width / height): portrait 1:2. */
const MIN_RATIO = 0.5;
/** Flattest canvas (width / height), for sets of panoramas; also the shape before sizes are known. */
const MAX_RATIO = 16 / 9;

/** An image's width / height, within the shapes the canvas makes room for (4:3 while unknown). */
const ratioOf = (img: ImageSauceImage) =>
  img.width && img.height ? Math.min(MAX_RATIO, Math.max(MIN_RATIO, img.width / img.height)) : 4 / 3;

/**
 * An image source's images and comments, for viewing (view mode, the shared page) and
 * editing: the selected image large with numbered pins, the thumbnails to choose (and in
 * edit mode reorder, add, remove, retry) below it, in view mode its words ('Text in image',
 * issue #33), and its comments beside it — under it on narrow screens. The canvas height follows the tallest image of the set, not the selected
 * one, so choosing another image never moves the thumbnails under the pointer; on phones the
 * thumbnails go above the image instead, which then takes exactly its own height.
 */
export function ImageViewer({
  store,
  editable = false,
  sauceId,
  onAddImages,
  onRemoveImage,
  onRetryImage,
  onImageError,
  author,
  empty,
  pinsHidden = false,
  textMarks,
}: ImageViewerProps) {
  const { t } = useTranslation('images');
  const state = useSauceState(store);
  const { images, dispatch } = state;
  const [hovered, setHovered] = useState<string | null>(null);
  const index = Math.max(
    0,
    images.findIndex((img) => img.key === state.selectedImage),
  );
  const image: ImageSauceImage | null = images[index] ?? null;
  const canAdd = !!image && commentsLeft(image) > 0;

  const ratios = images.filter((img) => img.width && img.height).map(ratioOf);
  const minRatio = Math.max(MIN_RATIO, Math.min(MAX_RATIO, ...ratios));
  const failed = images.filter((img) => img.status === 'failed' && img.problem);

  // The pins and the list show the same selected and hovered comment.
  const commentFocus = { selectedComment: state.selectedComment, hovered, onHover: setHovered };
  const selectComment = (key: string | null) => dispatch({ type: 'selectComment', key });
  // A comment or reply on the selected image, by `author` (named on it until it is saved).
  const addComment = (comment: Omit<NewComment, 'key' | 'authorNickname' | 'authorProfileImage'>) => {
    if (!image) return;
    dispatch({
      type: 'addComment',
      image: image.key,
      comment: {
        key: newKey('n'),
        ...comment,
        authorNickname: author?.nickname ?? null,
        authorProfileImage: author?.profileImage ?? null,
      },
    });
  };

  return (
    <div className={styles.viewer}>
      <div className={`${styles.layout} ${image || !editable ? '' : styles.solo}`}>
        <div className={styles.main}>
          {image ? (
            <div
              className={styles.canvas}
              style={{ '--min-ratio': minRatio, '--ratio': ratioOf(image) } as CSSProperties}
            >
              <ImageStage
                key={image.key}
                image={image}
                index={index}
                total={images.length}
                editable={editable}
                pinsHidden={pinsHidden && !editable}
                canAdd={editable && canAdd}
                {...commentFocus}
                onSelectComment={selectComment}
                onAddComment={(point, message) => addComment({ message, ...point })}
                onImageError={onImageError}
                onMeasured={(width, height) => dispatch({ type: 'measured', key: image.key, width, height })}
              />
            </div>
          ) : (
            empty
          )}
          {(editable ? images.length > 0 : images.length > 1) && (
            <ImageStrip
              className={styles.strip}
              images={images}
              selected={image?.key ?? null}
              editable={editable}
              onSelect={(key) => dispatch({ type: 'selectImage', key })}
              onMove={(from, to) => dispatch({ type: 'move', from, to })}
              onRemove={onRemoveImage}
              onAdd={onAddImages}
            />
          )}
          {!editable && image && <ImageText image={image} marks={textMarks} />}
          {image && <ImagePalette colours={image.palette} className={styles.palette} />}
          {editable && <SimilarImages images={images} editing={sauceId} />}
          {editable && images.length >= LIMITS.imagesPerSauce && (
            <p className={styles.note}>{t('add.full', { max: LIMITS.imagesPerSauce })}</p>
          )}
          {editable && failed.length > 0 && (
            <UploadProblems images={images} failed={failed} onRetry={onRetryImage} onRemove={onRemoveImage} />
          )}
        </div>
        {/* A new source without images has nothing to comment on yet: the drop area takes the room. */}
        {(image || !editable) && (
          <ImageCommentList
            className={styles.side}
            image={image}
            editable={editable}
            {...commentFocus}
            onSelect={selectComment}
            onReply={(parent, message) => addComment({ message, x: 0, y: 0, parent })}
            onEdit={(key, message) => dispatch({ type: 'editComment', key, message })}
            onDelete={(key) => dispatch({ type: 'deleteComment', key })}
            author={author}
          />
        )}
      </div>
    </div>
  );
}

/** Images that did not upload: which, why, and Retry (when it can help) or Remove. */
function UploadProblems({
  images,
  failed,
  onRetry,
  onRemove,
}: {
  images: ImageSauceImage[];
  failed: ImageSauceImage[];
  onRetry?: (key: string) => void;
  onRemove?: (key: string) => void;
}) {
  const { t, i18n } = useTranslation('images');
  return (
    <ul className={styles.problems} aria-label={t('upload.problems')}>
      {failed.map((img) => {
        const n = images.indexOf(img) + 1;
        return (
          <li key={img.key} className={styles.problem}>
            <AlertCircle size={16} strokeWidth={1.75} aria-hidden className={styles.problemIcon} />
            <div className={styles.problemText}>
              <span className={styles.problemName}>
                {t('strip.image', { n })}
                {img.fileName && <span className={styles.fileName}> · {img.fileName}</span>}
              </span>
              <span className={styles.problemReason}>{uploadProblemMessage(t, img.problem!, i18n.language)}</span>
            </div>
            <div className={styles.problemActions}>
              {img.problem!.retryable && img.file && onRetry && (
                <Button size="small" onClick={() => onRetry(img.key)} aria-label={t('upload.retryLabel', { n })}>
                  <RotateCw size={14} strokeWidth={1.75} aria-hidden />
                  {t('upload.retry')}
                </Button>
              )}
              {onRemove && (
                <Button size="small" variant="ghost" onClick={() => onRemove(img.key)} aria-label={t('upload.removeLabel', { n })}>
                  <X size={14} strokeWidth={1.75} aria-hidden />
                  {t('upload.remove')}
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
