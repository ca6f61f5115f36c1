import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import styles from './mypage-layout.module.css';

const TABS = [
  { to: '/mypage/profile', label: 'tabs.profile' },
  { to: '/mypage/tags', label: 'tabs.tags' },
  { to: '/mypage/notice', label: 'tabs.notice' },
] as const;

/** The My page area's frame (SPEC §2 /mypage/*): its title and tabs as links, then the page. */
export function MypageLayout() {
  const { t } = useTranslation('account');
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('title')}</h1>
      </header>
      <nav className={styles.tabs} aria-label={t('tabs.label')}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}>
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
