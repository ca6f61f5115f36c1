import type { Folder } from '@sauce/contract/folders';
import { reached } from '@sauce/contract/limits';
import { ChevronDown, FolderPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, MenuCheckboxItem, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../../components/menu.tsx';
import { usePlan } from '../../../lib/plan.ts';
import { useFolders } from '../../../lib/folders.ts';
import { useFolderAddGuard } from '../hooks/use-folder-add-guard.ts';
import { FolderAddDialog } from './folder-add-dialog.tsx';
import styles from './folder-multi-select.module.css';

export interface FolderMultiSelectProps {
  workspaceId: number;
  /** Selected folder ids. */
  value: number[];
  onChange(ids: number[]): void;
}

/**
 * The trigger text (SPEC §2 Dialogs): 'all folders' when nothing is selected, the name
 * when one is, else the first name plus ' 외 N개' / ' +N more'.
 */
export function folderSelectionLabel(
  selected: readonly Folder[],
  t: (key: string, opts?: Record<string, unknown>) => string,
): string {
  const [first, ...rest] = selected;
  if (!first) return t('multi.allFolders');
  if (rest.length === 0) return first.name;
  return t('multi.more', { name: first.name, count: rest.length });
}

/**
 * Multi-select folder dropdown (SPEC §2 Dialogs, §5): a checkbox row per folder in
 * reverse order, scrolling once the space holds the maximum; a create-folder button,
 * disabled at the plan's limit, opens FolderAdd and preselects the new folder.
 */
export function FolderMultiSelect({ workspaceId, value, onChange }: FolderMultiSelectProps) {
  const { t } = useTranslation('folders');
  const { data: folders, isPending } = useFolders(workspaceId);
  const [menuOpen, setMenuOpen] = useState(false);
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  const [adding, setAdding] = useState(false);
  // The create item opens FolderAdd only once the menu has fully closed, so the two
  // modal layers never overlap (focus and pointer locks stay consistent).
  const addAfterClose = useRef(false);
  // Readers get the not-authorized notice instead of the dialog (SPEC §6).
  const guard = useFolderAddGuard(workspaceId);

  const list = folders ?? [];
  const byId = new Map(list.map((f) => [f.id, f]));
  const selected = value.map((id) => byId.get(id)).filter((f): f is Folder => f !== undefined);
  const atLimit = reached(list.length, usePlan().folders);
  const rows = [...list].reverse();
  const label = folderSelectionLabel(selected, t);

  const toggle = (id: number, on: boolean) =>
    onChange(on ? (value.includes(id) ? value : [...value, id]) : value.filter((v) => v !== id));

  return (
    <>
      <Menu open={menuOpen} onOpenChange={setMenuOpen}>
        <MenuTrigger ref={setTrigger} className={styles.trigger} aria-label={`${t('multi.label')}: ${label}`}>
          <span className={`${styles.value} ${selected.length === 0 ? styles.placeholder : ''}`}>{label}</span>
          <ChevronDown size={16} strokeWidth={1.75} aria-hidden className={styles.chevron} />
        </MenuTrigger>
        <MenuContent
          layer="popover"
          className={styles.content}
          align="start"
          sideOffset={4}
          // Issue #8: inside a dialog (the save dialog on a phone) the list stays within it,
          // scrolling when it would not fit, instead of running past the dialog's edge.
          collisionBoundary={dialogOf(trigger)}
          collisionPadding={8}
          aria-label={t('multi.label')}
          onCloseAutoFocus={(e) => {
            if (!addAfterClose.current) return;
            addAfterClose.current = false;
            e.preventDefault();
            guard.request(() => setAdding(true));
          }}
        >
          <MenuItem
            icon={FolderPlus}
            className={styles.create}
            disabled={atLimit}
            onSelect={() => {
              addAfterClose.current = true;
            }}
          >
            <span>{t('multi.create')}</span>
            {atLimit && <span className={styles.limit}>{t('multi.limitHint')}</span>}
          </MenuItem>
          <MenuSeparator />
          <div className={`${styles.rows} ${atLimit ? styles.scroll : ''}`}>
            {isPending &&
              [0, 1, 2].map((i) => <div key={i} className={styles.skeleton} aria-hidden />)}
            {!isPending && rows.length === 0 && <p className={styles.empty}>{t('multi.empty')}</p>}
            {rows.map((f) => (
              <MenuCheckboxItem
                key={f.id}
                className={styles.row}
                boxClassName={styles.box}
                checked={value.includes(f.id)}
                onCheckedChange={(on) => toggle(f.id, on)}
              >
                <span className={styles.name}>{f.name}</span>
              </MenuCheckboxItem>
            ))}
          </div>
        </MenuContent>
      </Menu>
      <FolderAddDialog
        workspaceId={workspaceId}
        open={adding}
        onOpenChange={setAdding}
        onCreated={(folder) => onChange(value.includes(folder.id) ? value : [...value, folder.id])}
      />
    </>
  );
}

/** The dialog a control sits in (its menus stay inside it), or undefined (the viewport). */
function dialogOf(el: HTMLElement | null): Element | undefined {
  return el?.closest('[role="dialog"]') ?? undefined;
}
