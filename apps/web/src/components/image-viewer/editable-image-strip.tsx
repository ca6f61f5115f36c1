import { DragDropContext, Draggable, Droppable } from '@hello-pangea/dnd';
import { LIMITS } from '@sauce/contract/limits';
import { AlertCircle, ImagePlus, X } from 'lucide-react';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentBadge, type ImageStripProps, Thumb, UploadBar } from './image-strip-parts.tsx';
import styles from './image-strip.module.css';
import { Tooltip } from '../tooltip.tsx';

/**
 * The edit mode of {@link ImageStrip}: each image shows its upload (a bar, or why it
 * failed), can be removed, and the list reorders by dragging with the mouse, a touch
 * long-press or the keyboard (@hello-pangea/dnd: Space lifts, arrows move, Space drops,
 * Escape cancels); an add tile follows while there is room. A chunk of its own (issue #11).
 */
export function EditableImageStrip({ images, selected, onSelect, onMove, onRemove, onAdd, className }: ImageStripProps) {
  const { t } = useTranslation('images');
  const descPrefix = useId();
  const position = (index: number) => index + 1;
  const selectOnKey = (e: KeyboardEvent, key: string) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onSelect(key);
    }
  };

  return (
    <div className={[styles.row, className].filter(Boolean).join(' ')}>
      <DragDropContext
        dragHandleUsageInstructions={t('strip.dragHint')}
        onDragStart={(start, provided) =>
          provided.announce(
            t('strip.dragStart', { n: position(start.source.index), position: position(start.source.index) }),
          )
        }
        onDragUpdate={(update, provided) =>
          update.destination && provided.announce(t('strip.dragUpdate', { position: position(update.destination.index) }))
        }
        onDragEnd={(result, provided) => {
          provided.announce(
            result.destination
              ? t('strip.dragDrop', { position: position(result.destination.index) })
              : t('strip.dragCancel'),
          );
          if (result.destination && result.destination.index !== result.source.index) {
            onMove?.(result.source.index, result.destination.index);
          }
        }}
      >
        <Droppable droppableId="images" direction="horizontal">
          {(drop) => (
            <ol className={styles.strip} ref={drop.innerRef} {...drop.droppableProps} aria-label={t('strip.label')}>
              {images.map((img, index) => {
                const n = index + 1;
                const descId = `${descPrefix}-${img.key}`;
                return (
                  <Draggable key={img.key} draggableId={img.key} index={index}>
                    {(drag, snapshot) => (
                      <li
                        ref={drag.innerRef}
                        {...drag.draggableProps}
                        className={`${styles.tile} ${snapshot.isDragging ? styles.dragging : ''}`}
                      >
                        <div
                          {...drag.dragHandleProps}
                          role="button"
                          tabIndex={0}
                          aria-label={t('strip.image', { n })}
                          aria-pressed={img.key === selected}
                          aria-describedby={[descId, drag.dragHandleProps?.['aria-describedby']].filter(Boolean).join(' ')}
                          className={`${styles.thumb} ${img.key === selected ? styles.selected : ''} ${
                            img.status === 'failed' ? styles.failed : ''
                          }`}
                          style={{ backgroundColor: img.color ?? undefined }}
                          onClick={() => onSelect(img.key)}
                          onKeyDown={(e) => selectOnKey(e, img.key)}
                        >
                          <Thumb img={img} />
                          {img.status === 'failed' && (
                            <span className={styles.failedIcon} aria-hidden>
                              <AlertCircle size={20} strokeWidth={2} />
                            </span>
                          )}
                          {img.comments.length > 0 && <CommentBadge count={img.comments.length} />}
                        </div>
                        <span id={descId} className="visually-hidden">
                          {[
                            img.status === 'uploading'
                              ? img.progress >= 1
                                ? t('upload.processing')
                                : t('upload.uploading', { percent: Math.round(img.progress * 100) })
                              : img.status === 'failed'
                                ? t('upload.failed')
                                : '',
                            img.comments.length ? t('strip.comments', { count: img.comments.length }) : '',
                          ]
                            .filter(Boolean)
                            .join('. ')}
                        </span>
                        <UploadBar img={img} n={n} />
                        <Tooltip content={t('strip.remove', { n })}>
                          <button type="button" className={styles.remove} aria-label={t('strip.remove', { n })} onClick={() => onRemove?.(img.key)}>
                            <X size={12} strokeWidth={2.25} aria-hidden />
                          </button>
                        </Tooltip>
                      </li>
                    )}
                  </Draggable>
                );
              })}
              {drop.placeholder}
            </ol>
          )}
        </Droppable>
      </DragDropContext>
      {onAdd && images.length < LIMITS.imagesPerSauce && (
        <button type="button" className={styles.add} onClick={onAdd} aria-label={t('add.more')}>
          <ImagePlus size={20} strokeWidth={1.75} aria-hidden />
          <span className={styles.addText}>{t('add.tile')}</span>
        </button>
      )}
      <span className={styles.count} aria-label={t('imageCount', { count: images.length })}>
        {t('strip.count', { count: images.length, max: LIMITS.imagesPerSauce })}
      </span>
    </div>
  );
}
