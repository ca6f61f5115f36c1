import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useOutletContext } from 'react-router';
import { useCurrentWorkspace } from '../../lib/workspaces.ts';
import { WorkspaceSwitcher } from '../../features/workspaces/components/workspace-switcher.tsx';
import styles from './workspace-layout.module.css';

const TABS = [
  { to: '/workspace/usageStatus', label: 'tabs.usage' },
  { to: '/workspace/memberManagement', label: 'tabs.members' },
  { to: '/workspace/spaceManagement', label: 'tabs.space' },
] as const;

/**
 * The workspace pages' frame (SPEC §2 Workspace pages): the header with the current space
 * and its switcher, the tabs (usage status, member management, space editing) as links,
 * then the page, which acts on the currently selected space.
 */
export function WorkspaceLayout() {
  const { t } = useTranslation('workspaces');
  const workspace = useCurrentWorkspace();
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.eyebrow}>{t('settings.eyebrow')}</h1>
        {workspace ? <WorkspaceSwitcher current={workspace} /> : <span className={styles.switcherSkeleton} aria-hidden />}
      </header>
      <nav className={styles.tabs} aria-label={t('settings.tabs')}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}>
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      <div className={styles.content}>
        {workspace ? (
          <Outlet context={workspace satisfies WorkspaceSummary} />
        ) : (
          <div className={styles.contentSkeleton} aria-busy>
            <span className="visually-hidden">{t('common:loading')}</span>
          </div>
        )}
      </div>
    </div>
  );
}

/** The selected space, for a page inside {@link WorkspaceLayout}. */
export function useWorkspacePage(): WorkspaceSummary {
  return useOutletContext<WorkspaceSummary>();
}
