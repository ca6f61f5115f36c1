import { LIMITS } from '@sauce/contract/limits';
import type { ImageInput, Sauce, UploadedImage } from '@sauce/contract/sauces';
import { clampText } from '../../text-limit.ts';
import type { ImageDraft } from '../drafts.ts';
import { type ImageSauceComment, type ImageSauceImage, clamp01, type ImageSauceState } from './state.ts';

/**
 * SPEC §4 Image archive state, from and to the server and drafts: a saved source's state,
 * the save body's images, a draft and back, the fingerprint that tells changes, the counts.
 */


/** The key of a saved comment. */
export const savedCommentKey = (id: number) => `c${id}`;

let keySeq = 0;
/** A client key for a new image or comment: unique in this page, at most 64 characters. */
export function newKey(prefix: 'i' | 'n'): string {
  keySeq += 1;
  return `${prefix}${Date.now().toString(36)}${keySeq.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The state of a saved image source (for viewing or editing), image `selected` (its order, 0-based) selected, or the first. */
export function stateFromSauce(sauce: Sauce, selected = 0): ImageSauceState {
  const images: ImageSauceImage[] = [...(sauce.imageSauce ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((img) => {
      const topLevel = img.comments.filter((c) => c.parent === null);
      const ordered: typeof img.comments = [];
      for (const c of topLevel) ordered.push(c, ...img.comments.filter((r) => r.parent === c.id));
      return {
        key: `s${img.id}`,
        id: img.id,
        status: 'ready' as const,
        progress: 1,
        problem: null,
        file: null,
        fileName: '',
        preview: null,
        url: img.url,
        thumbnailUrl: img.thumbnailUrl,
        width: img.width,
        height: img.height,
        color: img.color,
        palette: img.palette,
        similarTo: [],
        text: img.text,
        textStatus: img.textStatus,
        comments: ordered.map((c) => ({
          key: savedCommentKey(c.id),
          id: c.id,
          message: c.message,
          x: clamp01(c.x),
          y: clamp01(c.y),
          parent: c.parent === null ? null : savedCommentKey(c.parent),
          authorNickname: c.authorNickname,
          authorProfileImage: c.authorProfileImage,
          createdAt: c.createdAt,
          isMine: c.isEditable,
        })),
      };
    });
  return {
    images,
    selectedImage: (images[selected] ?? images[0])?.key ?? null,
    selectedComment: null,
    title: sauce.title,
    tags: sauce.tagSet.map((t) => t.name),
    folderIds: sauce.folderSet.map((f) => f.id),
  };
}

/**
 * The `imageSauce` of a save body: uploaded images in order (uploading and failed ones are
 * left out), each with its comments. Saved comments go by their numeric id, new ones by
 * their key; a reply names its parent the same way.
 */
export function toImageInputs(state: Pick<ImageSauceState, 'images'>): ImageInput[] {
  return state.images
    .filter((img) => img.status === 'ready' && img.id !== null)
    .map((img) => {
      const idOf = new Map(img.comments.map((c) => [c.key, c.id ?? c.key] as const));
      return {
        id: img.id!,
        comments: img.comments.map((c) => ({
          id: c.id ?? c.key,
          message: c.message,
          x: c.x,
          y: c.y,
          parent: c.parent === null ? null : (idOf.get(c.parent) ?? null),
        })),
      };
    });
}

/**
 * The draft of a new image source (SPEC §3 Draft type): uploaded images by upload id, with
 * their size, colour and comments; images still uploading or failed are not kept.
 */
export function toImageDraft(state: ImageSauceState, savedAt = new Date().toISOString()): ImageDraft {
  return {
    type: 'IMAGE',
    title: state.title,
    images: toImageInputs(state).map((input) => {
      const img = state.images.find((i) => i.id === input.id && i.status === 'ready')!;
      return {
        id: input.id,
        width: img.width ?? 0,
        height: img.height ?? 0,
        color: img.color ?? '#808080',
        comments: (input.comments ?? []).map((c) => ({ id: c.id, message: c.message, x: c.x, y: c.y, parent: c.parent ?? null })),
      };
    }),
    tagSet: state.tags,
    folderSet: state.folderIds,
    savedAt,
  };
}

/**
 * The state of a draft whose uploads were looked up again (`uploads`: fresh signed URLs;
 * those missing are gone). Returns the state and how many images were left out.
 */
export function stateFromDraft(draft: ImageDraft, uploads: readonly UploadedImage[]): { state: ImageSauceState; missing: number } {
  const byId = new Map(uploads.map((u) => [u.id, u]));
  const images: ImageSauceImage[] = [];
  for (const d of draft.images.slice(0, LIMITS.imagesPerSauce)) {
    const u = byId.get(d.id);
    if (!u) continue;
    const keys = new Set(d.comments.map((c) => String(c.id)));
    const comments: ImageSauceComment[] = [];
    for (const c of d.comments) {
      if (comments.length >= LIMITS.commentsPerImage) break;
      const parent = c.parent === null ? null : String(c.parent);
      // A reply whose parent is not there (or is itself a reply) cannot be kept.
      if (parent !== null && (!keys.has(parent) || !comments.some((p) => p.key === parent && p.parent === null))) continue;
      const message = clampText(c.message.trim(), LIMITS.commentLength);
      if (!message) continue;
      comments.push({
        key: String(c.id),
        id: null,
        message,
        x: clamp01(c.x),
        y: clamp01(c.y),
        parent,
        authorNickname: null,
        authorProfileImage: null,
        createdAt: null,
        isMine: true,
      });
    }
    images.push({
      key: newKey('i'),
      id: u.id,
      status: 'ready',
      progress: 1,
      problem: null,
      file: null,
      fileName: '',
      preview: null,
      url: u.url,
      thumbnailUrl: u.thumbnailUrl,
      width: u.width,
      height: u.height,
      color: u.color,
      palette: u.palette,
      similarTo: [],
      comments,
    });
  }
  return {
    state: {
      images,
      selectedImage: images[0]?.key ?? null,
      selectedComment: null,
      title: clampText(draft.title.replace(/[\r\n]/g, ' '), LIMITS.imageTitleLength),
      tags: draft.tagSet.slice(0, LIMITS.tagsPerSauce),
      folderIds: draft.folderSet,
    },
    missing: draft.images.length - images.length,
  };
}

/** What saving would change, to compare with the state as it was loaded (unsaved changes). */
export function sauceFingerprint(state: ImageSauceState): string {
  return JSON.stringify({
    images: toImageInputs(state),
    pending: state.images.filter((img) => img.status !== 'ready').map((img) => img.key),
    title: state.title.trim(),
    tags: state.tags,
    folderIds: [...state.folderIds].sort((a, b) => a - b),
  });
}

/** Counts for the save dialog and the page: images by status, comments in all. */
export function sauceCounts(state: Pick<ImageSauceState, 'images'>) {
  let uploading = 0;
  let failed = 0;
  let ready = 0;
  let comments = 0;
  for (const img of state.images) {
    if (img.status === 'uploading') uploading += 1;
    else if (img.status === 'failed') failed += 1;
    else ready += 1;
    if (img.status === 'ready') comments += img.comments.length;
  }
  return { uploading, failed, ready, comments };
}
