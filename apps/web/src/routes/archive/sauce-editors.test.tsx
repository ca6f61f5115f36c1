/**
 * Issue #19 item 3: the image and text editors behave as one — the same loader with 'Try
 * again', 'Picked up your draft.' when a draft is restored, landing on the saved source's
 * view after saving, and a leave guard that asks only when something changed (Back after
 * continuing a draft and editing included, issue #19 item 8). Each case runs on both pages.
 */
import type { Sauce } from '@sauce/contract/sauces';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs/confirm.tsx';
import { DraftConfirmHost } from '../../components/dialogs/draft-confirm.tsx';
import { type Draft, loadDraft, saveDraft } from '../../lib/sauces/drafts.ts';
import { ApiError } from '../../lib/api.ts';
import { useAppStore } from '../../state/app-store.ts';
import { initI18n } from '../../test/i18n.ts';
import { sauceFixture, uploadedImage } from '../../test/sauces.ts';
import { answerApi } from '../../test/fake-api.ts';
import { ArchiveImagePage } from './archive-image-page.tsx';
import { ArchiveTextPage } from './archive-text-page.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api,
}));

let on: ReturnType<typeof answerApi>['on'];
const toasts = () => useAppStore.getState().toasts.map((t) => t.message);

beforeAll(() => {
  initI18n('en');
  if (!document.doctype) document.insertBefore(document.implementation.createDocumentType('html', '', ''), document.documentElement);
  URL.createObjectURL = vi.fn(() => `blob:preview-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
  window.scrollTo = vi.fn();
});
beforeEach(() => {
  localStorage.clear();
  useAppStore.setState({ toasts: [], selectedWorkspaceId: null, isDraftMode: false });
  ({ on } = answerApi(api));
});
afterEach(async () => {
  for (const dialog of screen.queryAllByRole('dialog')) fireEvent.keyDown(dialog, { key: 'Escape' });
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  cleanup();
});

/** The page at `url`, opened from the dashboard (so Back goes there). */
function renderAt(url: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/archive/image', element: <ArchiveImagePage /> },
      { path: '/archive/text', element: <ArchiveTextPage /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/dashboard', url], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <DialogHost />
      <DraftConfirmHost />
    </QueryClientProvider>,
  );
  return router;
}

interface Case {
  type: Sauce['type'];
  path: string;
  draft: Draft;
  /** Answers the calls restoring the draft (an image draft's uploads). */
  restore: () => void;
}

const cases: Case[] = [
  {
    type: 'IMAGE',
    path: '/archive/image',
    draft: {
      type: 'IMAGE',
      title: 'From draft',
      images: [{ id: 401, width: 1600, height: 1000, color: '#000000', comments: [] }],
      tagSet: [],
      folderSet: [],
      savedAt: '2024-05-01T00:00:00.000Z',
    },
    restore: () => on((path) => (path === '/archive/sauce/1/image/upload' ? [uploadedImage(401)] : undefined)),
  },
  {
    type: 'TEXT',
    path: '/archive/text',
    draft: { type: 'TEXT', title: 'From draft', text: 'Kept text', link: null, tagSet: [], folderSet: [], savedAt: '2024-05-01T00:00:00.000Z' },
    restore: () => undefined,
  },
];

const leaveDialog = () => screen.queryByRole('dialog', { name: 'Leave this page?' });
const saveThroughDialog = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save source' });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
};

describe.each(cases)('the $type editor (issue #19 item 3)', ({ type, path, draft, restore }) => {
  const viewUrl = (id: number) => `?sauceId=${id}&archiveType=${type}`;

  it("a source that failed to load says so with 'Try again', which loads it", async () => {
    let calls = 0;
    on((p) => (p === '/archive/sauce/1/5' ? (++calls === 1 ? new ApiError(500, 'SYSTEM_ERROR', 'down') : sauceFixture(type, { id: 5 })) : undefined));
    renderAt(`${path}${viewUrl(5)}`);
    expect(await screen.findByText("Couldn't load this source.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moodboard' })).toBeTruthy();
  });

  it("a source that is gone says so, with no 'Try again'", async () => {
    on((p) => (p === '/archive/sauce/1/5' ? new ApiError(404, 'SAUCE_NOT_FOUND', 'gone') : undefined));
    renderAt(`${path}${viewUrl(5)}`);
    expect(await screen.findByText('This source does not exist or was deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("a link with the other type's path opens the source on its own page", async () => {
    const other = type === 'IMAGE' ? 'TEXT' : 'IMAGE';
    on((p) => (p === '/archive/sauce/1/5' ? sauceFixture(other, { id: 5 }) : undefined));
    const otherPath = other === 'IMAGE' ? '/archive/image' : '/archive/text';
    const router = renderAt(`${path}${viewUrl(5)}`);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(`${otherPath}?sauceId=5&archiveType=${other}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moodboard' })).toBeTruthy();
  });

  it("continuing a draft says 'Picked up your draft.'; saved, it lands on the source's view and the draft is gone", async () => {
    saveDraft(1, draft);
    restore();
    on((p, opts) => (p === '/archive/sauce/1' && opts.method === 'POST' ? sauceFixture(type, { id: 77, title: 'From draft' }) : undefined));
    const router = renderAt(`${path}?draft=true&archiveType=${type}`);
    expect(await screen.findByDisplayValue('From draft')).toBeTruthy();
    expect(toasts()).toContain('Picked up your draft.');
    await saveThroughDialog();
    expect(await screen.findByRole('heading', { level: 1, name: 'From draft' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(`${path}${viewUrl(77)}`);
    expect(leaveDialog()).toBeNull();
    expect(loadDraft(1)).toBeNull();
    expect(toasts()).toContain('Source saved.');
  });

  it('an edited source, saved, returns to its view with the change', async () => {
    let title = 'Moodboard';
    on((p, opts) => {
      if (p !== '/archive/sauce/1/5') return undefined;
      if (opts.method === 'PATCH') title = (opts.body as { title: string }).title;
      return sauceFixture(type, { id: 5, title });
    });
    const router = renderAt(`${path}${viewUrl(5)}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Renamed' } });
    await saveThroughDialog();
    expect(await screen.findByRole('heading', { level: 1, name: 'Renamed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(router.state.location.search).toBe(viewUrl(5));
  });

  it('leaving without a change does not ask: a new source, a continued draft, an edit', async () => {
    const router = renderAt(path);
    await screen.findByLabelText('Title');
    fireEvent.click(screen.getByRole('link', { name: 'Back to sources' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    cleanup();

    saveDraft(1, draft);
    restore();
    const fromDraft = renderAt(`${path}?draft=true&archiveType=${type}`);
    await screen.findByDisplayValue('From draft');
    await act(async () => fromDraft.navigate(-1));
    await waitFor(() => expect(fromDraft.state.location.pathname).toBe('/dashboard'));
    expect(leaveDialog()).toBeNull();
    // The draft it opened is still there to continue.
    expect(loadDraft(1)).toMatchObject({ title: 'From draft' });
    cleanup();

    on((p) => (p === '/archive/sauce/1/5' ? sauceFixture(type, { id: 5 }) : undefined));
    const edit = renderAt(`${path}${viewUrl(5)}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('link', { name: 'Back to sources' }));
    await waitFor(() => expect(edit.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Back after continuing a draft and editing asks first (issue #19 item 8)', async () => {
    saveDraft(1, draft);
    restore();
    const router = renderAt(`${path}?draft=true&archiveType=${type}`);
    fireEvent.change(await screen.findByDisplayValue('From draft'), { target: { value: 'From draft, edited' } });
    await act(async () => router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(loadDraft(1)).toMatchObject({ title: 'From draft, edited' });
  });
});
