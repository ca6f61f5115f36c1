import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Folder as FolderT } from '@sauce/contract/folders';
import { Folder, FolderOpen, Layers, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { MenuContent, MenuItem } from '../../../components/menu.tsx';
import { usePolicy } from '../../../lib/use-policy.ts';
import { showToast } from '../../../state/app-store.ts';
import { useDeleteFolder, useFolders, useReorderFolders } from '../api/folders.ts';
import { useFolderAddGuard } from '../hooks/use-folder-add-guard.ts';
import { FolderAddDialog } from './folder-add-dialog.tsx';
import { formatFolderCount } from './folder-count.ts';
import styles from './folder-nav.module.css';
import { FolderRenameDialog } from './folder-rename-dialog.tsx';

export interface FolderNavProps {
  workspaceId: number;
  /** Sources in the space (text + image), for the 'all' entry; undefined while loading. */
  total: number | undefined;
  /** The selected folder (from the URL); null is 'all'. */
  selectedId: number | null;
  /** Selecting a folder, or null for 'all'. */
  onSelect(folder: FolderT | null): void;
  /** The selected folder was deleted: go back to the default list (SPEC §4 Delete folder). */
  onSelectedDeleted(): void;
}

/** Moves the item at `from` to `to` (a copy). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The sidebar's folder view below the workspace header (SPEC §2 Sidebar): the 'all'
 * entry, the '폴더' section with its add button, and the draggable folder list with count
 * badges and a hover menu to rename or delete. Readers see no menu and cannot drag; the add
 * button stays and answers them with the not-authorized notice (SPEC §6). What each person
 * may do comes from the space's abilities.
 */
export function FolderNav({ workspaceId, total, selectedId, onSelect, onSelectedDeleted }: FolderNavProps) {
  const { t } = useTranslation('folders');
  const { abilities } = usePolicy();
  const canEdit = abilities.updateFolder || abilities.deleteFolder;
  const { data: folders, isPending } = useFolders(workspaceId);
  const reorder = useReorderFolders(workspaceId);
  const remove = useDeleteFolder(workspaceId);
  const guard = useFolderAddGuard(workspaceId);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<FolderT | null>(null);
  const countIdPrefix = useId();
  const list = folders ?? [];

  const onDragEnd = ({ source, destination }: DropResult) => {
    // SPEC §4: dropped outside the list, nothing changes.
    if (!destination || destination.index === source.index) return;
    reorder.mutate(moveItem(list, source.index, destination.index), {
      onError: () => showToast(t('reorderFailed'), 'error'),
    });
  };

  const askDelete = async (folder: FolderT) => {
    const ok = await confirmDialog({
      title: t('deleteTitle', { name: folder.name }),
      description: t('deleteDescription'),
      confirmText: t('delete'),
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(folder.id, {
      onSuccess: () => {
        if (folder.id === selectedId) onSelectedDeleted();
        showToast(t('deleted'), 'success');
      },
      onError: () => showToast(t('deleteFailed'), 'error'),
    });
  };

  const selectOnKey = (e: KeyboardEvent, folder: FolderT) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onSelect(folder);
    }
  };

  const position = (index: number) => index + 1;

  return (
    <nav className={styles.nav} aria-label={t('shell:sidebar.folders')}>
      <button
        type="button"
        className={`${styles.entry} ${selectedId === null ? styles.selected : ''}`}
        aria-current={selectedId === null ? 'page' : undefined}
        onClick={() => onSelect(null)}
      >
        <Layers size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
        <span className={styles.name}>{t('all')}</span>
        {total === undefined ? (
          <span className={styles.badgeSkeleton} aria-hidden />
        ) : (
          <CountBadge className={styles.badge}>{formatFolderCount(total)}</CountBadge>
        )}
      </button>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('section')}</h2>
        <button
          type="button"
          className={styles.add}
          aria-label={t('add')}
          title={t('add')}
          onClick={() => guard.request(() => setAdding(true))}
        >
          <Plus size={16} strokeWidth={1.75} aria-hidden />
        </button>
      </div>

      {isPending ? (
        <ul className={styles.list} aria-busy>
          {[0, 1, 2].map((i) => (
            <li key={i} className={styles.skeletonRow} aria-hidden>
              <span className={styles.skeletonBar} />
            </li>
          ))}
        </ul>
      ) : list.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('empty')}</p>
          {abilities.createFolder && <p className={styles.emptyHint}>{t('emptyHint')}</p>}
        </div>
      ) : (
        <DragDropContext
          dragHandleUsageInstructions={t('dragHint')}
          onDragStart={(start, provided) => {
            const f = list[start.source.index];
            provided.announce(t('dragStart', { name: f?.name, position: position(start.source.index) }));
          }}
          onDragUpdate={(update, provided) =>
            update.destination && provided.announce(t('dragUpdate', { position: position(update.destination.index) }))
          }
          onDragEnd={(result, provided) => {
            const name = list[result.source.index]?.name;
            provided.announce(
              result.destination
                ? t('dragDrop', { name, position: position(result.destination.index) })
                : t('dragCancel', { name }),
            );
            onDragEnd(result);
          }}
        >
          <Droppable droppableId={`folders-${workspaceId}`}>
            {(drop) => (
              <ul className={styles.list} ref={drop.innerRef} {...drop.droppableProps}>
                {list.map((folder, index) => {
                  const selected = folder.id === selectedId;
                  const countId = `${countIdPrefix}-count-${folder.id}`;
                  return (
                    <Draggable key={folder.id} draggableId={String(folder.id)} index={index} isDragDisabled={!abilities.reorderFolders}>
                      {(drag, snapshot) => (
                        <li
                          ref={drag.innerRef}
                          {...drag.draggableProps}
                          className={`${styles.row} ${selected ? styles.selected : ''} ${snapshot.isDragging ? styles.dragging : ''}`}
                        >
                          <div
                            {...drag.dragHandleProps}
                            role="button"
                            tabIndex={0}
                            aria-label={folder.name}
                            aria-current={selected ? 'page' : undefined}
                            title={`${folder.name} · ${t('itemCount', { count: folder.itemCount })}`}
                            // The badge is hidden from screen readers: the count is said
                            // here, before the drag instructions (the title would be lost).
                            aria-describedby={[countId, drag.dragHandleProps?.['aria-describedby']].filter(Boolean).join(' ')}
                            className={styles.handle}
                            onClick={() => onSelect(folder)}
                            onKeyDown={(e) => selectOnKey(e, folder)}
                          >
                            {selected ? (
                              <FolderOpen size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
                            ) : (
                              <Folder size={16} strokeWidth={1.75} aria-hidden className={styles.icon} />
                            )}
                            <span className={styles.name}>{folder.name}</span>
                            <CountBadge className={styles.badge} aria-hidden>
                              {formatFolderCount(folder.itemCount)}
                            </CountBadge>
                          </div>
                          <span id={countId} className="visually-hidden">
                            {t('itemCount', { count: folder.itemCount })}
                          </span>
                          {canEdit && (
                            <Menu.Root modal={false}>
                              <Menu.Trigger className={styles.more} aria-label={t('options', { name: folder.name })}>
                                <MoreHorizontal size={16} strokeWidth={1.75} aria-hidden />
                              </Menu.Trigger>
                              <MenuContent layer="popover" className={styles.menu} align="start" side="right" sideOffset={4}>
                                {abilities.updateFolder && (
                                  <MenuItem icon={Pencil} className={styles.menuItem} onSelect={() => setRenaming(folder)}>
                                    {t('rename')}
                                  </MenuItem>
                                )}
                                {abilities.deleteFolder && (
                                  <MenuItem icon={Trash2} danger className={styles.menuItem} onSelect={() => void askDelete(folder)}>
                                    {t('delete')}
                                  </MenuItem>
                                )}
                              </MenuContent>
                            </Menu.Root>
                          )}
                        </li>
                      )}
                    </Draggable>
                  );
                })}
                {drop.placeholder}
              </ul>
            )}
          </Droppable>
        </DragDropContext>
      )}

      <FolderAddDialog workspaceId={workspaceId} open={adding} onOpenChange={setAdding} />
      <FolderRenameDialog workspaceId={workspaceId} folder={renaming} onClose={() => setRenaming(null)} />
    </nav>
  );
}
