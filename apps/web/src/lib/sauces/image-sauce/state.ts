import { LIMITS } from '@sauce/contract/limits';
import type { ImageTextStatus } from '@sauce/contract/image-text';
import type { SimilarSauce, UploadedImage } from '@sauce/contract/sauces';
import { clampText } from '../../text-limit.ts';


/**
 * SPEC §4 Image archive state: the images (files, previews, upload progress), comments per
 * image, the selected image and comment, title, tags and folders of one image source being
 * made, edited or viewed. A pure reducer ({@link reduceImageSauce}) in a zustand store
 * that lives with the page ({@link useImageSauce}), never in the global app store.
 */

export type UploadStatus = 'uploading' | 'ready' | 'failed';

/** Why an image is not uploaded: an API error code, with the limit it broke when known. */
export interface UploadProblem {
  code: string;
  /** PAYLOAD_TOO_LARGE: the most bytes an image may have. */
  limitBytes?: number;
  /** TOO_MANY_PIXELS: the most pixels (width × height) an image may have. */
  limitPixels?: number;
  /** Sending the same file again may work (network, server trouble), unlike a refusal. */
  retryable: boolean;
}

/** A comment on one image. Positions are relative to the image: 0 (left/top) to 1. */
export interface ImageSauceComment {
  /** Stable key: `c{id}` for a saved comment, a client key for a new one (sent as its id). */
  key: string;
  /** The saved comment's id; null for a new one. */
  id: number | null;
  message: string;
  x: number;
  y: number;
  /** Key of the top-level comment (same image) this one replies to, or null. */
  parent: string | null;
  authorNickname: string | null;
  authorProfileImage: string | null;
  /** When it was saved (ISO); null for a new comment. */
  createdAt: string | null;
  /** The signed-in person wrote it (or it is new): only its author edits or deletes it (issue #7). */
  isMine: boolean;
}

export interface ImageSauceImage {
  /** Stable client key (the image's id may come later, from the upload). */
  key: string;
  /** The saved image's id or the upload's id; null until the upload answers. */
  id: number | null;
  status: UploadStatus;
  /** Fraction of the file sent, 0 to 1. */
  progress: number;
  problem: UploadProblem | null;
  /** The file being uploaded (kept for retries); null for saved images and drafts. */
  file: File | null;
  fileName: string;
  /** An object URL of `file`, shown until (and after) the upload answers; revoked on removal. */
  preview: string | null;
  /** Display-size URL (signed, expires). */
  url: string | null;
  thumbnailUrl: string | null;
  /** Pixel size (from the server, or measured from the preview); null while unknown. */
  width: number | null;
  height: number | null;
  /** Dominant colour `#rrggbb`, the placeholder while the image loads. */
  color: string | null;
  /** Issue #21 item 4: the image's palette, up to 5 `#rrggbb`, largest first; empty until known. */
  palette: string[];
  /** Issue #21 item 5: the space's sources already holding a nearly identical image (this upload's answer); else empty. */
  similarTo: SimilarSauce[];
  /** Issue #33: a saved image's words ('' unless read) and where reading them is; absent on a new upload. */
  text?: string;
  textStatus?: ImageTextStatus;
  comments: ImageSauceComment[];
}

export interface ImageSauceState {
  images: ImageSauceImage[];
  selectedImage: string | null;
  selectedComment: string | null;
  title: string;
  tags: string[];
  folderIds: number[];
}

/** A file to add, with its key and preview chosen by the caller (object URLs are side effects). */
export interface NewImage {
  key: string;
  file: File;
  preview: string | null;
  /** Refused before uploading (type, size): added as failed, never sent. */
  problem?: UploadProblem;
}

export interface NewComment {
  key: string;
  message: string;
  x: number;
  y: number;
  /** Key of the top-level comment replied to; the reply takes its position. */
  parent?: string | null;
  authorNickname?: string | null;
  authorProfileImage?: string | null;
}

export type ImageSauceAction =
  | { type: 'add'; images: NewImage[] }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'uploaded'; key: string; upload: UploadedImage & { similarTo?: SimilarSauce[] } }
  | { type: 'failed'; key: string; problem: UploadProblem }
  | { type: 'retry'; key: string }
  | { type: 'measured'; key: string; width: number; height: number }
  | { type: 'remove'; key: string }
  | { type: 'move'; from: number; to: number }
  | { type: 'selectImage'; key: string }
  | { type: 'addComment'; image: string; comment: NewComment }
  | { type: 'editComment'; key: string; message: string }
  | { type: 'deleteComment'; key: string }
  | { type: 'selectComment'; key: string | null }
  | { type: 'setTitle'; title: string }
  | { type: 'setTags'; tags: string[] }
  | { type: 'setFolders'; folderIds: number[] }
  | { type: 'load'; state: ImageSauceState };

export const EMPTY_SAUCE: ImageSauceState = {
  images: [],
  selectedImage: null,
  selectedComment: null,
  title: '',
  tags: [],
  folderIds: [],
};

/** A position as a fraction of the image (0–1); not a number → the middle. */
export const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.5);

/** Room left for images (SPEC §9: 10 per source). */
export const imagesLeft = (state: Pick<ImageSauceState, 'images'>) =>
  Math.max(0, LIMITS.imagesPerSauce - state.images.length);

/** Room left for comments on one image, replies included (SPEC §9: 10 per image). */
export const commentsLeft = (image: Pick<ImageSauceImage, 'comments'>) =>
  Math.max(0, LIMITS.commentsPerImage - image.comments.length);

/** The image holding comment `key`. */
export const imageOfComment = (state: Pick<ImageSauceState, 'images'>, key: string) =>
  state.images.find((img) => img.comments.some((c) => c.key === key));

/** The top-level comments' numbers (1, 2, …), as their pins and list items show them. */
export function commentNumbers(image: Pick<ImageSauceImage, 'comments'>): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const c of image.comments) if (c.parent === null) numbers.set(c.key, numbers.size + 1);
  return numbers;
}

const mapImage = (state: ImageSauceState, key: string, f: (img: ImageSauceImage) => ImageSauceImage): ImageSauceState => {
  let changed = false;
  const images = state.images.map((img) => {
    if (img.key !== key) return img;
    changed = true;
    return f(img);
  });
  return changed ? { ...state, images } : state;
};

/**
 * The image archive's transitions. Limits hold here, whatever the caller does: at most 10
 * images (extra ones are left out) and 10 comments per image (a comment over it is
 * ignored), comments of at most 500 characters, replies only to a top-level comment of the
 * same image. Removing an image removes its comments; selecting a comment selects its
 * image (SPEC §4).
 */
export function reduceImageSauce(state: ImageSauceState, action: ImageSauceAction): ImageSauceState {
  switch (action.type) {
    case 'add': {
      const room = imagesLeft(state);
      const added: ImageSauceImage[] = action.images.slice(0, room).map((n) => ({
        key: n.key,
        id: null,
        status: n.problem ? 'failed' : 'uploading',
        progress: 0,
        problem: n.problem ?? null,
        file: n.file,
        fileName: n.file.name,
        preview: n.preview,
        url: null,
        thumbnailUrl: null,
        width: null,
        height: null,
        color: null,
        palette: [],
        similarTo: [],
        comments: [],
      }));
      if (added.length === 0) return state;
      // The first new image is shown, unless one is already chosen.
      return { ...state, images: [...state.images, ...added], selectedImage: state.selectedImage ?? added[0]!.key };
    }
    case 'progress':
      return mapImage(state, action.key, (img) =>
        img.status === 'uploading' ? { ...img, progress: Math.max(img.progress, clamp01(action.progress)) } : img,
      );
    case 'uploaded': {
      const u = action.upload;
      return mapImage(state, action.key, (img) => ({
        ...img,
        id: u.id,
        status: 'ready',
        progress: 1,
        problem: null,
        url: u.url,
        thumbnailUrl: u.thumbnailUrl,
        width: u.width,
        height: u.height,
        color: u.color,
        palette: u.palette,
        similarTo: u.similarTo ?? [],
      }));
    }
    case 'failed':
      return mapImage(state, action.key, (img) => ({ ...img, status: 'failed', problem: action.problem }));
    case 'retry':
      return mapImage(state, action.key, (img) =>
        img.status === 'failed' && img.file ? { ...img, status: 'uploading', progress: 0, problem: null } : img,
      );
    case 'measured':
      return mapImage(state, action.key, (img) =>
        img.width && img.height ? img : { ...img, width: action.width, height: action.height },
      );
    case 'remove': {
      const index = state.images.findIndex((img) => img.key === action.key);
      if (index < 0) return state;
      const removed = state.images[index]!;
      const images = state.images.filter((img) => img.key !== action.key);
      let { selectedImage, selectedComment } = state;
      if (selectedImage === removed.key) selectedImage = (images[index] ?? images[index - 1])?.key ?? null;
      if (selectedComment && removed.comments.some((c) => c.key === selectedComment)) selectedComment = null;
      return { ...state, images, selectedImage, selectedComment };
    }
    case 'move': {
      const { from, to } = action;
      if (from === to || from < 0 || to < 0 || from >= state.images.length || to >= state.images.length) return state;
      const images = [...state.images];
      const [moved] = images.splice(from, 1);
      images.splice(to, 0, moved!);
      return { ...state, images };
    }
    case 'selectImage': {
      const image = state.images.find((img) => img.key === action.key);
      if (!image) return state;
      const keepComment = state.selectedComment && image.comments.some((c) => c.key === state.selectedComment);
      return { ...state, selectedImage: image.key, selectedComment: keepComment ? state.selectedComment : null };
    }
    case 'addComment': {
      const image = state.images.find((img) => img.key === action.image);
      const c = action.comment;
      const message = clampText(c.message.trim(), LIMITS.commentLength);
      if (!image || !message || commentsLeft(image) === 0) return state;
      if (image.comments.some((other) => other.key === c.key)) return state;
      let x = clamp01(c.x);
      let y = clamp01(c.y);
      const parentKey = c.parent ?? null;
      if (parentKey !== null) {
        const parent = image.comments.find((other) => other.key === parentKey);
        // One level of replies, on the same image (the server refuses anything else).
        if (!parent || parent.parent !== null) return state;
        ({ x, y } = parent);
      }
      const comment: ImageSauceComment = {
        key: c.key,
        id: null,
        message,
        x,
        y,
        parent: parentKey,
        authorNickname: c.authorNickname ?? null,
        authorProfileImage: c.authorProfileImage ?? null,
        createdAt: null,
        isMine: true,
      };
      // A reply goes after its parent's last reply; a new top-level comment at the end.
      const comments = [...image.comments];
      if (parentKey === null) {
        comments.push(comment);
      } else {
        let at = comments.findIndex((other) => other.key === parentKey);
        while (comments[at + 1]?.parent === parentKey) at += 1;
        comments.splice(at + 1, 0, comment);
      }
      const next = mapImage(state, image.key, (img) => ({ ...img, comments }));
      return { ...next, selectedImage: image.key, selectedComment: parentKey ?? comment.key };
    }
    case 'editComment': {
      const image = imageOfComment(state, action.key);
      const message = clampText(action.message.trim(), LIMITS.commentLength);
      if (!image || !message) return state;
      return mapImage(state, image.key, (img) => ({
        ...img,
        comments: img.comments.map((c) => (c.key === action.key ? { ...c, message } : c)),
      }));
    }
    case 'deleteComment': {
      const image = imageOfComment(state, action.key);
      if (!image) return state;
      // Deleting a comment deletes its replies.
      const gone = new Set([action.key, ...image.comments.filter((c) => c.parent === action.key).map((c) => c.key)]);
      const next = mapImage(state, image.key, (img) => ({ ...img, comments: img.comments.filter((c) => !gone.has(c.key)) }));
      return state.selectedComment && gone.has(state.selectedComment) ? { ...next, selectedComment: null } : next;
    }
    case 'selectComment': {
      if (action.key === null) return state.selectedComment === null ? state : { ...state, selectedComment: null };
      const image = imageOfComment(state, action.key);
      if (!image) return state;
      return { ...state, selectedComment: action.key, selectedImage: image.key };
    }
    case 'setTitle':
      return { ...state, title: clampText(action.title.replace(/[\r\n]/g, ' '), LIMITS.imageTitleLength) };
    case 'setTags':
      return { ...state, tags: action.tags };
    case 'setFolders':
      return { ...state, folderIds: action.folderIds };
    case 'load':
      return action.state;
  }
}
