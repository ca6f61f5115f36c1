/** Test fixtures for sources: what GET /archive/sauce/{workspace}/{id} and the upload routes answer. */
import type { Sauce, UploadedImage } from '@sauce/contract/sauces';

/** An upload of id `id` (1600×1000). */
export const uploadedImage = (id: number): UploadedImage => ({
  id,
  url: `/files/${id}.webp`,
  thumbnailUrl: `/files/${id}-t.webp`,
  originalUrl: `/files/${id}.png`,
  width: 1600,
  height: 1000,
  byteSize: 1000,
  palette: [],
  color: '#335577',
});

/** A saved, editable source of `type` (an image source holds the images `imageIds`). */
export function sauceFixture(type: Sauce['type'], patch: Partial<Sauce> & { id: number }, imageIds: number[] = [9]): Sauce {
  return {
    type,
    title: 'Moodboard',
    createdAt: '2024-05-01T09:00:00.000Z',
    updatedAt: '2024-05-01T09:00:00.000Z',
    thumbnail: type === 'IMAGE' ? '/files/t.webp' : null,
    textCard: null,
    textSauce: type === 'TEXT' ? { text: 'Notes', link: null } : null,
    imageSauce: type === 'IMAGE' ? imageIds.map((id, order) => ({ ...uploadedImage(id), order, comments: [], text: '', textStatus: 'pending' as const })) : null,
    thumbnailMeta: type === 'IMAGE' ? { width: 1600, height: 1000, color: '#335577' } : null,
    tagSet: [],
    folderSet: [],
    userNickname: 'mina',
    userProfileImage: null,
    isEditable: true,
    activeSauce: true,
    isShareEnabled: false,
    byteSize: 1,
    modeType: 'Sauce',
    destination: null,
    summary: null,
    savedCopy: null,
    ...patch,
  };
}
