import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sauceFixture, uploadedImage } from '../../../test/sauces.ts';
import { saveSharedSauce } from './save-shared-sauce.ts';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api,
}));
const uploadImage = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/sauces/upload-image.ts', () => ({ uploadImage }));

beforeEach(() => {
  api.mockReset().mockResolvedValue(sauceFixture('TEXT', { id: 99 }));
  uploadImage.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('saveSharedSauce (issue #32: Save to Sauce from a board)', () => {
  it('saves a text source as a new one: title, note, link and tags, into the folders chosen', async () => {
    const sauce = sauceFixture('TEXT', {
      id: 3,
      title: 'Specimen',
      textSauce: { text: 'Serif ideas', link: 'https://fonts.example.com' },
      tagSet: [{ name: 'type' }],
      folderSet: [],
    });
    await saveSharedSauce({ sauce, workspaceId: 5, folderSet: [8] });
    expect(api).toHaveBeenCalledWith('/archive/sauce/5', {
      method: 'POST',
      body: { type: 'TEXT', title: 'Specimen', textSauce: { text: 'Serif ideas', link: 'https://fonts.example.com' }, tagSet: ['type'], folderSet: [8] },
    });
  });

  it('copies an image source’s images in order, uploaded again, without the sharer’s comments', async () => {
    const sauce = sauceFixture('IMAGE', { id: 1, title: 'Lookbook', tagSet: [{ name: 'fashion' }] }, [11, 12]);
    sauce.imageSauce = [...sauce.imageSauce!].reverse(); // order decides, not the array
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(new Blob(['img'], { type: 'image/webp' }));
    });
    uploadImage.mockImplementation(async (_ws: number, file: File) => ({ ...uploadedImage(file.name === 'image-1.webp' ? 501 : 502), similarTo: [] }));
    const progress: string[] = [];
    await saveSharedSauce({ sauce, workspaceId: 5, folderSet: [], onProgress: (done, total) => progress.push(`${done}/${total}`) });
    expect(fetched).toEqual(['/files/11.webp', '/files/12.webp']);
    expect(uploadImage.mock.calls.map(([ws, file]) => [ws, (file as File).name, (file as File).type])).toEqual([
      [5, 'image-1.webp', 'image/webp'],
      [5, 'image-2.webp', 'image/webp'],
    ]);
    expect(progress).toEqual(['0/2', '1/2', '2/2']);
    expect(api).toHaveBeenCalledWith('/archive/sauce/5', {
      method: 'POST',
      body: { type: 'IMAGE', title: 'Lookbook', imageSauce: [{ id: 501, comments: [] }, { id: 502, comments: [] }], tagSet: ['fashion'], folderSet: [] },
    });
  });

  it('fails without saving when an image does not load', async () => {
    const sauce = sauceFixture('IMAGE', { id: 1 }, [11]);
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    await expect(saveSharedSauce({ sauce, workspaceId: 5, folderSet: [] })).rejects.toMatchObject({ status: 404 });
    expect(uploadImage).not.toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
  });
});
