import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useWorkspaceStatus } from '../features/workspaces/api/get-workspaces.ts';
import { useProfile } from '../lib/session.ts';
import { useCurrentWorkspace } from '../lib/workspaces.ts';

// Issue #11 item 2: the walkthrough loads with its own chunk, when first shown.
const TutorialWalkthrough = lazy(async () => ({
  default: (await import('../features/tutorial/components/tutorial-walkthrough.tsx')).TutorialWalkthrough,
}));

/**
 * Issue #8's first-visit walkthrough on the dashboard, until the person finishes or closes it
 * (SPEC §3 User.tutorial) — and only while the space in view holds no source (issue #31 item
 * 7: a person with sources knows how to make one), with a viewer's steps for a READER, who
 * cannot create sources there.
 */
export function Tutorial() {
  const { data: user } = useProfile();
  const { pathname } = useLocation();
  const workspace = useCurrentWorkspace();
  const wanted = !!user && !user.tutorial && pathname === '/dashboard';
  const { data: status } = useWorkspaceStatus(wanted ? workspace?.id : undefined);
  if (!wanted || !workspace || !status || status.textSauceCount + status.imageSauceCount > 0) return null;
  return (
    <Suspense fallback={null}>
      <TutorialWalkthrough viewer={workspace.permission === 'READER'} />
    </Suspense>
  );
}
