import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { Check, ChevronDown, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../../components/menu.tsx';
import { useWorkspaces } from '../../../lib/workspaces.ts';
import { useSelectWorkspace } from '../../../lib/workspaces.ts';
import { useWorkspaceName } from '../../../lib/workspaces.ts';
import { CreateWorkspaceDialog } from './create-workspace-dialog.tsx';
import { WorkspaceAvatar } from './workspace-avatar.tsx';
import styles from './workspace-switcher.module.css';

/**
 * The workspace pages' header (SPEC §2 Workspace pages): the current space's image and
 * name as a dropdown that switches to another space — staying on the same page — or
 * opens CreateWorkspace.
 */
export function WorkspaceSwitcher({ current }: { current: WorkspaceSummary }) {
  const { t } = useTranslation('workspaces');
  const { data: list = [] } = useWorkspaces();
  const select = useSelectWorkspace();
  const nameOf = useWorkspaceName();
  const [creating, setCreating] = useState(false);
  const name = nameOf(current);
  return (
    <>
      <Menu modal={false}>
        <MenuTrigger className={styles.trigger} aria-label={`${name} · ${t('switcher.label')}`}>
          <WorkspaceAvatar name={name} image={current.image} size="lg" />
          <span className={styles.text}>
            <span className={styles.name}>{name}</span>
            <span className={styles.role}>{t(`permission.${current.permission}`)}</span>
          </span>
          <ChevronDown size={18} strokeWidth={1.75} aria-hidden className={styles.chevron} />
        </MenuTrigger>
        <MenuContent className={styles.menu} align="start" sideOffset={6}>
          <MenuLabel className={styles.menuLabel}>{t('switcher.label')}</MenuLabel>
          {list.map((w) => {
            const isCurrent = w.id === current.id;
            return (
              <MenuItem key={w.id} className={styles.item} onSelect={() => !isCurrent && select(w.id, null)} aria-current={isCurrent || undefined}>
                <WorkspaceAvatar name={nameOf(w)} image={w.image} size="sm" />
                <span className={styles.itemName}>{nameOf(w)}</span>
                {isCurrent && <Check size={16} strokeWidth={1.75} aria-hidden className={styles.check} />}
              </MenuItem>
            );
          })}
          <MenuSeparator />
          <MenuItem icon={Plus} className={styles.item} onSelect={() => setCreating(true)}>
            {t('switcher.add')}
          </MenuItem>
        </MenuContent>
      </Menu>
      <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
