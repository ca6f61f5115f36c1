import { Check, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaces } from '../../../lib/workspaces.ts';
import { useSelectWorkspace } from '../../../lib/workspaces.ts';
import { useWorkspaceName } from '../../../lib/workspaces.ts';
import { CreateWorkspaceDialog } from './create-workspace-dialog.tsx';
import { WorkspaceAvatar } from './workspace-avatar.tsx';
import styles from './workspace.module.css';

/**
 * The sidebar's workspace view (SPEC §2 Sidebar): every space of GET /workspace ('My
 * space' first) with the person's role in it, and the add-space entry that opens
 * CreateWorkspace.
 */
export function WorkspaceList({ currentId, onChosen }: { currentId: number | undefined; onChosen?(): void }) {
  const { t } = useTranslation('shell');
  const { data: list, isPending } = useWorkspaces();
  const select = useSelectWorkspace();
  const nameOf = useWorkspaceName();
  const [creating, setCreating] = useState(false);
  return (
    <nav aria-label={t('sidebar.workspaces')}>
      <ul className={styles.list}>
        {isPending &&
          [0, 1].map((i) => (
            <li key={i} className={styles.skeleton} aria-hidden>
              <span />
            </li>
          ))}
        {list?.map((w) => {
          const current = w.id === currentId;
          return (
            <li key={w.id}>
              <button
                type="button"
                className={`${styles.entry} ${current ? styles.current : ''}`}
                aria-current={current ? 'true' : undefined}
                onClick={() => {
                  select(w.id);
                  onChosen?.();
                }}
              >
                <WorkspaceAvatar name={nameOf(w)} image={w.image} size="sm" />
                <span className={styles.entryText}>
                  <span className={styles.entryName}>{nameOf(w)}</span>
                  <span className={styles.entryMeta}>{t(`workspaces:permission.${w.permission}`)}</span>
                </span>
                {current && <Check size={16} strokeWidth={1.75} aria-hidden className={styles.check} />}
              </button>
            </li>
          );
        })}
        <li>
          <button type="button" className={`${styles.entry} ${styles.addSpace}`} onClick={() => setCreating(true)}>
            <span className={styles.addIcon} aria-hidden>
              <Plus size={16} strokeWidth={1.75} />
            </span>
            <span className={styles.entryText}>
              <span className={styles.entryName}>{t('sidebar.addSpace')}</span>
            </span>
          </button>
        </li>
      </ul>
      <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} onCreated={() => onChosen?.()} />
    </nav>
  );
}
