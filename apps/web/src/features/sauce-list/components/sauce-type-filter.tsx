import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge.tsx';
import { Menu, MenuCheckboxItem, MenuContent, MenuLabel, MenuTrigger } from '../../../components/menu.tsx';
import { TYPE_FLAGS, type TypeFlag } from '../hooks/use-sauce-filters.ts';
import styles from './sauce-type-filter.module.css';

/** SearchFilter (issue #21): a menu of the type flags, its button counting those on. */
export function SauceTypeFilter({ flags, onToggle }: { flags: Record<TypeFlag, boolean>; onToggle: (flag: TypeFlag) => void }) {
  const { t } = useTranslation('dashboard');
  const active = TYPE_FLAGS.filter((f) => flags[f]).length;
  return (
    <Menu modal={false}>
      <MenuTrigger
        className={`${styles.filterButton} ${active ? styles.filterActive : ''}`}
        aria-label={active ? t('filter.buttonCount', { count: active }) : t('filter.button')}
      >
        <SlidersHorizontal size={16} strokeWidth={1.75} aria-hidden />
        <span className={styles.filterLabel}>{t('filter.button')}</span>
        {active > 0 && <CountBadge tone="accent">{active}</CountBadge>}
      </MenuTrigger>
      <MenuContent className={styles.menu} align="end" sideOffset={8}>
        <MenuLabel className={styles.menuLabel}>{t('filter.title')}</MenuLabel>
        {TYPE_FLAGS.map((flag) => (
          <MenuCheckboxItem
            key={flag}
            className={styles.menuItem}
            boxClassName={styles.menuCheck}
            checked={flags[flag]}
            onCheckedChange={() => onToggle(flag)}
          >
            {t(`filter.${flag}`)}
          </MenuCheckboxItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
