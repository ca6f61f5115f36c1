import { Eye, Info, Menu as MenuIcon, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { alertDialog } from '../components/dialogs/confirm.tsx';
import { DraftConfirmHost } from '../components/dialogs/draft-confirm.tsx';
import { useProfile } from '../lib/session.ts';
import { openSignIn } from '../lib/sign-in-modal.ts';
import { clearDraft, useDraft } from '../lib/sauces/drafts.ts';
import { useCurrentWorkspace } from '../lib/workspaces.ts';
import { useHasBeenTrue } from '../lib/use-has-been-true.ts';
import { usePolicy } from '../lib/use-policy.ts';
import { useAppStore } from '../state/app-store.ts';
import styles from './header.module.css';
import type { RouteHandle } from './route-handle.ts';
import { Tooltip } from '../components/tooltip.tsx';

// Issue #11 item 2: what only signed-in people see loads with its own chunk, once needed.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.tsx')).UserMenu }));
// Issue #21 item 3: the search button and ⌘K, for signed-in people only.
const SearchLauncher = lazy(async () => ({
  default: (await import('../features/search/components/search-launcher.tsx')).SearchLauncher,
}));
const ArchiveTypeSelector = lazy(async () => ({
  default: (await import('../components/dialogs/archive-type-selector.tsx')).ArchiveTypeSelector,
}));

/** Query parameters the Source/Article tabs carry across (SPEC §2 Header). */
const CARRIED = ['folder', 'title', 'tag', 'category', 'search'] as const;

/**
 * The header (SPEC §2 Header): wordmark, Source/Article tabs on the dashboard and article
 * pages, 'site introduction' when signed out, the role-aware global action and the
 * avatar menu.
 */
export function Header({ handle, onOpenDrawer }: { handle: RouteHandle | undefined; onOpenDrawer?(): void }) {
  const { t } = useTranslation('shell');
  const { data: user, isPending } = useProfile();
  const selectedFolder = useAppStore((s) => s.selectedFolder);
  const [params] = useSearchParams();
  const { pathname } = useLocation();

  const carried = new URLSearchParams();
  for (const key of CARRIED) {
    const v = params.get(key);
    if (v) carried.set(key, v);
  }
  const qs = carried.size ? `?${carried}` : '';
  const homeFolder = pathname === '/dashboard' ? params.get('folder') : selectedFolder;

  return (
    <header className={styles.header}>
      <div className={styles.start}>
        {onOpenDrawer && (
          <Button variant="ghost" size="icon" className={styles.drawerButton} aria-label={t('header.openMenu')} onClick={onOpenDrawer}>
            <MenuIcon size={20} strokeWidth={1.75} aria-hidden />
          </Button>
        )}
        <Link to={homeFolder ? `/dashboard?folder=${homeFolder}` : '/dashboard'} className={styles.wordmark}>
          Sauce
          <span className={styles.dot} aria-hidden>
            .
          </span>
        </Link>
        {handle?.tabs && (
          <nav className={styles.tabs} aria-label={t('header.tabs')}>
            <NavLink to={`/dashboard${qs}`} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}>
              {t('header.source')}
            </NavLink>
            <NavLink to={`/article${qs}`} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}>
              {t('header.article')}
            </NavLink>
          </nav>
        )}
      </div>
      <div className={styles.end}>
        {isPending ? (
          <span className={styles.actionSkeleton} aria-hidden />
        ) : user ? (
          <>
            {/* Issue #21 item 3: ⌘K / Ctrl+K searches every space; its place is kept while it loads. */}
            <Suspense fallback={<span className={styles.searchPlaceholder} aria-hidden />}>
              <SearchLauncher />
            </Suspense>
            <CreateSauceButton />
            {/* The avatar's place is kept while its menu's chunk loads. */}
            <Suspense fallback={<span className={styles.avatarPlaceholder} aria-hidden />}>
              <UserMenu user={user} isPublicPage={!!handle?.public} />
            </Suspense>
          </>
        ) : (
          <>
            <Link to="/intro" className={styles.introLink} aria-label={t('header.intro')}>
              <Info size={18} strokeWidth={1.75} aria-hidden className={styles.introIcon} />
              <span className={styles.introText}>{t('header.intro')}</span>
            </Link>
            <Button variant="primary" onClick={() => openSignIn(false)}>
              {t('header.login')}
            </Button>
          </>
        )}
      </div>
      {/* The leave-page dialog of the editors (useLeaveGuard); the header is on every page. */}
      <DraftConfirmHost />
    </header>
  );
}

/**
 * The global action for signed-in people (SPEC §2 Header, §6): owners and editors get
 * 'Create source', which opens the ArchiveTypeSelector (first offering the workspace's
 * draft, SPEC §4 Archive creation); readers get a quiet 'View only' that opens the
 * not-authorized alert asking them to go to the space owner.
 */
function CreateSauceButton() {
  const { t } = useTranslation('shell');
  const { canWrite, isReader, ready } = usePolicy();
  const workspace = useCurrentWorkspace();
  const draft = useDraft(workspace?.id);
  const [open, setOpen] = useState(false);
  const opened = useHasBeenTrue(open);
  const explain = () => void alertDialog({ title: t('header.readerTitle'), description: t('header.readerDescription') });
  // Until the space (and so the role) is known, its place is kept, empty: a viewer never
  // sees a disabled 'Create source' that turns into 'View only' (issue #31 item 22).
  if (!ready) return <span className={`${styles.actionSkeleton} ${styles.createSkeleton}`} aria-hidden data-testid="create-pending" />;
  if (isReader) {
    return (
      <Tooltip content={t('header.viewOnlyHint')} side="bottom">
        <Button variant="ghost" onClick={explain} className={styles.create} aria-label={`${t('header.viewOnly')} · ${t('header.viewOnlyHint')}`}>
          <Eye size={18} strokeWidth={1.75} aria-hidden />
          <span className={styles.createText}>{t('header.viewOnly')}</span>
        </Button>
      </Tooltip>
    );
  }
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} disabled={!canWrite} className={styles.create} aria-label={t('header.create')}>
        <Plus size={18} strokeWidth={1.75} aria-hidden />
        <span className={styles.createText}>{t('header.create')}</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ArchiveTypeSelector
            open={open}
            onOpenChange={setOpen}
            draft={canWrite ? draft : null}
            onDiscardDraft={() => workspace && clearDraft(workspace.id)}
          />
        </Suspense>
      )}
    </>
  );
}
