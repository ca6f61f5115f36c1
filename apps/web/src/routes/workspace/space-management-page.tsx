import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel.tsx';
import { DeleteSpacePanel } from '../../features/workspaces/components/delete-space-panel.tsx';
import { SpaceSettingsForm } from '../../features/workspaces/components/space-settings-form.tsx';
import { WorkspaceAvatar } from '../../features/workspaces/components/workspace-avatar.tsx';
import { useWorkspaceName } from '../../lib/workspaces.ts';
import { useWorkspacePage } from './workspace-layout.tsx';
import styles from './workspace-pages.module.css';

/**
 * /workspace/spaceManagement (SPEC §2 'space editing', §6): owners rename the space,
 * change its image and delete it; everyone else — and anyone in a personal space — sees
 * it read-only with the reason.
 */
export function SpaceManagementPage() {
  const { t } = useTranslation('workspaces');
  const workspace = useWorkspacePage();
  const nameOf = useWorkspaceName();
  const { updateWorkspace, deleteWorkspace } = workspace.abilities;
  return (
    <div className={styles.stack}>
      {updateWorkspace ? (
        <SpaceSettingsForm key={workspace.id} workspace={workspace} />
      ) : (
        <Panel
          title={t('space.title')}
          description={workspace.isPersonal ? t('space.personalReadOnly') : t('space.readOnly')}
        >
          <div className={styles.summary}>
            <WorkspaceAvatar name={nameOf(workspace)} image={workspace.image} size="xl" />
            <div className={styles.summaryText}>
              <span className={styles.summaryName}>{nameOf(workspace)}</span>
              <span className={styles.summaryRole}>{t('space.yourRole', { role: t(`permission.${workspace.permission}`) })}</span>
            </div>
          </div>
        </Panel>
      )}
      {deleteWorkspace && <DeleteSpacePanel workspace={workspace} />}
    </div>
  );
}
