import { DataPanel } from '../../features/account/components/data-panel.tsx';
import { ProfilePanel } from '../../features/account/components/profile-panel.tsx';
import { TokensPanel } from '../../features/account/components/tokens-panel.tsx';
import { WithdrawalPanel } from '../../features/account/components/withdrawal-panel.tsx';
import { useProfile } from '../../lib/session.ts';
import styles from '../workspace/workspace-pages.module.css';

/** /mypage/profile (SPEC §2 My page): profile, marketing agreement, your data, access tokens (issue #20), leaving Sauce. */
export function ProfilePage() {
  const { data: user } = useProfile();
  if (!user) return null;
  return (
    <div className={styles.stack}>
      <ProfilePanel user={user} />
      <DataPanel />
      <TokensPanel />
      <WithdrawalPanel />
    </div>
  );
}
