import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { useTranslation } from 'react-i18next';

/** Returns `nameOf(space)`: 'My space' for one's own personal space, else its name. */
export function useWorkspaceName() {
  const { t } = useTranslation('shell');
  return (w: Pick<WorkspaceSummary, 'name' | 'isPersonal' | 'permission'>) =>
    w.isPersonal && w.permission === 'OWNER' ? t('sidebar.mySpace') : w.name;
}
