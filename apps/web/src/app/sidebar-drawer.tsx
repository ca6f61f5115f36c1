import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../state/app-store.ts';
import styles from './layout.module.css';
import { Sidebar } from './sidebar.tsx';

/**
 * The sidebar as a phone's drawer (SPEC §2 Sidebar), a modal dialog over the page. Its own
 * chunk (issue #11 item 2): the layout loads it when the drawer first opens.
 *
 * A press outside closes it only on its own dimmed overlay: what the drawer opens in portals
 * of their own (a folder's ⋯ menu, the rename dialog, a confirm) is outside its element, and
 * closing the drawer there would unmount the dialog it was opening (issue #19 item 8).
 */
export function SidebarDrawer({ categories }: { categories: boolean }) {
  const { t } = useTranslation('shell');
  const open = useAppStore((s) => s.sidebarOpen);
  const set = useAppStore((s) => s.set);
  const overlayRef = useRef<HTMLDivElement>(null);
  const onOverlayOnly = (e: { target: EventTarget | null; preventDefault(): void }) => {
    if (!(e.target instanceof Node && overlayRef.current?.contains(e.target))) e.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => set({ sidebarOpen: o })}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay ref={overlayRef} className={styles.drawerOverlay} />
        <RadixDialog.Content
          className={styles.drawer}
          aria-describedby={undefined}
          onPointerDownOutside={onOverlayOnly}
          onInteractOutside={onOverlayOnly}
        >
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
