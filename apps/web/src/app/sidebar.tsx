import type { Folder } from '@sauce/contract/folders';
import { ArrowLeft, ChevronsUpDown, X, MessageSquareText, PanelLeftClose, PanelLeftOpen, Puzzle, Smartphone } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CategoryNav } from '../features/articles/components/category-nav.tsx';
import { useCurrentWorkspace } from '../lib/workspaces.ts';
import { useWorkspaceStatus } from '../features/workspaces/api/get-workspaces.ts';
import { WorkspaceAvatar } from '../features/workspaces/components/workspace-avatar.tsx';
import { useWorkspaceName } from '../lib/workspaces.ts';
import { useAppStore } from '../state/app-store.ts';
import { useAppLinks } from '../features/app-links/api/app-config.ts';
import type { AppGuideType } from '../features/app-links/components/app-guide-dialog.tsx';
import styles from './sidebar.module.css';
import { Tooltip } from '../components/tooltip.tsx';

// Issue #11 item 2: the folders (drag and drop), the space list and the QR-code dialog are
// signed-in parts with chunks of their own; the article pages' categories are not.
const FolderNav = lazy(async () => ({ default: (await import('../features/folders/components/folder-nav.tsx')).FolderNav }));
const WorkspaceList = lazy(async () => ({
  default: (await import('../features/workspaces/components/workspace-list.tsx')).WorkspaceList,
}));
const AppGuideDialog = lazy(async () => ({
  default: (await import('../features/app-links/components/app-guide-dialog.tsx')).AppGuideDialog,
}));

/**
 * Builds the default list route for a folder (SPEC §2 Sidebar): folder (numeric id),
 * title and the tag filter in force (`tags`, kept across folders: issue #31 item 8);
 * 'all' (null) removes the folder.
 */
export function folderHref(folder: Pick<Folder, 'id' | 'name'> | null, tags: readonly string[] = []) {
  const q = new URLSearchParams();
  if (folder) {
    q.set('folder', String(folder.id));
    q.set('title', folder.name);
  }
  for (const tag of tags) q.append('tag', tag);
  return q.size ? `/dashboard?${q}` : '/dashboard';
}

export interface SidebarProps {
  /** Called after a choice that should close a phone drawer. */
  onNavigate?(): void;
  /** Phone drawer: a close button instead of the collapse control. */
  drawer?: boolean;
  /** Closes the drawer. */
  onClose?(): void;
  /** The article pages' view: the categories (SPEC §2 Sidebar), no workspace header. */
  categories?: boolean;
}

/**
 * The sidebar (SPEC §2 Sidebar): workspace header with the expand control (workspace
 * list) and the open/close toggle, then the folder view or the workspace list, then the
 * app and plugin links. Collapsed, it is a 36px rail with only the open toggle.
 */
export function Sidebar({ onNavigate, drawer, onClose, categories }: SidebarProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const workspace = useCurrentWorkspace();
  const { data: status } = useWorkspaceStatus(workspace?.id);
  const open = useAppStore((s) => s.sidebarOpen);
  const selectedFolder = useAppStore((s) => s.selectedFolder);
  const set = useAppStore((s) => s.set);
  const [view, setView] = useState<'folders' | 'workspaces'>('folders');
  const nameOf = useWorkspaceName();

  if (!open && !drawer) {
    return (
      <aside className={`${styles.sidebar} ${styles.collapsed}`} aria-label={t('sidebar.label')}>
        <Tooltip content={t('sidebar.open')} side="right">
          <button type="button" className={styles.iconButton} aria-label={t('sidebar.open')} onClick={() => set({ sidebarOpen: true })}>
            <PanelLeftOpen size={18} strokeWidth={1.75} aria-hidden />
          </button>
        </Tooltip>
      </aside>
    );
  }

  /** SPEC §2: loading starts before navigation and ends after; selection follows the URL. */
  const select = async (folder: Folder | null) => {
    set({ loading: true });
    try {
      // The list's tag filter stays as the person set it (issue #31 item 8); a tag heading gives way to the folder's.
      const tags = location.pathname === '/dashboard' ? new URLSearchParams(location.search).getAll('tag') : [];
      await navigate(folderHref(folder, tags));
    } finally {
      set({ loading: false });
    }
    onNavigate?.();
  };

  const total = status ? status.textSauceCount + status.imageSauceCount : undefined;
  const name = workspace ? nameOf(workspace) : '';

  return (
    <aside className={styles.sidebar} aria-label={t('sidebar.label')}>
      <div className={styles.head}>
        {categories ? (
          <span className={styles.headTitle}>{t('titles.article')}</span>
        ) : view === 'folders' ? (
          workspace ? (
            <button
              type="button"
              className={styles.workspace}
              aria-label={`${name} · ${t('sidebar.showWorkspaces')}`}
              onClick={() => setView('workspaces')}
            >
              <WorkspaceAvatar name={name} image={workspace.image} />
              <Tooltip content={name} side="bottom">
                <span className={styles.workspaceName}>{name}</span>
              </Tooltip>
              <ChevronsUpDown size={16} strokeWidth={1.75} aria-hidden className={styles.expand} />
            </button>
          ) : (
            <span className={styles.workspaceSkeleton} aria-hidden />
          )
        ) : (
          <button type="button" className={styles.back} onClick={() => setView('folders')}>
            <ArrowLeft size={16} strokeWidth={1.75} aria-hidden />
            <span>{t('sidebar.workspaces')}</span>
          </button>
        )}
        {drawer ? (
          <Tooltip content={t('sidebar.close')} side="bottom">
            <button type="button" className={styles.iconButton} aria-label={t('sidebar.close')} onClick={onClose}>
              <X size={18} strokeWidth={1.75} aria-hidden />
            </button>
          </Tooltip>
        ) : (
          <Tooltip content={t('sidebar.close')} side="bottom">
            <button type="button" className={styles.iconButton} aria-label={t('sidebar.close')} onClick={() => set({ sidebarOpen: false })}>
              <PanelLeftClose size={18} strokeWidth={1.75} aria-hidden />
            </button>
          </Tooltip>
        )}
      </div>

      <div className={styles.scroll}>
        {categories ? (
          <CategoryNav onNavigate={onNavigate} />
        ) : view === 'workspaces' ? (
          <Suspense fallback={<NavSkeleton />}>
            <WorkspaceList
              currentId={workspace?.id}
              onChosen={() => {
                setView('folders');
                onNavigate?.();
              }}
            />
          </Suspense>
        ) : workspace ? (
          <Suspense fallback={<NavSkeleton />}>
            <FolderNav
              workspaceId={workspace.id}
              total={total}
              selectedId={selectedFolder}
              onSelect={(f) => void select(f)}
              onSelectedDeleted={() => {
                set({ selectedFolder: null, searchParams: {} });
                void navigate('/dashboard');
              }}
            />
          </Suspense>
        ) : (
          <NavSkeleton />
        )}
      </div>

      <footer className={styles.foot}>
        <AppLinks />
      </footer>
    </aside>
  );
}

/** The folder list's place while it loads. */
function NavSkeleton() {
  return (
    <div className={styles.navSkeleton} aria-hidden>
      <span />
      <span />
      <span />
    </div>
  );
}

/**
 * The app and plugin links (SPEC §1, §2 Sidebar), from the server's configuration (issue #8):
 * the project's own pages unless the operator set others; one turned off (null) is left out,
 * never a placeholder (issue #31 item 25). The apps open AppGuide with a QR code and the link;
 * the plugin opens in a new tab. Shown in the desktop sidebar and in the phone's drawer alike.
 */
function AppLinks() {
  const { t } = useTranslation('shell');
  const links = useAppLinks();
  const [guide, setGuide] = useState<AppGuideType | null>(null);
  if (!links.android && !links.ios && !links.plugin) return null;
  const icon = <Smartphone size={16} strokeWidth={1.75} aria-hidden />;
  return (
    <>
      <h2 className="visually-hidden">{t('sidebar.apps')}</h2>
      <ul className={styles.links}>
        {links.android && (
          <li>
            <button type="button" className={styles.link} onClick={() => setGuide('ANDROID')}>
              {icon}
              <span className={styles.linkText}>
                {t('sidebar.android')}
                <span className={styles.new}>{t('sidebar.new')}</span>
              </span>
            </button>
          </li>
        )}
        {links.ios && (
          <li>
            <button type="button" className={styles.link} onClick={() => setGuide('APPLE')}>
              {icon}
              <span className={styles.linkText}>{t('sidebar.ios')}</span>
            </button>
          </li>
        )}
        {links.plugin && (
          <li>
            <ExternalLink href={links.plugin} icon={<Puzzle size={16} strokeWidth={1.75} aria-hidden />}>
              {t('sidebar.plugin')}
            </ExternalLink>
          </li>
        )}
      </ul>
      {guide && (
        <Suspense fallback={null}>
          <AppGuideDialog type={guide} url={(guide === 'APPLE' ? links.ios : links.android) ?? ''} onClose={() => setGuide(null)} />
        </Suspense>
      )}
    </>
  );
}

function ExternalLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
      {icon}
      <span className={styles.linkText}>{children}</span>
      <span className="visually-hidden">{t('sidebar.opensNewTab')}</span>
    </a>
  );
}

/**
 * The floating feedback button (SPEC §2 Sidebar), at the bottom right of every page with a
 * sidebar: opens the external form in a new tab (the project's issue tracker unless
 * FEEDBACK_URL names another); hidden only when the operator turned it off (issue #31 item 25).
 */
export function FeedbackButton() {
  const { t } = useTranslation('shell');
  const { feedback } = useAppLinks();
  if (!feedback) return null;
  return (
    <Tooltip content={t('sidebar.feedback')} side="left">
      <a className={styles.feedback} href={feedback} target="_blank" rel="noopener noreferrer" aria-label={`${t('sidebar.feedback')} ${t('sidebar.opensNewTab')}`}>
        <MessageSquareText size={20} strokeWidth={1.75} aria-hidden />
      </a>
    </Tooltip>
  );
}
