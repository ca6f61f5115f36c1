import type { AppConfig } from '@sauce/contract/account';
import { BETA_PLAN } from '@sauce/contract/limits';
import type { WorkspaceSummary } from '@sauce/contract/workspaces';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfigQuery } from '../lib/plan.ts';
import { useAppStore } from '../state/app-store.ts';
import { initI18n } from '../test/i18n.ts';
import { renderWithApp } from '../test/render.tsx';
import { workspaceSummary } from '../test/workspaces.ts';
import { FeedbackButton, Sidebar } from './sidebar.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../lib/api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/api.ts')>()), api }));

const team: WorkspaceSummary = workspaceSummary({ id: 9, name: 'Team', isPersonal: false, permission: 'EDITOR' });

/** The project's page and the links GET /app/config answers on a default install (apps/api config.ts DEFAULT_LINKS). */
const PROJECT = 'https://github.com/sauce-archive/sauce';
const DEFAULT_LINKS: AppConfig['links'] = { feedback: `${PROJECT}/issues`, android: PROJECT, ios: PROJECT, plugin: PROJECT };
const OFF: AppConfig['links'] = { feedback: null, android: null, ios: null, plugin: null };
/** What GET /app/config answers in the test at hand. */
let links: AppConfig['links'] = DEFAULT_LINKS;

beforeAll(() => initI18n('en'));
beforeEach(() => {
  useAppStore.setState({ selectedWorkspaceId: 9, sidebarOpen: true });
  links = DEFAULT_LINKS;
  api.mockReset();
  api.mockImplementation(async (path: string) => {
    if (path === '/app/config') return { plan: BETA_PLAN, links } satisfies AppConfig;
    if (path === '/auth/session') return { user: { id: 1, email: null, nickname: 'mina', profileImage: null, jobType: 'none', agreeMarketing: false, tutorial: false } };
    if (path === '/workspace') return [workspaceSummary(), team];
    if (path === '/archive/folder/9/list') return { results: [{ id: 3, name: 'Mood', order: 1, itemCount: 2 }], count: 1 };
    if (path === '/workspace/9/status') return { textSauceCount: 1, imageSauceCount: 1, storageBytes: 0 };
    throw new Error(path);
  });
});
afterEach(cleanup);

/** The folder's row (not its ⋯ menu). */
const folderRow = async (name: string) =>
  (await screen.findAllByRole('button', { name: new RegExp(name) })).find((b) => !b.hasAttribute('aria-haspopup'))!;

describe('choosing a folder (SPEC §2 Sidebar)', () => {
  it('keeps the list’s tag filter (issue #31 item 8), the folder’s name as the heading', async () => {
    const { router } = renderWithApp(<Sidebar />, { url: '/dashboard?title=landing&tag=landing&tag=hero', path: '/dashboard' });
    fireEvent.click(await folderRow('Mood'));
    await waitFor(() => expect(router.state.location.search).toContain('folder=3'));
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('title')).toBe('Mood');
    expect(q.getAll('tag')).toEqual(['landing', 'hero']);
  });

  it('starts without tags from a page that is not the list', async () => {
    const { router } = renderWithApp(<Sidebar />, { url: '/mypage?tag=landing' });
    fireEvent.click(await folderRow('Mood'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(new URLSearchParams(router.state.location.search).getAll('tag')).toEqual([]);
  });
});

/** Whether `el` is a link that opens `href` in a new tab without handing the page to it. */
function expectNewTabLink(el: HTMLElement, href: string) {
  expect(el.tagName).toBe('A');
  expect(el.getAttribute('href')).toBe(href);
  expect(el.getAttribute('target')).toBe('_blank');
  expect(el.getAttribute('rel')).toBe('noopener noreferrer');
}

describe('the app and plugin links (SPEC §1, §2 Sidebar; issue #31 item 25)', () => {
  /** The sidebar's footer, once the configuration has arrived. */
  const footer = async () => (await screen.findByRole('heading', { name: 'Apps and plugin' })).closest('footer')!;

  for (const [where, ui] of [
    ['the desktop sidebar', <Sidebar key="desktop" />],
    ['the phone’s drawer', <Sidebar key="drawer" drawer onClose={() => {}} />],
  ] as const) {
    it(`shows the Android (NEW), iOS and plugin links of a default install in ${where}`, async () => {
      renderWithApp(ui, { url: '/dashboard', path: '/dashboard' });
      const foot = within(await footer());
      expect(foot.getByRole('button', { name: /Android app\s*NEW/ })).toBeTruthy();
      expect(foot.getByRole('button', { name: 'iOS app' })).toBeTruthy();
      expectNewTabLink(foot.getByRole('link', { name: /Figma plugin/ }), PROJECT);
    });
  }

  it('opens AppGuide with the app’s page, in a new tab, named as a page while it is no store’s', async () => {
    renderWithApp(<Sidebar />, { url: '/dashboard', path: '/dashboard' });
    fireEvent.click(within(await footer()).getByRole('button', { name: /Android app/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sauce for Android' });
    expectNewTabLink(within(dialog).getByRole('link', { name: /Open the page/ }), PROJECT);
    expect(within(dialog).queryByText(/Google Play/)).toBeNull();
  });

  it('names the store when the operator set the store’s page', async () => {
    links = { ...DEFAULT_LINKS, ios: 'https://apps.apple.com/app/id1' };
    renderWithApp(<Sidebar />, { url: '/dashboard', path: '/dashboard' });
    fireEvent.click(within(await footer()).getByRole('button', { name: 'iOS app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get Sauce on the App Store' });
    expectNewTabLink(within(dialog).getByRole('link', { name: /Open the App Store/ }), 'https://apps.apple.com/app/id1');
  });

  it('leaves out only the links the operator turned off', async () => {
    links = { ...DEFAULT_LINKS, android: null, plugin: null };
    renderWithApp(<Sidebar />, { url: '/dashboard', path: '/dashboard' });
    const foot = within(await footer());
    expect(foot.getByRole('button', { name: 'iOS app' })).toBeTruthy();
    expect(foot.queryByRole('button', { name: /Android app/ })).toBeNull();
    expect(foot.queryByRole('link', { name: /Figma plugin/ })).toBeNull();
  });

  it('shows none, and no heading, when all are turned off', async () => {
    links = OFF;
    const { qc } = renderWithApp(<Sidebar />, { url: '/dashboard', path: '/dashboard' });
    await waitFor(() => expect(qc.getQueryData(appConfigQuery.queryKey)?.links).toEqual(OFF));
    await screen.findAllByRole('button', { name: /Mood/ });
    expect(screen.queryByRole('heading', { name: 'Apps and plugin' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Android app|iOS app/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Figma plugin/ })).toBeNull();
  });
});

describe('the feedback button (SPEC §2 Sidebar; issue #31 item 25)', () => {
  it('opens the project’s issue tracker in a new tab on a default install', async () => {
    renderWithApp(<FeedbackButton />);
    expectNewTabLink(await screen.findByRole('link', { name: /Send feedback/ }), `${PROJECT}/issues`);
  });

  it('opens the operator’s form when one is set', async () => {
    links = { ...DEFAULT_LINKS, feedback: 'https://forms.example/sauce' };
    renderWithApp(<FeedbackButton />);
    expectNewTabLink(await screen.findByRole('link', { name: /Send feedback/ }), 'https://forms.example/sauce');
  });

  it('is not there when turned off', async () => {
    links = OFF;
    const { qc } = renderWithApp(<FeedbackButton />);
    await waitFor(() => expect(qc.getQueryData(appConfigQuery.queryKey)?.links).toEqual(OFF));
    expect(screen.queryByRole('link', { name: /Send feedback/ })).toBeNull();
  });
});
