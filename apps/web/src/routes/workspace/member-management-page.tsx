import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Panel } from '../../components/panel.tsx';
import { CreateWorkspaceDialog } from '../../features/workspaces/components/create-workspace-dialog.tsx';
import { LeaveSpacePanel } from '../../features/workspaces/components/leave-space-panel.tsx';
import { MemberList } from '../../features/workspaces/components/member-list.tsx';
import { useWorkspacePage } from './workspace-layout.tsx';
import styles from './workspace-pages.module.css';

/**
 * /workspace/memberManagement (SPEC §2 Workspace pages, §6): the members of the selected
 * space and, for those who may, leaving it. A personal space has no members: it says so
 * and offers to create a team space.
 */
export function MemberManagementPage() {
  const { t } = useTranslation('workspaces');
  const workspace = useWorkspacePage();
  const [creating, setCreating] = useState(false);
  if (workspace.isPersonal) {
    return (
      <>
        <Panel
          title={t('members.personalTitle')}
          description={t('members.personalDescription')}
          actions={
            <Button variant="primary" onClick={() => setCreating(true)}>
              <Plus size={16} strokeWidth={1.75} aria-hidden />
              {t('switcher.add')}
            </Button>
          }
        />
        <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} />
      </>
    );
  }
  return (
    <div className={styles.stack}>
      <MemberList workspace={workspace} />
      {workspace.abilities.leaveWorkspace && <LeaveSpacePanel workspace={workspace} />}
    </div>
  );
}
