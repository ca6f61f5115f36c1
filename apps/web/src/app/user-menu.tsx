import type { User } from '@sauce/contract/auth';
import { Bell, LogOut, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../components/avatar.tsx';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../components/menu.tsx';
import { useLogout } from '../features/auth/hooks/use-logout.ts';
import { useUnreadNotices } from '../features/notices/api/notices.ts';
import styles from './header.module.css';

/**
 * The avatar menu (SPEC §2 Header): my profile, space settings, notice, logout. A dot on the
 * avatar and beside 'Notices' says there are notices the person has not read (issue #8).
 */
export function UserMenu({ user, isPublicPage }: { user: User; isPublicPage: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const logout = useLogout();
  const unread = (useUnreadNotices().data ?? 0) > 0;
  return (
    <Menu modal={false}>
      <MenuTrigger
        className={styles.avatarButton}
        aria-label={`${t('header.account')} (${user.nickname})${unread ? ` · ${t('header.unreadNotices')}` : ''}`}
      >
        <Avatar name={user.nickname} image={user.profileImage} className={styles.avatar} />
        {unread && <span className={styles.unreadDot} aria-hidden />}
      </MenuTrigger>
      <MenuContent layer="popover" className={styles.menu} align="end" sideOffset={8}>
        <div className={styles.menuUser}>
          <span className={styles.menuName}>{user.nickname}</span>
          {user.email && <span className={styles.menuEmail}>{user.email}</span>}
        </div>
        <MenuSeparator />
        <MenuItem icon={UserRound} className={styles.menuItem} onSelect={() => void navigate('/mypage/profile')}>
          {t('header.profile')}
        </MenuItem>
        <MenuItem icon={Settings} className={styles.menuItem} onSelect={() => void navigate('/workspace/usageStatus')}>
          {t('header.spaceSettings')}
        </MenuItem>
        <MenuItem icon={Bell} className={styles.menuItem} onSelect={() => void navigate('/mypage/notice')}>
          {t('header.notice')}
          {unread && (
            <>
              <span className={styles.unreadDot} data-inline aria-hidden />
              <span className="visually-hidden">{t('header.unreadNotices')}</span>
            </>
          )}
        </MenuItem>
        <MenuSeparator />
        <MenuItem icon={LogOut} className={styles.menuItem} onSelect={() => void logout(isPublicPage)}>
          {t('header.logout')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
