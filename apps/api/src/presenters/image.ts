import type { SauceImage, SimilarSauce, UploadedImage } from '@sauce/contract/sauces';
import { canChangeComment } from '../policies/workspace.ts';
import { DISPLAY_FILE, THUMBNAIL_FILE, type ImageRow, type SauceImagesRecord, type SimilarSauceRecord } from '../services/images.ts';
import type { UrlSigner } from '../storage/signed-url.ts';
import { profileImageUrl } from './user.ts';

/** The signed URL of a card-size thumbnail (WebP, at most 640 px wide) of the image stored under `storageKey`. */
export const thumbnailUrl = (urls: UrlSigner, storageKey: string) => urls.url(`${storageKey}/${THUMBNAIL_FILE}`);

/** The signed URL of the display-size copy (WebP, at most 2560 px) of the image stored under `storageKey`. */
export const displayUrl = (urls: UrlSigner, storageKey: string) => urls.url(`${storageKey}/${DISPLAY_FILE}`);

/** An image row → the upload response (SPEC §7; signed URLs, issue #3); every field named. */
export function presentUpload(urls: UrlSigner, img: ImageRow): UploadedImage {
  return {
    id: img.id,
    url: urls.url(`${img.storageKey}/${DISPLAY_FILE}`),
    thumbnailUrl: thumbnailUrl(urls, img.storageKey),
    originalUrl: urls.url(`${img.storageKey}/${img.originalName}`),
    width: img.width,
    height: img.height,
    byteSize: img.byteSize,
    color: img.color,
    palette: img.palette ?? [],
  };
}

/** Issue #21 item 5: a source holding a nearly identical image → `similarTo`'s entry (its thumbnail URL signed). */
export function presentSimilar(urls: UrlSigner, r: SimilarSauceRecord): SimilarSauce {
  return { id: r.sauceId, type: 'IMAGE', title: r.title, thumbnailUrl: thumbnailUrl(urls, r.storageKey), distance: r.distance };
}

/**
 * A sauce's images with their comments and words → SPEC §3 Image source `imageSauce`, in order. A
 * comment is `isEditable` for its author only (policies canChangeComment; `viewerId` null
 * for a public share's reader).
 */
export function presentSauceImages(urls: UrlSigner, r: SauceImagesRecord, viewerId: number | null): SauceImage[] {
  return r.images.map((img, order) => ({
    ...presentUpload(urls, img),
    order,
    // Issue #33: the words read in it (shown under it as 'Text in image'), and where reading is.
    text: img.textStatus === 'done' ? img.text : '',
    textStatus: img.textStatus,
    comments: r.comments
      .filter((c) => c.imageId === img.id)
      .map((c) => ({
        id: c.id,
        message: c.message,
        x: c.x,
        y: c.y,
        parent: c.parentId,
        authorNickname: c.authorNickname,
        authorProfileImage: profileImageUrl(urls, c.authorProfileImage),
        createdAt: c.createdAt,
        isEditable: canChangeComment(viewerId, c.authorId),
      })),
  }));
}
