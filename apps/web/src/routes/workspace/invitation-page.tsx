import { useSearchParams } from 'react-router';
import { InvitationView } from '../../features/workspaces/components/invitation-view.tsx';

/**
 * /workspace/invitation?id={invitation} (SPEC §2 Routes): what an invite link opens. It
 * needs sign-in: signed out, the layout's sign-in modal covers it and, once signed in, the
 * page is still this one with its query, so the invitation shows.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  return <InvitationView invitationId={params.get('id')?.trim() ?? ''} />;
}
