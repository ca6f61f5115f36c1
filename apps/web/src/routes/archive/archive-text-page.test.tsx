import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs/confirm.tsx';
import { DraftConfirmHost } from '../../components/dialogs/draft-confirm.tsx';
import { loadDraft, saveDraft, type TextDraft } from '../../lib/sauces/drafts.ts';
import { initI18n } from '../../test/i18n.ts';
import { sauceFixture } from '../../test/sauces.ts';
import { useAppStore } from '../../state/app-store.ts';
import { ArchiveTextPage } from './archive-text-page.tsx';

const WORKSPACE = 4;

vi.mock('../../lib/workspaces.ts', async () => {
  const { workspaceSummary } = await import('../../test/workspaces.ts');
  return { useCurrentWorkspace: () => workspaceSummary({ id: WORKSPACE }) };
});

beforeAll(() => {
  initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  useAppStore.setState({ toasts: [], isDraftMode: false });
  // Every request the page makes (folders, tags) answers an empty list.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ success: true, data: { results: [], count: 0, next: null, previous: null } })),
  );
});
afterEach(async () => {
  for (const dialog of screen.queryAllByRole('dialog')) fireEvent.keyDown(dialog, { key: 'Escape' });
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/archive/text', element: <ArchiveTextPage /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <DialogHost />
      <DraftConfirmHost />
    </QueryClientProvider>,
  );
  return router;
}

const draft: TextDraft = {
  type: 'TEXT',
  title: 'Type scale notes',
  text: 'Use 12/14/16/20/24/32.',
  link: null,
  tagSet: ['type'],
  folderSet: [],
  savedAt: '2025-03-01T10:00:00.000Z',
};

describe('/archive/text drafts (SPEC §2, §4)', () => {
  it('continues the saved draft with ?draft=true', async () => {
    saveDraft(WORKSPACE, draft);
    renderAt('/archive/text?draft=true&archiveType=TEXT');
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe(draft.title);
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe(draft.text);
    expect(screen.getByText('type')).toBeTruthy();
    expect(useAppStore.getState().isDraftMode).toBe(true);
    expect(useAppStore.getState().toasts.map((t) => t.message)).toContain('Picked up your draft.');
  });

  it('starts empty without ?draft=true, even with a draft saved', async () => {
    saveDraft(WORKSPACE, draft);
    renderAt('/archive/text');
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('');
    expect(loadDraft(WORKSPACE)).toEqual(draft);
  });

  it("saves what was written as the workspace's draft when leaving with 'Save draft'", async () => {
    const router = renderAt('/archive/text');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Grid ideas' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Columns of 248 px' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back to sources' }));
    await screen.findByRole('dialog', { name: 'Leave this page?' });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(loadDraft(WORKSPACE)).toMatchObject({ type: 'TEXT', title: 'Grid ideas', text: 'Columns of 248 px', link: null });
  });

  it("leaves nothing behind with 'Leave'", async () => {
    renderAt('/archive/text');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Scratch' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back to sources' }));
    await screen.findByRole('dialog', { name: 'Leave this page?' });
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(loadDraft(WORKSPACE)).toBeNull();
  });

  it('clears the draft it continued once the source is saved', async () => {
    saveDraft(WORKSPACE, draft);
    const fetchMock = vi.fn(async (url: string | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && String(url).endsWith(`/archive/sauce/${WORKSPACE}`)) {
        return Response.json({ success: true, data: sauceFixture('TEXT', { id: 77, title: draft.title }) });
      }
      return Response.json({ success: true, data: { results: [], count: 0, next: null, previous: null } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/archive/text?draft=true&archiveType=TEXT');
    await screen.findByDisplayValue(draft.title);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save source' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Issue #19 item 3: it lands on the saved source's view, as the image editor does.
    expect(await screen.findByRole('heading', { level: 1, name: draft.title })).toBeTruthy();
    // No leave prompt after a save, and the draft is gone.
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();
    expect(router.state.location.search).toBe('?sauceId=77&archiveType=TEXT');
    expect(loadDraft(WORKSPACE)).toBeNull();
    // The save's POST (the tag suggestions are asked by POST too, issue #21 item 6).
    const post = fetchMock.mock.calls.find(([url, init]) => init?.method === 'POST' && !String(url).includes('/tags/suggest'))!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ type: 'TEXT', title: draft.title, textSauce: { text: draft.text } });
  });
});

describe('/archive/text from the share target (issue #11 item 9)', () => {
  it('starts with the shared link, title and text, and saves them', async () => {
    const fetchMock = vi.fn(async (url: string | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && !String(url).includes('/tags/suggest')) return Response.json({ success: true, data: { id: 78, type: 'TEXT', title: 'Shared' } });
      return Response.json({ success: true, data: { results: [], count: 0, next: null, previous: null } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/archive/text?sharedUrl=https%3A%2F%2Fexample.com%2Fgrid&sharedTitle=Grid%20article&sharedText=Read%20later');
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Grid article');
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Read later');
    expect(screen.getByRole('button', { name: 'Remove link' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save source' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && !String(url).includes('/tags/suggest'))).toBe(true));
    // The save's POST (the tag suggestions are asked by POST too, issue #21 item 6).
    const post = fetchMock.mock.calls.find(([url, init]) => init?.method === 'POST' && !String(url).includes('/tags/suggest'))!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      type: 'TEXT',
      title: 'Grid article',
      textSauce: { text: 'Read later', link: 'https://example.com/grid' },
    });
  });

  it('ignores a shared link that is not http(s)', async () => {
    renderAt('/archive/text?sharedUrl=javascript%3Aalert(1)');
    await screen.findByLabelText('Title');
    expect(screen.queryByRole('button', { name: 'Remove link' })).toBeNull();
    expect(screen.getByRole('button', { name: /Add link/ })).toBeTruthy();
  });
});

describe('/archive/text: a link written in the text', () => {
  it('is offered as the link; taken, it leaves the text, or keeps a text that says more', async () => {
    renderAt('/archive/text');
    const text = (await screen.findByLabelText('Text')) as HTMLTextAreaElement;
    expect(screen.queryByRole('button', { name: /^Use as the link/ })).toBeNull();
    fireEvent.change(text, { target: { value: '  https://www.example.com/grid.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use as the link: example.com' }));
    expect(screen.getByRole('button', { name: 'Remove link' })).toBeTruthy();
    expect(text.value).toBe('');
    expect(screen.queryByRole('button', { name: /^Use as the link/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove link' }));
    fireEvent.change(text, { target: { value: 'Read (https://type.example/scale) before Monday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use as the link: type.example' }));
    expect(screen.getByRole('button', { name: 'Remove link' })).toBeTruthy();
    expect(text.value).toBe('Read (https://type.example/scale) before Monday');
  });

  it('is not offered for what is not an http(s) link', async () => {
    renderAt('/archive/text');
    const text = (await screen.findByLabelText('Text')) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'javascript:alert(1) ftp://files.example/a https://nodot' } });
    expect(screen.queryByRole('button', { name: /^Use as the link/ })).toBeNull();
  });
});
