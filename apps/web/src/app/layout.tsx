import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { useProfile } from '../lib/session.ts';
import { closeSignIn, openSignIn } from '../lib/sign-in-modal.ts';
import { useAppleSignUpOnLoad } from '../features/auth/hooks/use-apple-sign-up.ts';
import { useWorkspaceEvents } from '../features/workspaces/hooks/use-workspace-events.ts';
import { useHasBeenTrue } from '../lib/use-has-been-true.ts';
import { useAppStore } from '../state/app-store.ts';
import { Header } from './header.tsx';
import { Tutorial } from './tutorial.tsx';
import styles from './layout.module.css';
import { useRouteHandle } from './route-handle.ts';
import { FeedbackButton, Sidebar } from './sidebar.tsx';
import { PHONE_QUERY, useMediaQuery } from './use-media-query.ts';
import { useDocumentTitle } from '../components/document-title.tsx';

// Issue #11 item 2: dialogs and signed-in extras load with their own chunks, once shown.
const SignInDialog = lazy(async () => ({
  default: (await import('../features/auth/components/sign-in-dialog.tsx')).SignInDialog,
}));
const SidebarDrawer = lazy(async () => ({ default: (await import('./sidebar-drawer.tsx')).SidebarDrawer }));

/**
 * App shell: header, sidebar (folder pages), content, sign-in modal. Pages that need
 * sign-in show nothing private and open the sign-in modal without a close button while
 * signed out (SPEC §2 Routes); each route's title becomes the document title.
 */
export function Layout() {
  const { t } = useTranslation('shell');
  const handle = useRouteHandle();
  const { data: user, isPending } = useProfile();
  const isPublic = !!handle?.public;
  const allowed = isPublic || !!user;
  const isPhone = useMediaQuery(PHONE_QUERY);
  const sidebarOpen = useAppStore((s) => s.sidebarOpen);
  const signInOpened = useHasBeenTrue(useAppStore((s) => s.login.open));
  const set = useAppStore((s) => s.set);
  const { pathname } = useLocation();
  const drawerOpened = useHasBeenTrue(isPhone && sidebarOpen);
  const [params] = useSearchParams();
  // Other members' changes to the current space, live (closed while signed out).
  useWorkspaceEvents();
  // Issue #31 item 4: back from Apple as a new person (`?signup=apple`): the terms, in the sign-in dialog.
  useAppleSignUpOnLoad();

  const routeTitle = handle ? t(`titles.${handle.title}`) : '';
  useDocumentTitle(routeTitle ? `${routeTitle} · Sauce` : 'Sauce', { fallback: true });

  // SPEC §2 Routes: the sign-in modal guards private pages.
  useEffect(() => {
    if (isPending) return;
    const { login } = useAppStore.getState();
    if (!user && !isPublic) openSignIn(true);
    else if (login.open && login.preventClose) closeSignIn();
  }, [user, isPending, isPublic]);

  // SPEC §4: the folder selection and search params follow the dashboard URL.
  const folder = params.get('folder');
  const title = params.get('title');
  const tag = params.get('tag');
  useEffect(() => {
    if (pathname !== '/dashboard') return;
    const id = folder && /^\d+$/.test(folder) ? Number(folder) : null;
    set({
      selectedFolder: id,
      searchParams: { folder: folder ?? undefined, title: title ?? undefined, tag: tag ?? undefined },
    });
  }, [pathname, folder, title, tag, set]);

  // Phones start with the drawer closed; wider screens with the sidebar open.
  useEffect(() => set({ sidebarOpen: !isPhone }), [isPhone, user?.id, set]);

  // The article categories show to anyone; the folders once signed in (issue #10).
  const categories = handle?.sidebar === 'categories';
  const withSidebar = categories || (!!handle?.sidebar && !!user);
  // While the session loads, the sidebar's column is kept empty so the page does not jump
  // sideways when it arrives (DESIGN.md: nothing shifts under the pointer).
  const reserveSidebar = !!handle?.sidebar && isPending;

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {t('common:skipToContent')}
      </a>
      {/* The drawer's button is there whenever there is a sidebar, and shown on phones only
          (header.module.css), so that a page the server rendered has it before the app runs. */}
      <Header handle={handle} onOpenDrawer={withSidebar ? () => set({ sidebarOpen: true }) : undefined} />
      <div className={styles.body}>
        {(withSidebar || reserveSidebar) && !isPhone && (
          <div className={`${styles.side} ${sidebarOpen ? '' : styles.sideCollapsed}`} aria-hidden={!withSidebar || undefined}>
            {withSidebar && <Sidebar categories={categories} />}
          </div>
        )}
        {withSidebar && isPhone && drawerOpened && (
          <Suspense fallback={null}>
            <SidebarDrawer categories={categories} />
          </Suspense>
        )}
        <main id="main" className={styles.main} tabIndex={-1} aria-busy={!allowed && isPending}>
          {allowed ? <Outlet /> : <PageSkeleton />}
        </main>
      </div>
      {withSidebar && <FeedbackButton />}
      {/* Issue #8: the first-visit walkthrough, until the person finishes or closes it. */}
      <Tutorial />
      {signInOpened && (
        <Suspense fallback={null}>
          <SignInDialog />
        </Suspense>
      )}
      <LoadingOverlay />
    </div>
  );
}

/** What a private page shows while the session loads or the person is signed out. */
function PageSkeleton() {
  return (
    <div className={styles.skeleton} aria-hidden>
      <span className={styles.skeletonTitle} />
      <div className={styles.skeletonGrid}>
        {Array.from({ length: 8 }, (_, i) => (
          <span key={i} className={styles.skeletonCard} />
        ))}
      </div>
    </div>
  );
}
