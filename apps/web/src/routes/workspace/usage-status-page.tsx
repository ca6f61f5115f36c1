import { UsageOverview } from '../../features/workspaces/components/usage-overview.tsx';
import { useWorkspacePage } from './workspace-layout.tsx';

/** /workspace/usageStatus (SPEC §2 Workspace pages): the selected space's usage beside the beta plan. */
export function UsageStatusPage() {
  const workspace = useWorkspacePage();
  return <UsageOverview workspaceId={workspace.id} />;
}
