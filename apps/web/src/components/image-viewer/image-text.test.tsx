import type { Sauce } from '@sauce/contract/sauces';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../test/i18n.ts';
import { uploadedImage } from '../../test/sauces.ts';
import { foundInImage, sauceHref } from '../../lib/sauces/format.ts';
import { stateFromSauce } from '../../lib/sauces/image-sauce/convert.ts';
import { createImageSauceStore } from '../../lib/sauces/use-image-sauce.ts';
import { ImageViewer } from './image-viewer.tsx';

/** Issue #33: 'Text in image' under the selected image, and the address that opens a source at the image a search found. */
beforeAll(() => initI18n('en'));
afterEach(cleanup);

const img = (id: number, order: number, text: string, textStatus: 'pending' | 'done' | 'none' | 'failed') => ({ ...uploadedImage(id), order, comments: [], text, textStatus });
const sauce = {
  id: 1,
  type: 'IMAGE',
  title: 't',
  tagSet: [],
  folderSet: [],
  imageSauce: [img(10, 0, 'Ship faster\nwith fewer meetings', 'done'), img(11, 1, '', 'failed'), img(12, 2, '', 'pending')],
} as unknown as Sauce;

const view = (selected = 0, marks?: string[], editable = false) =>
  render(<ImageViewer store={createImageSauceStore(stateFromSauce(sauce, selected))} editable={editable} textMarks={marks} />);

describe('Text in image (issue #33)', () => {
  it("shows the selected image's words, a line as in the image, and copies them", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    view();
    const section = screen.getByRole('region', { name: 'Text in image' });
    expect(section.textContent).toBe('Ship faster\nwith fewer meetings');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Ship faster\nwith fewer meetings');
  });

  it('marks the words of the search that opened it', () => {
    view(0, ['meet']);
    const marked = within(screen.getByRole('region', { name: 'Text in image' })).getByText('meetings');
    expect(marked.tagName).toBe('MARK');
  });

  it('says an image could not be read, and shows nothing while one is read', () => {
    view(1);
    expect(screen.getByText("The text in this image couldn't be read.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    cleanup();
    view(2);
    expect(screen.queryByText('Text in image')).toBeNull();
  });

  it('is not shown while editing', () => {
    view(0, undefined, true);
    expect(screen.queryByText('Text in image')).toBeNull();
  });
});

describe("a search result's address (issue #33)", () => {
  it('opens the source at the image its words were found in, with the words to mark', () => {
    const href = sauceHref({ id: 7, type: 'IMAGE', snippetImage: 1 }, ['첫', 'ship']);
    expect(href).toBe('/archive/image?sauceId=7&archiveType=IMAGE&image=2&mark=%EC%B2%AB%20ship');
    expect(foundInImage(new URL(href, 'http://x').searchParams)).toEqual({ image: 1, marks: ['첫', 'ship'] });
    expect(sauceHref({ id: 7, type: 'IMAGE' }, ['ship'])).toBe('/archive/image?sauceId=7&archiveType=IMAGE');
    expect(foundInImage(new URLSearchParams('image=0'))).toBeNull();
  });
});
