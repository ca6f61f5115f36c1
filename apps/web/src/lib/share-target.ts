/**
 * Web Share Target (issue #11 item 9): 'Share → Sauce' on a phone posts what was shared to
 * SHARE_TARGET_PATH (the manifest's `share_target`); the service worker (src/sw.ts) answers
 * it. A link or text goes on to the new text source's page as query parameters; images are
 * kept in Cache Storage and the new image source's page takes them. Used by both the
 * service worker and the pages, so the names agree.
 */

/** Where the manifest's share target posts (multipart: `title`, `text`, `url`, `files`). */
export const SHARE_TARGET_PATH = '/share-target';

/** The multipart field of shared files. */
export const SHARE_FILES_FIELD = 'files';

/** Image types the server accepts (SVG is refused, see the API's upload). */
export const SHARE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

/** The new image source's page, when shared images wait for it. */
export const SHARED_IMAGES_PAGE = '/archive/image?shared=images';

/** Whether the image page's query says shared images wait for it (see SHARED_IMAGES_PAGE). */
export const hasSharedImages = (params: URLSearchParams) => params.get('shared') === 'images';

const CACHE = 'sauce-share-target';
const ENTRY = '/share-target/file/';

/** The link, title and text of a share, as the text source's page reads them. */
export interface SharedText {
  title: string;
  text: string;
  link: string | null;
}

const HTTP_URL = /https?:\/\/[^\s<>"]+/i;

const isHttp = (value: string) => {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The query of the text source's page for a share: `sharedUrl`, `sharedTitle`,
 * `sharedText`, each left out when empty.
 */
export function sharedTextQuery(share: { url?: string; title?: string; text?: string }): string {
  const q = new URLSearchParams();
  if (share.url?.trim()) q.set('sharedUrl', share.url.trim());
  if (share.title?.trim()) q.set('sharedTitle', share.title.trim());
  if (share.text?.trim()) q.set('sharedText', share.text.trim());
  return q.toString();
}

/**
 * What a shared link prefills, from the text source page's query (`sharedUrl`,
 * `sharedTitle`, `sharedText`), or null when nothing was shared. Apps often put the link
 * inside the text rather than in `url`: then the first http(s) address of the text is the
 * link and leaves the text. A `sharedUrl` that is not http(s) is ignored (links are http(s)
 * only, SPEC §5); lengths are cut to the limits given.
 */
export function readSharedText(params: URLSearchParams, limits: { title: number; text: number; link: number }): SharedText | null {
  const url = params.get('sharedUrl')?.trim() ?? '';
  let text = params.get('sharedText')?.trim() ?? '';
  const title = params.get('sharedTitle')?.trim() ?? '';
  if (!url && !text && !title) return null;
  let link = isHttp(url) ? url : null;
  if (!link) {
    const found = HTTP_URL.exec(text);
    if (found && isHttp(found[0])) {
      link = found[0];
      text = `${text.slice(0, found.index).trimEnd()} ${text.slice(found.index + link.length).trimStart()}`.trim();
    }
  }
  if (link && link.length > limits.link) link = null;
  // A title that only repeats the link says nothing.
  const cleanTitle = title === link ? '' : title;
  return { title: [...cleanTitle].slice(0, limits.title).join(''), text: [...text].slice(0, limits.text).join(''), link };
}

/** Keeps shared image files for the image page (service worker side), replacing any not taken. */
export async function stashSharedFiles(files: readonly File[]): Promise<void> {
  await caches.delete(CACHE);
  const cache = await caches.open(CACHE);
  await Promise.all(
    files.map((file, i) =>
      cache.put(
        `${ENTRY}${i}`,
        new Response(file, { headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) } }),
      ),
    ),
  );
}

/**
 * The shared image files waiting for the image page, in the order shared, and `clear` to
 * forget them once taken (read first, cleared after: a page that reads twice gets them twice).
 */
export async function readSharedFiles(): Promise<{ files: File[]; clear: () => Promise<void> }> {
  const clear = async () => void (await caches.delete(CACHE));
  if (typeof caches === 'undefined' || !(await caches.has(CACHE))) return { files: [], clear };
  const cache = await caches.open(CACHE);
  const requests = [...(await cache.keys())].sort((a, b) => entryIndex(a) - entryIndex(b));
  const files: File[] = [];
  for (const request of requests) {
    const res = await cache.match(request);
    if (!res) continue;
    const name = decodeURIComponent(res.headers.get('x-file-name') ?? '') || 'shared-image';
    files.push(new File([await res.blob()], name, { type: res.headers.get('content-type') ?? '' }));
  }
  return { files, clear };
}

const entryIndex = (r: Request) => Number(new URL(r.url).pathname.slice(ENTRY.length));
