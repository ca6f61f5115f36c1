import { DragDropContext, Draggable, type DraggableProvidedDragHandleProps, Droppable } from '@hello-pangea/dnd';
import type { Folder } from '@sauce/contract/folders';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './folder-nav.module.css';

/** Moves the item at `from` to `to` (a copy). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Where the plain list hands over to the draggable one: the row element focused, and whether Space asked to lift it meanwhile. */
export interface Handover {
  /** The `data-focus-key` of the element that had focus. */
  focusKey: string | null;
  /** Space was pressed on that row's handle before drag and drop was there: lift it once it is. */
  lift: boolean;
  /**
   * A row's handle pressed with the mouse before drag and drop was there, and still held
   * (issue #31 item 19): where (`data-focus-key`, viewport px). Cleared when released.
   */
  press?: { key: string; x: number; y: number } | null;
}

export interface DraggableFolderListProps {
  droppableId: string;
  folders: readonly Folder[];
  /** A row's class, given whether it is being dragged. */
  rowClass(folder: Folder, dragging: boolean): string;
  /** A row's content, its drag handle given the drag props. */
  renderRow(folder: Folder, handleProps: DraggableProvidedDragHandleProps | null): ReactNode;
  /** The folders in their new order, after a drop that moved one (SPEC §4 Reorder folders). */
  onReorder(next: Folder[]): void;
  /** The element to focus once shown (the plain list had it focused), and whether to lift its row (Space was pressed on it meanwhile). */
  handoverRef: RefObject<Handover>;
}

/**
 * The sidebar's folder list with drag and drop (@hello-pangea/dnd: pointer, touch and
 * keyboard — Space to lift, arrows to move — announced to screen readers in the person's
 * language). Loaded by FolderNav on the list's first use, for people who may reorder.
 */
export function DraggableFolderList({ droppableId, folders, rowClass, renderRow, onReorder, handoverRef }: DraggableFolderListProps) {
  const { t } = useTranslation('folders');
  const ref = useRef<HTMLUListElement | null>(null);
  const position = (index: number) => index + 1;

  useLayoutEffect(() => {
    const { focusKey, lift, press } = handoverRef.current;
    handoverRef.current = { focusKey: null, lift: false, press: null };
    if (press) {
      // A drag begun before drag and drop was there (issue #31 item 19): the press is given
      // to its mouse sensor once the context has registered the rows; the mouse's next moves
      // then drag the row as if the code had been there all along.
      const row = ref.current?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(press.key)}"]`);
      const timer = setTimeout(() => {
        row?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0, clientX: press.x, clientY: press.y }));
      }, 0);
      return () => clearTimeout(timer);
    }
    const el = focusKey ? ref.current?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`) : null;
    if (!el) return;
    el.focus();
    if (!lift) return;
    // The Space pressed before drag and drop was there, given to its keyboard sensor (which
    // reads `keyCode`) once the drag and drop context has registered the rows.
    const timer = setTimeout(() => {
      if (document.activeElement !== el) return;
      const space = new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, cancelable: true });
      Object.defineProperty(space, 'keyCode', { value: 32 });
      el.dispatchEvent(space);
    }, 0);
    return () => clearTimeout(timer);
  }, [handoverRef]);

  return (
    <DragDropContext
      dragHandleUsageInstructions={t('dragHint')}
      onDragStart={(start, provided) => {
        const f = folders[start.source.index];
        provided.announce(t('dragStart', { name: f?.name, position: position(start.source.index) }));
      }}
      onDragUpdate={(update, provided) =>
        update.destination && provided.announce(t('dragUpdate', { position: position(update.destination.index) }))
      }
      onDragEnd={({ source, destination }, provided) => {
        const name = folders[source.index]?.name;
        provided.announce(destination ? t('dragDrop', { name, position: position(destination.index) }) : t('dragCancel', { name }));
        // SPEC §4: dropped outside the list, nothing changes.
        if (destination && destination.index !== source.index) onReorder(moveItem(folders, source.index, destination.index));
      }}
    >
      <Droppable droppableId={droppableId}>
        {(drop) => (
          <ul
            className={styles.list}
            ref={(el) => {
              ref.current = el;
              drop.innerRef(el);
            }}
            {...drop.droppableProps}
          >
            {folders.map((folder, index) => (
              <Draggable key={folder.id} draggableId={String(folder.id)} index={index}>
                {(drag, snapshot) => (
                  <li ref={drag.innerRef} {...drag.draggableProps} className={rowClass(folder, snapshot.isDragging)}>
                    {renderRow(folder, drag.dragHandleProps)}
                  </li>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </ul>
        )}
      </Droppable>
    </DragDropContext>
  );
}
