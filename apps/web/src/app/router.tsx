import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import type { RouteHandle } from './route-handle.ts';

const page = (
  path: string,
  handle: RouteHandle,
  load: () => Promise<{ Component: ComponentType }>,
): RouteObject => ({ path, handle, lazy: load });

const blank = async () => ({ Component: (await import('../routes/placeholders/blank-page.tsx')).BlankPage });

/**
 * SPEC §2 Routes. Each route's `handle` names its title and whether it is public (article,
 * intro, shared source); the layout opens the sign-in modal on the others when signed out.
 * The browser's router (main.tsx) and the server's renderer (entry-server.tsx) share them.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
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
