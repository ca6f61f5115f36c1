import type { Sauce } from '@sauce/contract/sauces';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../dialogs/confirm.tsx';
import { initI18n } from '../../test/i18n.ts';
import { stateFromSauce } from '../../lib/sauces/image-sauce/convert.ts';
import { createImageSauceStore, type ImageSauceStore } from '../../lib/sauces/use-image-sauce.ts';
import { ImageViewer } from './image-viewer.tsx';

beforeAll(() => {
  initI18n('en');
  // @hello-pangea/dnd measures layout only in standards mode, and says so otherwise.
  if (!document.doctype) document.insertBefore(document.implementation.createDocumentType('html', '', ''), document.documentElement);
});
afterEach(async () => {
  for (const dialog of screen.queryAllByRole('dialog')) fireEvent.keyDown(dialog, { key: 'Escape' });
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  cleanup();
});

const img = (id: number, order: number, comments: NonNullable<Sauce['imageSauce']>[number]['comments'] = []) => ({
  id,
  order,
  url: `/files/${id}.webp`,
  thumbnailUrl: `/files/${id}-t.webp`,
  originalUrl: `/files/${id}.png`,
  width: 1200,
  height: 800,
  byteSize: 1,
  color: '#445566',
  palette: ['#445566', '#ddccbb'],
  comments,
});
const c = (id: number, message: string, x: number, y: number, parent: number | null = null) => ({
  id,
  message,
  x,
  y,
  parent,
  authorNickname: 'mina',
  authorProfileImage: null,
  createdAt: '2024-05-01T09:00:00.000Z',
  isEditable: true,
});

const sauce = {
  id: 1,
  type: 'IMAGE',
  title: 't',
  tagSet: [],
  folderSet: [],
  imageSauce: [img(10, 0, [c(1, 'Logo too small', 0.1, 0.2), c(2, 'Agreed', 0.1, 0.2, 1), c(3, 'Nice colour', 0.7, 0.6)]), img(11, 1)],
} as unknown as Sauce;

function setup(editable: boolean, store: ImageSauceStore = createImageSauceStore(stateFromSauce(sauce)), sauceId?: number) {
  render(
    <>
      <ImageViewer store={store} editable={editable} sauceId={sauceId} author={{ nickname: 'me', profileImage: null }} onRemoveImage={() => {}} />
      <DialogHost />
    </>,
  );
  const list = () => screen.getByRole('complementary', { name: 'Comments' });
  return { store, list };
}

describe('ImageViewer (DESIGN.md Image comments)', () => {
  it('numbers pins and list items alike; replies indent under their parent', () => {
    const { list } = setup(false);
    expect(screen.getAllByRole('button', { name: /^Comment \d$/ }).map((b) => b.textContent)).toEqual(['1', '2']);
    const items = within(list()).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('button', { name: 'Show comment 1 on the image' })).toBeTruthy();
    const replies = within(list()).getByRole('list', { name: 'Replies to comment 1' });
    expect(within(replies).getByText('Agreed')).toBeTruthy();
    // Readers see no edit controls.
    expect(screen.queryByRole('button', { name: /Reply to|Edit comment|Delete comment|Add a comment/ })).toBeNull();
  });

  it('hovering or focusing a pin highlights its list item, and the reverse', () => {
    const { list } = setup(false);
    const pin2 = screen.getByRole('button', { name: 'Comment 2' });
    const item = (text: string) => within(list()).getByText(text).closest('li')!;
    fireEvent.mouseEnter(pin2);
    expect(item('Nice colour').dataset.highlighted).toBe('true');
    expect(item('Logo too small').dataset.highlighted).toBeUndefined();
    fireEvent.mouseLeave(pin2);
    expect(item('Nice colour').dataset.highlighted).toBeUndefined();
    act(() => within(list()).getByRole('button', { name: 'Show comment 1 on the image' }).focus());
    expect(screen.getByRole('button', { name: 'Comment 1' }).dataset.highlighted).toBe('true');
  });

  it('choosing a comment in the list selects its pin; choosing a thumbnail shows that image', () => {
    const { store, list } = setup(false);
    fireEvent.click(within(list()).getByRole('button', { name: 'Show comment 2 on the image' }));
    expect(screen.getByRole('button', { name: 'Comment 2' }).getAttribute('aria-pressed')).toBe('true');
    expect(store.getState().selectedComment).toBe('c3');
    fireEvent.click(screen.getByRole('button', { name: 'Image 2' }));
    expect(screen.getByRole('img', { name: 'Image 2 of 2' })).toBeTruthy();
    expect(within(list()).getByText('No comments on this image.')).toBeTruthy();
    expect(store.getState().selectedComment).toBeNull();
  });

  it('edit mode: reply, edit, and delete a parent with its replies after a confirm', async () => {
    const { store, list } = setup(true);
    fireEvent.click(within(list()).getByRole('button', { name: 'Reply to comment 2' }));
    const reply = within(list()).getByRole('textbox', { name: 'Reply to comment 2' });
    fireEvent.change(reply, { target: { value: 'Yes, warmer' } });
    fireEvent.keyDown(reply, { key: 'Enter' });
    expect(within(list()).getByRole('list', { name: 'Replies to comment 2' }).textContent).toContain('Yes, warmer');
    expect(within(list()).getByText('Not saved yet')).toBeTruthy();

    fireEvent.click(within(list()).getByRole('button', { name: 'Edit reply 1 to comment 2' }));
    const edit = within(list()).getByRole('textbox', { name: 'Edit reply 1 to comment 2' });
    fireEvent.change(edit, { target: { value: 'Yes, much warmer' } });
    fireEvent.keyDown(edit, { key: 'Enter' });
    expect(within(list()).getByText('Yes, much warmer')).toBeTruthy();

    fireEvent.click(within(list()).getByRole('button', { name: 'Delete comment 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment 1?' });
    expect(dialog.textContent).toContain('Its 1 reply will be deleted too.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(store.getState().images[0]!.comments.map((x) => x.message)).toEqual(['Nice colour', 'Yes, much warmer']);
    // Numbers follow: the remaining comment is now 1, on its pin and in the list.
    expect(screen.getAllByRole('button', { name: /^Comment \d$/ }).map((b) => b.textContent)).toEqual(['1']);
  });

  it('edit mode: another member’s comments can be replied to, not edited or deleted (issue #7)', () => {
    const theirs = { ...c(1, 'Their note', 0.3, 0.3), isEditable: false };
    const theirReply = { ...c(2, 'Their reply', 0.3, 0.3, 1), isEditable: false };
    const mine = c(3, 'My reply', 0.3, 0.3, 1);
    const store = createImageSauceStore(stateFromSauce({ ...sauce, imageSauce: [img(10, 0, [theirs, theirReply, mine])] } as unknown as Sauce));
    const { list } = setup(true, store);
    expect(within(list()).getByRole('button', { name: 'Reply to comment 1' })).toBeTruthy();
    expect(within(list()).queryByRole('button', { name: 'Edit comment 1' })).toBeNull();
    expect(within(list()).queryByRole('button', { name: 'Delete comment 1' })).toBeNull();
    expect(within(list()).queryByRole('button', { name: 'Edit reply 1 to comment 1' })).toBeNull();
    expect(within(list()).getByRole('button', { name: 'Edit reply 2 to comment 1' })).toBeTruthy();
    expect(within(list()).getByRole('button', { name: 'Delete reply 2 to comment 1' })).toBeTruthy();
  });

  it('at 10 comments on an image, replying and placing are disabled with a note', () => {
    const full = stateFromSauce({
      ...sauce,
      imageSauce: [img(10, 0, Array.from({ length: 10 }, (_, i) => c(i + 1, `m${i}`, 0.5, 0.5)))],
    } as unknown as Sauce);
    const { list } = setup(true, createImageSauceStore(full));
    expect(within(list()).getByRole('status').textContent).toContain('10 comments, the most it can have');
    expect((within(list()).getByRole('button', { name: 'Reply to comment 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add a comment on image 1' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('edit mode shows each image as a draggable tile with a remove button', () => {
    setup(true);
    const strip = screen.getByRole('list', { name: 'Images' });
    const tiles = within(strip).getAllByRole('button', { name: /^Image \d$/ });
    expect(tiles).toHaveLength(2);
    expect(tiles[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(tiles[0]!.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(strip).getByRole('button', { name: 'Remove image 2' })).toBeTruthy();
    expect(screen.getByText('2/10')).toBeTruthy();
  });
});

describe('ImageViewer palette and similar images (issue #21 items 4, 5)', () => {
  it("shows the selected image's palette; a swatch copies its hex value and says so", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup(false);
    const palette = screen.getByRole('region', { name: 'Palette' });
    const swatches = within(palette).getAllByRole('button');
    expect(swatches.map((b) => b.getAttribute('aria-label'))).toEqual(['Copy #445566', 'Copy #ddccbb']);
    await act(async () => swatches[1]!.click());
    expect(writeText).toHaveBeenCalledWith('#ddccbb');
    const { useAppStore } = await import('../../state/app-store.ts');
    expect(useAppStore.getState().toasts.map((t) => t.message)).toContain('Copied #ddccbb');
  });

  it('points out, in edit mode, an upload the space already holds, with a link that opens it in a new tab', () => {
    const store = createImageSauceStore(stateFromSauce(sauce));
    const key = store.getState().images[1]!.key;
    store.getState().dispatch({
      type: 'uploaded',
      key,
      upload: {
        ...img(11, 1),
        similarTo: [{ id: 42, type: 'IMAGE', title: 'Autumn leaves', thumbnailUrl: '/files/t.webp', distance: 2 }],
      },
    });
    setup(true, store);
    const notices = screen.getByRole('list', { name: 'Similar images in this space' });
    expect(within(notices).getByText('Image 2: a similar image is already in this space.')).toBeTruthy();
    const link = within(notices).getByRole('link', { name: /Autumn leaves/ });
    expect(link.getAttribute('href')).toBe('/archive/image?sauceId=42&archiveType=IMAGE');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('leaves out the source being edited: its own images are no news', () => {
    const store = createImageSauceStore(stateFromSauce(sauce));
    const key = store.getState().images[1]!.key;
    const similar = (id: number, title: string) => ({ id, type: 'IMAGE' as const, title, thumbnailUrl: '/files/t.webp', distance: 1 });
    store.getState().dispatch({ type: 'uploaded', key, upload: { ...img(11, 1), similarTo: [similar(7, 'This very source')] } });
    setup(true, store, 7);
    expect(screen.queryByRole('list', { name: 'Similar images in this space' })).toBeNull();
    cleanup();
    store.getState().dispatch({ type: 'uploaded', key, upload: { ...img(11, 1), similarTo: [similar(7, 'This very source'), similar(8, 'Another')] } });
    setup(true, store, 7);
    const notices = screen.getByRole('list', { name: 'Similar images in this space' });
    expect(within(notices).getAllByRole('link').map((a) => a.textContent)).toEqual([expect.stringContaining('Another')]);
  });

  it('says nothing of similar images when viewing', () => {
    setup(false);
    expect(screen.queryByRole('list', { name: 'Similar images in this space' })).toBeNull();
  });
});
