import type { SavedCopy, Sauce, SauceImage } from '@sauce/contract/sauces';
import { displayUrl, thumbnailUrl } from './image.ts';
import { SNAPSHOT_FILE } from '../services/capture-files.ts';
import { profileImageUrl } from './user.ts';
import type { CaptureRecord, SauceRecord } from '../services/sauces/card.ts';
import type { UrlSigner } from '../storage/signed-url.ts';

/**
 * Issue #20: the signed address of a saved copy's snapshot, on its own path `/saved/…`
 * (routes/saved), never `/files`: only that route serves HTML, sandboxed.
 */
export const snapshotUrl = (urls: UrlSigner, key: string) => urls.url(`${key}/${SNAPSHOT_FILE}`).replace(/^\/files\//, '/saved/');

/** Issue #20: a source's saved copy, URLs signed. */
export function presentSavedCopy(urls: UrlSigner, c: CaptureRecord): SavedCopy {
  const shot = c.screenshotName !== null;
  return {
    pageUrl: c.pageUrl,
    capturedAt: c.capturedAt,
    snapshotUrl: c.snapshotBytes !== null ? snapshotUrl(urls, c.key) : null,
    snapshotBytes: c.snapshotBytes,
    screenshotUrl: shot ? displayUrl(urls, c.key) : null,
    screenshotThumbnailUrl: shot ? thumbnailUrl(urls, c.key) : null,
    byteSize: c.byteSize,
  };
}

/**
 * SauceRecord → SPEC §3 Source; every field named. `isEditable` comes from the caller's
 * role; `urls` signs image URLs; `images` (reads of one source) fills `imageSauce`;
 * `detail` (reads of one source by a member) adds the saved copy (issue #20). A saved
 * copy's screenshot is the card's thumbnail when the source has no image of its own.
 */
export function presentSauce(
  r: SauceRecord,
  isEditable: boolean,
  urls: UrlSigner,
  images: SauceImage[] | null = null,
  detail = false,
): Sauce {
  // Literals rather than `{ ...textSauce, … }`: a list presents 100 of these per request,
  // and object spread is several times slower than writing the fields out.
  const isText = r.type === 'TEXT';
  const text = r.text ?? '';
  const shot = r.capture?.screenshotName ? r.capture : null;
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    thumbnail: r.cover ? thumbnailUrl(urls, r.cover.key) : shot ? thumbnailUrl(urls, shot.key) : r.thumbnail,
    textCard: isText
      ? { text, link: r.link, title: r.linkTitle, description: r.linkDescription, image: r.linkImage, previewStatus: r.linkStatus, broken: r.linkBroken, copyStatus: r.copyStatus }
      : null,
    textSauce: isText ? { text, link: r.link } : null,
    imageSauce: isText ? null : images,
    thumbnailMeta: r.cover
      ? { width: r.cover.width, height: r.cover.height, color: r.cover.color }
      : shot
        ? { width: shot.width ?? 0, height: shot.height ?? 0, color: shot.color ?? '#888888' }
        : null,
    tagSet: r.tagNames.map((name) => ({ name })),
    folderSet: r.folderSet,
    userNickname: r.authorNickname,
    userProfileImage: profileImageUrl(urls, r.authorProfileImage),
    isEditable,
    activeSauce: true,
    isShareEnabled: r.isShareEnabled,
    byteSize: r.byteSize,
    modeType: r.modeType,
    destination: r.link,
    summary: r.summaryStatus
      ? {
          status: r.summaryStatus,
          text: r.summaryStatus === 'ready' ? (r.summary ?? '') : '',
          method: r.summaryStatus === 'ready' ? r.summaryMethod : null,
        }
      : null,
    savedCopy: detail && r.capture ? presentSavedCopy(urls, r.capture) : null,
  };
}
