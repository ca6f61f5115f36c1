import type { Sauce } from '@sauce/contract/sauces';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { uploadImage } from './upload-image.ts';
import { stateFromSauce, newKey } from './image-sauce/convert.ts';
import { EMPTY_SAUCE, type ImageSauceAction, type ImageSauceState, imagesLeft, type NewImage, reduceImageSauce } from './image-sauce/state.ts';
import { checkImageFile, problemOf } from './image-sauce/upload-checks.ts';

/**
 * SPEC §4 Image archive state, live: the page's zustand store around the reducer
 * (image-sauce/state.ts) and the uploads that feed it.
 */


/** The state with its `dispatch`, as the store holds it. */
export type ImageSauceStoreState = ImageSauceState & { dispatch: (a: ImageSauceAction) => void };
export type ImageSauceStore = StoreApi<ImageSauceStoreState>;

/** A store around {@link reduceImageSauce}; one per page. */
export function createImageSauceStore(initial: ImageSauceState = EMPTY_SAUCE): ImageSauceStore {
  return createStore<ImageSauceStoreState>()((set, get) => ({
    ...initial,
    dispatch: (action) => {
      const { dispatch, ...state } = get();
      const next = reduceImageSauce(state, action);
      if (next !== state) set({ ...next, dispatch });
    },
  }));
}

/** Longest wait for uploads before a draft is saved without them, ms. */
export const UPLOAD_SETTLE_MS = 30_000;

/**
 * Resolves once none of `store`'s images is uploading (at once when none is), or after
 * `maxMs` (ms) whatever is still uploading: what a draft then leaves out (convert.ts toImageDraft).
 */
export function uploadsSettled(store: ImageSauceStore, maxMs = UPLOAD_SETTLE_MS): Promise<void> {
  const idle = () => !store.getState().images.some((img) => img.status === 'uploading');
  if (idle()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    const unsubscribe = store.subscribe(() => {
      if (idle()) done();
    });
  });
}

/**
 * A store showing a saved source (view mode, the shared page), following it when it is
 * fetched again (fresh image URLs, an image's words read: issue #33) while keeping the image
 * and comment chosen; image `open` (its order, 0-based) is chosen first, else the first.
 */
export function useSauceStore(sauce: Sauce, open = 0): ImageSauceStore {
  const [store] = useState(() => createImageSauceStore(stateFromSauce(sauce, open)));
  useEffect(() => {
    const prev = store.getState();
    const next = stateFromSauce(sauce);
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
export function useSauceState(store: ImageSauceStore): ImageSauceStoreState {
  return useStore(store);
}

export interface AddFilesResult {
  /** Files taken in (uploading, or shown as refused by type or size). */
  added: number;
  /** Files left out because the source already holds 10 images. */
  overLimit: number;
}

export interface ImageSauce {
  store: ImageSauceStore;
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
export function useImageSauce(workspaceId: number, initial: () => ImageSauceState): ImageSauce {
  const [store] = useState(() => createImageSauceStore(initial()));
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

  const [api] = useState<Omit<ImageSauce, 'store'>>(() => {
    const dispatch = (a: ImageSauceAction) => store.getState().dispatch(a);
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
