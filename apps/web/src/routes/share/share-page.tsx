import { useParams } from 'react-router';
import { useProfile } from '../../lib/session.ts';
import { unlockSharedSauce, useSharedSauce } from '../../lib/sauces/share-sauce.ts';
import { SharedSauce, SharedSauceSkeleton } from '../../features/sauce-viewer/components/shared-sauce.tsx';
import { ShareGate } from '../../components/share/share-gate.tsx';
import { TryCallout } from '../../components/share/try-callout.tsx';
import styles from './share-page.module.css';

/**
 * /archive/sauce/share/{id} (SPEC §2, §6): a publicly shared source, read-only and open
 * without sign-in. When it cannot be shown, the share gate says why — a password to type,
 * an expired link (issue #32), private or gone (SPEC §8) — as a board's page does.
 * Signed-out visitors get a gentle invitation to try Sauce.
 */
export function SharePage() {
  const { id = '' } = useParams();
  const { data: sauce, isPending, error, refetch, isFetching } = useSharedSauce(id);
  const { data: user } = useProfile();
  const signedOut = user === null;

  if (isPending) {
    return (
      <div className={styles.page} aria-busy="true">
        <SharedSauceSkeleton />
      </div>
    );
  }
  if (!sauce) {
    return (
      <ShareGate
        kind="source"
        error={error}
        signedIn={!!user}
        unlock={(password) => unlockSharedSauce(id, password)}
        onUnlocked={refetch}
        retry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  return (
    <div className={`${styles.page} ${sauce.type === 'IMAGE' ? styles.wide : ''}`}>
      <SharedSauce sauce={sauce} onStale={() => void refetch()} />
      {signedOut && <TryCallout />}
    </div>
  );
}
