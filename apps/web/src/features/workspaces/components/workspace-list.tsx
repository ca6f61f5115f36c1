import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { useQuery } from '@tanstack/react-query';
import { Check, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { workspacesQuery } from '../api/get-workspaces.ts';
import { useSelectWorkspace } from '../hooks/use-select-workspace.ts';
import { WorkspaceAvatar } from './workspace-avatar.tsx';
import styles from './workspace.module.css';

/** The name shown for a space: 'My space' for one's own personal space, else its name. */
export function useWorkspaceName() {
  const { t } = useTranslation('shell');
  return (w: Pick<WorkspaceSummary, 'name' | 'isPersonal' | 'permission'>) =>
    w.isPersonal && w.permission === 'OWNER' ? t('sidebar.mySpace') : w.name;
}

/**
 * The sidebar's workspace view (SPEC §2 Sidebar): every space of GET /workspace ('My
 * space' first) and an add-space entry (not available yet, shown disabled).
 */
export function WorkspaceList({ currentId, onChosen }: { currentId: number | undefined; onChosen?(): void }) {
  const { t } = useTranslation('shell');
  const { data: list, isPending } = useQuery(workspacesQuery);
  const select = useSelectWorkspace();
  const nameOf = useWorkspaceName();
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
                  <span className={styles.entryMeta}>{t(`sidebar.permission.${w.permission}`)}</span>
                </span>
                {current && <Check size={16} strokeWidth={1.75} aria-hidden className={styles.check} />}
              </button>
            </li>
          );
        })}
        <li>
          <button type="button" className={`${styles.entry} ${styles.addSpace}`} disabled aria-describedby="add-space-soon">
            <span className={styles.addIcon} aria-hidden>
              <Plus size={16} strokeWidth={1.75} />
            </span>
            <span className={styles.entryText}>
              <span className={styles.entryName}>{t('sidebar.addSpace')}</span>
              <span id="add-space-soon" className={styles.entryMeta}>
                {t('sidebar.addSpaceSoon')}
              </span>
            </span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
