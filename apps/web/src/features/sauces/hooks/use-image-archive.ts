import { LIMITS } from '@sauce/contract/limits';
import type { ImageInput, Sauce, UploadedImage } from '@sauce/contract/sauces';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ApiError } from '../../../lib/api.ts';
import { clampText } from '../../../lib/text-limit.ts';
import { uploadImage } from '../api/upload-image.ts';
import type { ImageDraft } from '../lib/drafts.ts';

/**
 * SPEC §4 Image archive state: the images (files, previews, upload progress), comments per
 * image, the selected image and comment, title, tags and folders of one image source being
 * made, edited or viewed. A pure reducer ({@link reduceImageArchive}) in a zustand store
 * that lives with the page ({@link useImageArchive}), never in the global app store.
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
export interface ArchiveComment {
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

export interface ArchiveImage {
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
  comments: ArchiveComment[];
}

export interface ImageArchiveState {
  images: ArchiveImage[];
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

export type ImageArchiveAction =
  | { type: 'add'; images: NewImage[] }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'uploaded'; key: string; upload: UploadedImage }
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
  | { type: 'load'; state: ImageArchiveState };

export const EMPTY_ARCHIVE: ImageArchiveState = {
  images: [],
  selectedImage: null,
  selectedComment: null,
  title: '',
  tags: [],
  folderIds: [],
};

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.5);

/** Room left for images (SPEC §9: 10 per source). */
export const imagesLeft = (state: Pick<ImageArchiveState, 'images'>) =>
  Math.max(0, LIMITS.imagesPerSauce - state.images.length);

/** Room left for comments on one image, replies included (SPEC §9: 10 per image). */
export const commentsLeft = (image: Pick<ArchiveImage, 'comments'>) =>
  Math.max(0, LIMITS.commentsPerImage - image.comments.length);

/** The image holding comment `key`. */
export const imageOfComment = (state: Pick<ImageArchiveState, 'images'>, key: string) =>
  state.images.find((img) => img.comments.some((c) => c.key === key));

/** The top-level comments' numbers (1, 2, …), as their pins and list items show them. */
export function commentNumbers(image: Pick<ArchiveImage, 'comments'>): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const c of image.comments) if (c.parent === null) numbers.set(c.key, numbers.size + 1);
  return numbers;
}

const mapImage = (state: ImageArchiveState, key: string, f: (img: ArchiveImage) => ArchiveImage): ImageArchiveState => {
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
export function reduceImageArchive(state: ImageArchiveState, action: ImageArchiveAction): ImageArchiveState {
  switch (action.type) {
    case 'add': {
      const room = imagesLeft(state);
      const added: ArchiveImage[] = action.images.slice(0, room).map((n) => ({
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
      const comment: ArchiveComment = {
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

// ---------------------------------------------------------------------------------------
// From and to the server
// ---------------------------------------------------------------------------------------

/** The key of a saved comment. */
export const savedCommentKey = (id: number) => `c${id}`;

let keySeq = 0;
/** A client key for a new image or comment: unique in this page, at most 64 characters. */
export function newKey(prefix: 'i' | 'n'): string {
  keySeq += 1;
  return `${prefix}${Date.now().toString(36)}${keySeq.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The state of a saved image source (for viewing or editing), first image selected. */
export function archiveFromSauce(sauce: Sauce): ImageArchiveState {
  const images: ArchiveImage[] = [...(sauce.imageSauce ?? [])]
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
    selectedImage: images[0]?.key ?? null,
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
export function toImageInputs(state: Pick<ImageArchiveState, 'images'>): ImageInput[] {
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
export function toImageDraft(state: ImageArchiveState, savedAt = new Date().toISOString()): ImageDraft {
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
export function archiveFromDraft(draft: ImageDraft, uploads: readonly UploadedImage[]): { state: ImageArchiveState; missing: number } {
  const byId = new Map(uploads.map((u) => [u.id, u]));
  const images: ArchiveImage[] = [];
  for (const d of draft.images.slice(0, LIMITS.imagesPerSauce)) {
    const u = byId.get(d.id);
    if (!u) continue;
    const keys = new Set(d.comments.map((c) => String(c.id)));
    const comments: ArchiveComment[] = [];
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
export function archiveFingerprint(state: ImageArchiveState): string {
  return JSON.stringify({
    images: toImageInputs(state),
    pending: state.images.filter((img) => img.status !== 'ready').map((img) => img.key),
    title: state.title.trim(),
    tags: state.tags,
    folderIds: [...state.folderIds].sort((a, b) => a - b),
  });
}

/** Counts for the save dialog and the page: images by status, comments in all. */
export function archiveCounts(state: Pick<ImageArchiveState, 'images'>) {
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

// ---------------------------------------------------------------------------------------
// Checks before uploading, and problems from the server
// ---------------------------------------------------------------------------------------

/** Error codes an upload cannot get past by trying again. */
const FINAL_CODES = new Set(['PAYLOAD_TOO_LARGE', 'TOO_MANY_PIXELS', 'UNSUPPORTED_IMAGE', 'VIEWER_CANNOT_UPLOAD']);

/**
 * Refuses a file before sending it: not an image (SVG included; files the browser cannot
 * type, e.g. some HEIC, go to the server to decide) or over 20,971,520 bytes. Null when it
 * may be sent.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): UploadProblem | null {
  const type = file.type.toLowerCase();
  if ((type && !type.startsWith('image/')) || type === 'image/svg+xml') {
    return { code: 'UNSUPPORTED_IMAGE', retryable: false };
  }
  if (file.size > LIMITS.imageBytes) return { code: 'PAYLOAD_TOO_LARGE', limitBytes: LIMITS.imageBytes, retryable: false };
  return null;
}

/** The problem of a failed upload, with the limit the server names in `details`. */
export function problemOf(error: unknown): UploadProblem {
  if (!(error instanceof ApiError)) return { code: 'SYSTEM_ERROR', retryable: true };
  const details = (error.details ?? {}) as { limitBytes?: unknown; limitPixels?: unknown };
  const problem: UploadProblem = { code: error.code, retryable: !FINAL_CODES.has(error.code) };
  if (error.code === 'PAYLOAD_TOO_LARGE') {
    problem.limitBytes = typeof details.limitBytes === 'number' ? details.limitBytes : LIMITS.imageBytes;
  }
  if (error.code === 'TOO_MANY_PIXELS') {
    problem.limitPixels = typeof details.limitPixels === 'number' ? details.limitPixels : LIMITS.imagePixels;
  }
  return problem;
}

// ---------------------------------------------------------------------------------------
// The page's store and uploads
// ---------------------------------------------------------------------------------------

/** The state with its `dispatch`, as the store holds it. */
export type ImageArchiveStoreState = ImageArchiveState & { dispatch: (a: ImageArchiveAction) => void };
export type ImageArchiveStore = StoreApi<ImageArchiveStoreState>;

/** A store around {@link reduceImageArchive}; one per page. */
export function createImageArchiveStore(initial: ImageArchiveState = EMPTY_ARCHIVE): ImageArchiveStore {
  return createStore<ImageArchiveStoreState>()((set, get) => ({
    ...initial,
    dispatch: (action) => {
      const { dispatch, ...state } = get();
      const next = reduceImageArchive(state, action);
      if (next !== state) set({ ...next, dispatch });
    },
  }));
}

/**
 * A store showing a saved source (view mode, the shared page), following it when it is
 * fetched again (fresh image URLs) while keeping the image and comment chosen.
 */
export function useSauceArchiveStore(sauce: Sauce): ImageArchiveStore {
  const [store] = useState(() => createImageArchiveStore(archiveFromSauce(sauce)));
  useEffect(() => {
    const prev = store.getState();
    const next = archiveFromSauce(sauce);
    const keepImage = next.images.some((img) => img.key === prev.selectedImage);
    const keepComment = !!prev.selectedComment && next.images.some((img) => img.comments.some((c) => c.key === prev.selectedComment));
    prev.dispatch({
      type: 'load',
      state: {
        ...next,
        selectedImage: keepImage ? prev.selectedImage : next.selectedImage,
        selectedComment: keepComment ? prev.selectedComment : null,
      },
    });
  }, [sauce, store]);
  return store;
}

/** The state of `store` (re-renders on every change). */
export function useArchiveState(store: ImageArchiveStore): ImageArchiveStoreState {
  return useStore(store);
}

export interface AddFilesResult {
  /** Files taken in (uploading, or shown as refused by type or size). */
  added: number;
  /** Files left out because the source already holds 10 images. */
  overLimit: number;
}

export interface ImageArchive {
  store: ImageArchiveStore;
  /** Takes files in (at most up to 10 images) and starts uploading each at once. */
  addFiles: (files: readonly File[]) => AddFilesResult;
  /** Sends a failed image's file again. */
  retry: (key: string) => void;
  /** Removes an image: stops its upload and drops its preview and comments. */
  remove: (key: string) => void;
}

/**
 * The page's image archive: a store created once from `initial`, and uploads that start as
 * files come in (each with its own progress), stop when their image is removed or the page
 * goes away, and never touch another image's state.
 */
export function useImageArchive(workspaceId: number, initial: () => ImageArchiveState): ImageArchive {
  const [store] = useState(() => createImageArchiveStore(initial()));
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const running = uploads.current;
    const urls = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const [api] = useState<Omit<ImageArchive, 'store'>>(() => {
    const dispatch = (a: ImageArchiveAction) => store.getState().dispatch(a);
    const start = (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      uploadImage(workspaceId, file, {
        signal: controller.signal,
        onProgress: (progress) => dispatch({ type: 'progress', key, progress }),
      })
        .then((upload) => dispatch({ type: 'uploaded', key, upload }))
        .catch((e: unknown) => {
          if ((e as Error)?.name === 'AbortError') return;
          dispatch({ type: 'failed', key, problem: problemOf(e) });
        })
        .finally(() => {
          if (uploads.current.get(key) === controller) uploads.current.delete(key);
        });
    };
    return {
      addFiles: (files) => {
        const room = imagesLeft(store.getState());
        const taken = files.slice(0, room).map((file): NewImage => {
          const problem = checkImageFile(file) ?? undefined;
          let preview: string | null = null;
          if (!problem || problem.code !== 'UNSUPPORTED_IMAGE') {
            try {
              preview = URL.createObjectURL(file);
              previews.current.add(preview);
            } catch {
              preview = null;
            }
          }
          return { key: newKey('i'), file, preview, problem };
        });
        dispatch({ type: 'add', images: taken });
        for (const n of taken) if (!n.problem) start(n.key, n.file);
        return { added: taken.length, overLimit: files.length - taken.length };
      },
      retry: (key) => {
        const image = store.getState().images.find((img) => img.key === key);
        if (!image || image.status !== 'failed' || !image.file || !image.problem?.retryable) return;
        dispatch({ type: 'retry', key });
        start(key, image.file);
      },
      remove: (key) => {
        const image = store.getState().images.find((img) => img.key === key);
        uploads.current.get(key)?.abort();
        uploads.current.delete(key);
        dispatch({ type: 'remove', key });
        if (image?.preview) {
          URL.revokeObjectURL(image.preview);
          previews.current.delete(image.preview);
        }
      },
    };
  });

  return { store, ...api };
}
