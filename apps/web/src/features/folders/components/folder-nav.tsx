import type { DraggableProvidedDragHandleProps } from '@hello-pangea/dnd';
import type { Folder as FolderT } from '@sauce/contract/folders';
import { Folder, FolderOpen, LayoutGrid, Layers, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { type KeyboardEvent, lazy, type PointerEvent, type ReactNode, type RefObject, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge.tsx';
import { confirmDialog } from '../../../components/dialogs/confirm.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/menu.tsx';
import { usePolicy } from '../../../lib/use-policy.ts';
import { showToast } from '../../../state/app-store.ts';
import { useDeleteFolder, useReorderFolders } from '../api/folders.ts';
import { useFolders } from '../../../lib/folders.ts';
import { useFolderAddGuard } from '../hooks/use-folder-add-guard.ts';
import type { DraggableFolderList as DraggableFolderListT, Handover } from './draggable-folder-list.tsx';
import { formatFolderCount } from './folder-count.ts';
import styles from './folder-nav.module.css';
import { Tooltip } from '../../../components/tooltip.tsx';

// Issue #11 item 2: the dialogs load when opened. Issue #19 item 2: drag and drop (25 KB)
// loads on the folder list's first use — the pointer over it or a touch on it, the keyboard's
// focus in it — not with the page.
const FolderAddDialog = lazy(async () => ({ default: (await import('./folder-add-dialog.tsx')).FolderAddDialog }));
const FolderRenameDialog = lazy(async () => ({ default: (await import('./folder-rename-dialog.tsx')).FolderRenameDialog }));
const ShareDialog = lazy(async () => ({ default: (await import('../../../components/sauce/share-dialog.tsx')).ShareDialog }));

/**
 * The folder list before drag and drop is loaded. When it gives way to the draggable list,
 * it notes in `handoverRef` the `data-focus-key` of the row element that had focus, for the
 * draggable list to focus the same element (a keyboard user keeps their place), and a Space
 * pressed on a row meanwhile, for the draggable list to lift it.
 */
function PlainFolderList({ handoverRef, children }: { handoverRef: RefObject<Handover>; children: ReactNode }) {
  const ref = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const list = ref.current;
    return () => {
      const focused = document.activeElement;
      const key = list && focused && list.contains(focused) ? focused.getAttribute('data-focus-key') : null;
      handoverRef.current = { ...handoverRef.current, focusKey: key, lift: handoverRef.current.lift && key === handoverRef.current.focusKey };
    };
  }, [handoverRef]);
  // A row pressed with the mouse before drag and drop is there (issue #31 item 19): noted
  // while held, for the draggable list to carry on with the same drag.
  const holdPress = (e: PointerEvent<HTMLUListElement>) => {
    const key = (e.target as HTMLElement).closest('[data-focus-key]')?.getAttribute('data-focus-key');
    if (e.pointerType !== 'mouse' || e.button !== 0 || !key?.startsWith('folder-') || key.startsWith('folder-menu-')) return;
    handoverRef.current = { ...handoverRef.current, press: { key, x: e.clientX, y: e.clientY } };
    const release = () => (handoverRef.current = { ...handoverRef.current, press: null });
    window.addEventListener('pointerup', release, { once: true });
    window.addEventListener('pointercancel', release, { once: true });
  };
  const holdLift = (e: KeyboardEvent<HTMLUListElement>) => {
    const key = (e.target as HTMLElement).getAttribute('data-focus-key');
    if (e.key !== ' ' || !key?.startsWith('folder-') || key.startsWith('folder-menu-')) return;
    e.preventDefault(); // no scrolling: the row is lifted once drag and drop is there
    handoverRef.current = { ...handoverRef.current, focusKey: key, lift: true };
  };
  return (
    <ul className={styles.list} ref={ref} onKeyDown={holdLift} onPointerDown={holdPress}>
      {children}
    </ul>
  );
}

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

/**
 * The sidebar's folder view below the workspace header (SPEC §2 Sidebar): the 'all'
 * entry, the '폴더' section with its add button, and the draggable folder list with count
 * badges and a hover menu to rename, share as a board (issue #32: those who may share a
 * source, owners and editors) or delete. Readers see no menu and cannot drag; the add
 * button stays and answers them with the not-authorized notice (SPEC §6). What each person
 * may do comes from the space's abilities. The list is first drawn without drag and drop,
 * which replaces it on the list's first use, keeping the focused row focused (and lifting it
 * when Space was pressed meanwhile).
 */
export function FolderNav({ workspaceId, total, selectedId, onSelect, onSelectedDeleted }: FolderNavProps) {
  const { t } = useTranslation('folders');
  const { abilities } = usePolicy();
  const canEdit = abilities.updateFolder || abilities.deleteFolder || abilities.shareSauce;
  const { data: folders, isPending } = useFolders(workspaceId);
  const reorder = useReorderFolders(workspaceId);
  const remove = useDeleteFolder(workspaceId);
  const guard = useFolderAddGuard(workspaceId);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<FolderT | null>(null);
  const [sharing, setSharing] = useState<FolderT | null>(null);
  const countIdPrefix = useId();
  const list = folders ?? [];
  const canReorder = abilities.reorderFolders;
  /**
   * The draggable list, once loaded: asked for on the list's first use (pointer over it,
   * touch or focus in it), or as soon as it is shown on a touch screen, where no pointer
   * hovers before the long press that lifts a folder. The plain list stays, focus and all,
   * until it has arrived (no fallback between).
   */
  const [DraggableFolderList, setDraggableFolderList] = useState<typeof DraggableFolderListT | null>(null);
  const asked = useRef(false);
  const use = useCallback(() => {
    if (!canReorder || asked.current) return;
    asked.current = true;
    import('./draggable-folder-list.tsx').then(
      (m) => setDraggableFolderList(() => m.DraggableFolderList),
      () => {
        asked.current = false; // offline: the next use asks again
      },
    );
  }, [canReorder]);
  useEffect(() => {
    if (window.matchMedia('(hover: none)').matches) use();
  }, [use]);
  /** What the plain list hands over to the draggable one. */
  const handoverRef = useRef<Handover>({ focusKey: null, lift: false });
  const dragHintId = `${countIdPrefix}-drag-hint`;

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

  const renderRow = (folder: FolderT, handleProps?: DraggableProvidedDragHandleProps | null): ReactNode => {
    const selected = folder.id === selectedId;
    const countId = `${countIdPrefix}-count-${folder.id}`;
    return (
      <>
        <Tooltip content={`${folder.name} · ${t('itemCount', { count: folder.itemCount })}`} side="right">
        <div
          {...handleProps}
          role="button"
          tabIndex={0}
          aria-label={folder.name}
          aria-current={selected ? 'page' : undefined}
          // The badge is hidden from screen readers: the count is said
          // here, before the drag instructions (the title would be lost).
          aria-describedby={[countId, handleProps ? handleProps['aria-describedby'] : canReorder && dragHintId].filter(Boolean).join(' ')}
          className={styles.handle}
          data-focus-key={`folder-${folder.id}`}
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
        </Tooltip>
        <span id={countId} className="visually-hidden">
          {t('itemCount', { count: folder.itemCount })}
        </span>
        {canEdit && (
          <Menu modal={false}>
            <MenuTrigger className={styles.more} aria-label={t('options', { name: folder.name })} data-focus-key={`folder-menu-${folder.id}`}>
              <MoreHorizontal size={16} strokeWidth={1.75} aria-hidden />
            </MenuTrigger>
            <MenuContent layer="popover" className={styles.menu} align="start" side="right" sideOffset={4}>
              {abilities.updateFolder && (
                <MenuItem icon={Pencil} className={styles.menuItem} onSelect={() => setRenaming(folder)}>
                  {t('rename')}
                </MenuItem>
              )}
              {abilities.shareSauce && (
                <MenuItem icon={LayoutGrid} className={styles.menuItem} onSelect={() => setSharing(folder)}>
                  {t('shareBoard')}
                </MenuItem>
              )}
              {abilities.deleteFolder && (
                <MenuItem icon={Trash2} danger className={styles.menuItem} onSelect={() => void askDelete(folder)}>
                  {t('delete')}
                </MenuItem>
              )}
            </MenuContent>
          </Menu>
        )}
      </>
    );
  };

  const rowClass = (folder: FolderT, dragging = false) =>
    [styles.row, folder.id === selectedId && styles.selected, dragging && styles.dragging].filter(Boolean).join(' ');

  const staticList = (
    <PlainFolderList handoverRef={handoverRef}>
      {list.map((folder) => (
        <li key={folder.id} className={rowClass(folder)}>
          {renderRow(folder)}
        </li>
      ))}
    </PlainFolderList>
  );

  return (
    <nav className={styles.nav} aria-label={t('shell:sidebar.folders')} onPointerEnter={use} onPointerDown={use} onFocus={use}>
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
        <Tooltip content={t('add')}>
          <button type="button" className={styles.add} aria-label={t('add')} onClick={() => guard.request(() => setAdding(true))}>
            <Plus size={16} strokeWidth={1.75} aria-hidden />
          </button>
        </Tooltip>
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
      ) : canReorder && DraggableFolderList ? (
        <DraggableFolderList
          droppableId={`folders-${workspaceId}`}
          folders={list}
          rowClass={rowClass}
          renderRow={renderRow}
          onReorder={(next) => reorder.mutate(next, { onError: () => showToast(t('reorderFailed'), 'error') })}
          handoverRef={handoverRef}
        />
      ) : (
        staticList
      )}
      {canReorder && !DraggableFolderList && (
        // Said by the plain list's rows as the draggable list's are (the same words).
        <span id={dragHintId} className="visually-hidden">
          {t('dragHint')}
        </span>
      )}

      {/* Keyed: a list that changes kind (empty → draggable, both unkeyed) must not take
          over the dialogs' boundary, which remounted the open add dialog empty and lost
          its 'created' callback (issue #19 item 8: a new account's first folder). */}
      {(adding || renaming || sharing) && (
        <Suspense key="dialogs" fallback={null}>
          {adding && <FolderAddDialog workspaceId={workspaceId} open onOpenChange={setAdding} />}
          {renaming && <FolderRenameDialog workspaceId={workspaceId} folder={renaming} onClose={() => setRenaming(null)} />}
          {sharing && (
            <ShareDialog
              open
              onOpenChange={(open) => !open && setSharing(null)}
              target={{ kind: 'board', workspaceId, folderId: sharing.id }}
              subject={sharing.name}
            />
          )}
        </Suspense>
      )}
    </nav>
  );
}
