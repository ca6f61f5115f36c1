import * as Menu from '@radix-ui/react-dropdown-menu';
import type { User } from '@sauce/contract/auth';
import { Bell, LogOut, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/hooks/use-logout.ts';
import styles from './header.module.css';

/** The avatar menu (SPEC §2 Header): my profile, space settings, notice, logout. */
export function UserMenu({ user, isPublicPage }: { user: User; isPublicPage: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const logout = useLogout();
  const initial = Array.from(user.nickname.trim())[0]?.toUpperCase() ?? '?';
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className={styles.avatarButton} aria-label={`${t('header.account')} (${user.nickname})`}>
        {user.profileImage ? (
          <img src={user.profileImage} alt="" className={styles.avatar} width={32} height={32} />
        ) : (
          <span className={styles.avatar} aria-hidden>
            {initial}
          </span>
        )}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={styles.menu} align="end" sideOffset={8}>
          <div className={styles.menuUser}>
            <span className={styles.menuName}>{user.nickname}</span>
            {user.email && <span className={styles.menuEmail}>{user.email}</span>}
          </div>
          <Menu.Separator className={styles.menuSeparator} />
          <Menu.Item className={styles.menuItem} onSelect={() => void navigate('/mypage/profile')}>
            <UserRound size={16} strokeWidth={1.75} aria-hidden />
            {t('header.profile')}
          </Menu.Item>
          <Menu.Item className={styles.menuItem} onSelect={() => void navigate('/workspace/usageStatus')}>
            <Settings size={16} strokeWidth={1.75} aria-hidden />
            {t('header.spaceSettings')}
          </Menu.Item>
          <Menu.Item className={styles.menuItem} onSelect={() => void navigate('/mypage/notice')}>
            <Bell size={16} strokeWidth={1.75} aria-hidden />
            {t('header.notice')}
          </Menu.Item>
          <Menu.Separator className={styles.menuSeparator} />
          <Menu.Item className={styles.menuItem} onSelect={() => void logout(isPublicPage)}>
            <LogOut size={16} strokeWidth={1.75} aria-hidden />
            {t('header.logout')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
