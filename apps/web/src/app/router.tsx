import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import type { RouteHandle } from './route-handle.ts';

const page = (
  path: string,
  handle: RouteHandle,
  load: () => Promise<{ Component: ComponentType }>,
): RouteObject => ({ path, handle, lazy: load });

/** What shows before the first page's module has loaded: nothing (see `routes`). */
function NothingYet() {
  return null;
}

const blank = async () => ({ Component: (await import('../routes/placeholders/blank-page.tsx')).BlankPage });

/**
 * SPEC §2 Routes. Each route's `handle` names its title and whether it is public (article,
 * intro, shared source, board); the layout opens the sign-in modal on the others when signed out.
 * The browser's router (main.tsx) and the server's renderer (entry-server.tsx) share them.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // The router's first render waits for the page's lazy module (a page the server
    // rendered has it loaded before hydrating, main.tsx). Meanwhile nothing is drawn, as
    // index.html's empty root; said explicitly, so React Router does not warn on every page
    // load that there is no HydrateFallback (issue #19 item 8).
    HydrateFallback: NothingYet,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace />, handle: { title: 'dashboard' } },
      page('dashboard', { title: 'dashboard', sidebar: true, tabs: true }, async () => ({
        Component: (await import('../routes/dashboard/dashboard-page.tsx')).DashboardPage,
      })),
      page('archive', { title: 'archive' }, async () => ({
        Component: (await import('../routes/archive/archive-page.tsx')).ArchivePage,
      })),
      page('archive/text', { title: 'archiveText' }, async () => ({
        Component: (await import('../routes/archive/archive-text-page.tsx')).ArchiveTextPage,
      })),
      page('archive/image', { title: 'archiveImage' }, async () => ({
        Component: (await import('../routes/archive/archive-image-page.tsx')).ArchiveImagePage,
      })),
      page('archive/sauce/share/:id', { title: 'share', public: true }, async () => ({
        Component: (await import('../routes/share/share-page.tsx')).SharePage,
      })),
      // Issue #32: a folder shared as a board.
      page('board/:shareId', { title: 'board', public: true }, async () => ({
        Component: (await import('../routes/board/board-page.tsx')).BoardPage,
      })),
      page('archive/notAuthorized', { title: 'notAuthorized' }, async () => ({
        Component: (await import('../routes/not-authorized-page.tsx')).NotAuthorizedPage,
      })),
      // My page (issue #8): profile, tags, notices in one frame with tabs.
      {
        path: 'mypage',
        lazy: async () => ({ Component: (await import('../routes/mypage/mypage-layout.tsx')).MypageLayout }),
        children: [
          { index: true, element: <Navigate to="/mypage/profile" replace />, handle: { title: 'mypage' } },
          page('profile', { title: 'profile' }, async () => ({
            Component: (await import('../routes/mypage/profile-page.tsx')).ProfilePage,
          })),
          page('notice', { title: 'notice' }, async () => ({
            Component: (await import('../routes/mypage/notice-page.tsx')).NoticePage,
          })),
          page('tags', { title: 'tags' }, async () => ({
            Component: (await import('../routes/mypage/tags-page.tsx')).TagsPage,
          })),
        ],
      },
      // Issue #20: the browser extension asks its person to allow it here.
      page('connect/extension', { title: 'connectExtension' }, async () => ({
        Component: (await import('../routes/connect/extension-connect-page.tsx')).ExtensionConnectPage,
      })),
      page('intro', { title: 'intro', public: true }, async () => ({
        Component: (await import('../routes/intro/intro-page.tsx')).IntroPage,
      })),
      page('workspace/invitation', { title: 'invitation' }, async () => ({
        Component: (await import('../routes/workspace/invitation-page.tsx')).InvitationPage,
      })),
      {
        path: 'workspace',
        lazy: async () => ({ Component: (await import('../routes/workspace/workspace-layout.tsx')).WorkspaceLayout }),
        children: [
          { index: true, element: <Navigate to="/workspace/usageStatus" replace />, handle: { title: 'workspace' } },
          page('usageStatus', { title: 'usageStatus' }, async () => ({
            Component: (await import('../routes/workspace/usage-status-page.tsx')).UsageStatusPage,
          })),
          page('memberManagement', { title: 'memberManagement' }, async () => ({
            Component: (await import('../routes/workspace/member-management-page.tsx')).MemberManagementPage,
          })),
          page('spaceManagement', { title: 'spaceManagement' }, async () => ({
            Component: (await import('../routes/workspace/space-management-page.tsx')).SpaceManagementPage,
          })),
        ],
      },
      page('tests', { title: 'tests' }, blank),
      page('figma', { title: 'figma' }, blank),
      page('article', { title: 'article', public: true, tabs: true, sidebar: 'categories' }, async () => ({
        Component: (await import('../routes/article/article-page.tsx')).ArticlePage,
      })),
      page('admin/articles', { title: 'adminArticles' }, async () => ({
        Component: (await import('../routes/admin/articles-admin-page.tsx')).ArticlesAdminPage,
      })),
      page('*', { title: 'notFound', public: true }, async () => ({
        Component: (await import('../routes/not-found-page.tsx')).NotFoundPage,
      })),
    ],
  },
];
