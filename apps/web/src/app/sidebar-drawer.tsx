import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../state/app-store.ts';
import styles from './layout.module.css';
import { Sidebar } from './sidebar.tsx';

/**
 * The sidebar as a phone's drawer (SPEC §2 Sidebar), a modal dialog over the page. Its own
 * chunk (issue #11 item 2): the layout loads it when the drawer first opens.
 */
export function SidebarDrawer({ categories }: { categories: boolean }) {
  const { t } = useTranslation('shell');
  const open = useAppStore((s) => s.sidebarOpen);
  const set = useAppStore((s) => s.set);
  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => set({ sidebarOpen: o })}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.drawerOverlay} />
        <RadixDialog.Content className={styles.drawer} aria-describedby={undefined}>
          <RadixDialog.Title className="visually-hidden">{t('sidebar.label')}</RadixDialog.Title>
          <Sidebar
            drawer
            categories={categories}
            onNavigate={() => set({ sidebarOpen: false })}
            onClose={() => set({ sidebarOpen: false })}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
