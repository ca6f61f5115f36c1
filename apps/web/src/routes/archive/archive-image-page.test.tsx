import type { UploadedImage } from '@sauce/contract/sauces';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs/confirm.tsx';
import { DraftConfirmHost } from '../../components/dialogs/draft-confirm.tsx';
import { saveDraft } from '../../lib/sauces/drafts.ts';
import { initI18n } from '../../test/i18n.ts';
import { ApiError } from '../../lib/api.ts';
import { useAppStore } from '../../state/app-store.ts';
import { deferred } from '../../test/render.tsx';
import { sauceFixture, uploadedImage } from '../../test/sauces.ts';
import { answerApi } from '../../test/fake-api.ts';
import { ArchiveImagePage } from './archive-image-page.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api,
}));
const uploadImage = vi.hoisted(() => vi.fn());
vi.mock('../../lib/sauces/upload-image.ts', () => ({ uploadImage }));


let on: ReturnType<typeof answerApi>['on'];

beforeAll(() => {
  initI18n('en');
  if (!document.doctype) document.insertBefore(document.implementation.createDocumentType('html', '', ''), document.documentElement);
  // happy-dom has no object URLs for files.
  URL.createObjectURL = vi.fn(() => `blob:preview-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});
beforeEach(() => {
  localStorage.clear();
  useAppStore.setState({ toasts: [], selectedWorkspaceId: null });
  uploadImage.mockReset();
  ({ on } = answerApi(api));
});
afterEach(async () => {
  for (const dialog of screen.queryAllByRole('dialog')) fireEvent.keyDown(dialog, { key: 'Escape' });
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  cleanup();
});

function renderPage(url = '/archive/image') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/archive/image', element: <ArchiveImagePage /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [url] },
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

const png = (name: string) => new File([new Uint8Array(16)], name, { type: 'image/png' });
const toasts = () => useAppStore.getState().toasts.map((t) => t.message);
const addFiles = async (files: File[]) => {
  const input = await screen.findByLabelText('Add images');
  await act(async () => fireEvent.change(input, { target: { files } }));
};
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('/archive/image: a new image source', () => {
  it('uploads each image at once with its own progress, waits for them, then saves and opens the source', async () => {
    const uploads = [deferred<UploadedImage>(), deferred<UploadedImage>()];
    const progress: ((f: number) => void)[] = [];
    uploadImage.mockImplementation((_ws: number, _file: File, opts: { onProgress: (f: number) => void }) => {
      progress.push(opts.onProgress);
      return uploads[progress.length - 1]!.promise;
    });
    const router = renderPage();
    await addFiles([png('a.png'), png('b.png')]);
    expect(uploadImage).toHaveBeenCalledTimes(2);
    act(() => progress[0]!(0.4));
    // The editing strip is a chunk of its own (issue #11 item 2): it is there once loaded.
    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['40', '0']);
    // Saving waits for the uploads, and says so.
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText('Uploading 2 images…')).toBeTruthy();

    await act(async () => uploads[0]!.resolve(uploadedImage(201)));
    await act(async () => uploads[1]!.resolve(uploadedImage(202)));
    expect(screen.queryAllByRole('progressbar')).toHaveLength(0);
    expect(saveButton().disabled).toBe(false);

    let body: unknown;
    on((path, opts) => {
      if (path === '/archive/sauce/1' && opts.method === 'POST') {
        body = opts.body;
        return sauceFixture('IMAGE', { id: 77 }, [201, 202]);
      }
      if (path === '/archive/sauce/1/77') return sauceFixture('IMAGE', { id: 77 }, [201, 202]);
    });
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Save source' });
    expect(dialog.textContent).toContain('2 images · 0 comments');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'x'.repeat(70) } });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toHaveLength(60);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(body).toEqual({
      type: 'IMAGE',
      title: 'x'.repeat(60),
      imageSauce: [
        { id: 201, comments: [] },
        { id: 202, comments: [] },
      ],
      tagSet: [],
      folderSet: [],
    });
    await waitFor(() => expect(router.state.location.search).toBe('?sauceId=77&archiveType=IMAGE'));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(toasts()).toContain('Source saved.');
  });

  it("saving with no image says 'There is no image to upload'", async () => {
    renderPage();
    await screen.findByLabelText('Add images');
    fireEvent.click(saveButton());
    expect(toasts()).toEqual(['There is no image to upload.']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses the 11th image with a message', async () => {
    uploadImage.mockReturnValue(new Promise(() => {}));
    renderPage();
    await addFiles(Array.from({ length: 11 }, (_, i) => png(`${i}.png`)));
    expect(uploadImage).toHaveBeenCalledTimes(10);
    expect(toasts()).toEqual(["You can add up to 10 images. 1 image wasn't added."]);
    expect(screen.getByText('10 images is the most a source can hold.')).toBeTruthy();
  });

  it('pasting anything but an image says so; pasting an image adds it', async () => {
    uploadImage.mockReturnValue(new Promise(() => {}));
    renderPage();
    await screen.findByLabelText('Add images');
    const paste = (data: Partial<DataTransfer>) => {
      const e = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
      Object.defineProperty(e, 'clipboardData', { value: { files: [], items: [], ...data } });
      act(() => {
        document.body.dispatchEvent(e);
      });
    };
    paste({});
    expect(toasts()).toEqual(['Only images can be pasted.']);
    paste({ files: [png('clip.png')] as unknown as FileList });
    expect(uploadImage).toHaveBeenCalledTimes(1);
  });

  it('shows why an upload failed, keeps the others, and retries what can be retried', async () => {
    uploadImage
      .mockResolvedValueOnce(uploadedImage(301))
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Network error'))
      .mockResolvedValueOnce(uploadedImage(302));
    renderPage();
    const huge = new File([new Uint8Array(8)], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 20_971_521 });
    await addFiles([png('ok.png'), png('flaky.png'), huge]);
    const problems = screen.getByRole('list', { name: "Images that didn't upload" });
    expect(problems.textContent).toContain('Too large. Images can be up to 20 MB (20,971,520 bytes).');
    expect(problems.textContent).toContain("Couldn't reach the server.");
    expect(uploadImage).toHaveBeenCalledTimes(2); // the huge one is never sent
    expect(within(problems).queryByRole('button', { name: 'Retry uploading image 3' })).toBeNull();
    await act(async () => fireEvent.click(within(problems).getByRole('button', { name: 'Retry uploading image 2' })));
    expect(uploadImage).toHaveBeenCalledTimes(3);
    expect(problems.textContent).not.toContain("Couldn't reach the server.");
    fireEvent.click(within(problems).getByRole('button', { name: 'Remove failed image 3' }));
    expect(screen.queryByRole('list', { name: "Images that didn't upload" })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Image \d$/ })).toHaveLength(2);
  });

  it('continues a draft: fresh URLs, missing images left out with a toast, comments restored', async () => {
    saveDraft(1, {
      type: 'IMAGE',
      title: 'From draft',
      images: [
        { id: 401, width: 1600, height: 1000, color: '#000000', comments: [{ id: 'k1', message: 'Pinned', x: 0.3, y: 0.4, parent: null }] },
        { id: 402, width: 1600, height: 1000, color: '#000000', comments: [] },
      ],
      tagSet: ['ui'],
      folderSet: [],
      savedAt: '2024-05-01T00:00:00.000Z',
    });
    on((path, opts) => (path === '/archive/sauce/1/image/upload' ? (expect(opts.query).toEqual({ id: [401, 402] }), [uploadedImage(401)]) : undefined));
    renderPage('/archive/image?draft=true&archiveType=IMAGE');
    expect(await screen.findByDisplayValue('From draft')).toBeTruthy();
    expect(toasts()).toContain('1 image in the draft is no longer available, so it was left out.');
    expect(screen.getByRole('button', { name: 'Comment 1' }).parentElement!.style.left).toBe('30%');
    expect(screen.getAllByRole('button', { name: /^Image \d$/ })).toHaveLength(1);
  });
});

describe('/archive/image?sauceId=…: a saved source', () => {
  it('view mode for readers has no edit controls', async () => {
    on((path) => (path === '/archive/sauce/1/5' ? { ...sauceFixture('IMAGE', { id: 5 }, [9]), isEditable: false } : undefined));
    renderPage('/archive/image?sauceId=5&archiveType=IMAGE');
    expect(await screen.findByRole('heading', { name: 'Moodboard' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete|Share/ })).toBeNull();
  });

  it('deleting the last image asks, then deletes the source and goes to the dashboard', async () => {
    let deleted = false;
    on((path, opts) => {
      if (path === '/archive/sauce/1/5' && opts.method === 'DELETE') {
        deleted = true;
        return null;
      }
      if (path === '/archive/sauce/1/5') return sauceFixture('IMAGE', { id: 5 }, [9]);
    });
    const router = renderPage('/archive/image?sauceId=5&archiveType=IMAGE');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this source?' });
    expect(dialog.textContent).toContain('Deleting the last image deletes the source.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete source' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(deleted).toBe(true);
    expect(toasts()).toContain('Source deleted.');
  });
});
