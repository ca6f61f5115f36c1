import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImageSauceImage } from './image-sauce/state.ts';
import { EMPTY_SAUCE } from './image-sauce/state.ts';
import { createImageSauceStore, uploadsSettled } from './use-image-sauce.ts';

const image = (key: string, status: ImageSauceImage['status']): ImageSauceImage => ({
  key,
  id: status === 'ready' ? 1 : null,
  status,
  progress: status === 'ready' ? 1 : 0.5,
  problem: null,
  file: null,
  fileName: `${key}.png`,
  preview: null,
  url: null,
  thumbnailUrl: null,
  width: 10,
  height: 10,
  color: '#888888',
  palette: [],
  similarTo: [],
  comments: [],
});

afterEach(() => vi.useRealTimers());

describe('uploadsSettled: what a draft waits for before it is saved', () => {
  it('resolves at once when nothing uploads', async () => {
    const store = createImageSauceStore({ ...EMPTY_SAUCE, images: [image('a', 'ready'), image('b', 'failed')] });
    await expect(uploadsSettled(store)).resolves.toBeUndefined();
  });

  it('resolves when the last upload ends, not before', async () => {
    const store = createImageSauceStore({ ...EMPTY_SAUCE, images: [image('a', 'uploading'), image('b', 'uploading')] });
    let settled = false;
    const waiting = uploadsSettled(store).then(() => (settled = true));
    store.setState({ images: [image('a', 'ready'), image('b', 'uploading')] });
    await Promise.resolve();
    expect(settled).toBe(false);
    store.setState({ images: [image('a', 'ready'), image('b', 'failed')] });
    await waiting;
    expect(settled).toBe(true);
  });

  it('gives up after its longest wait, ms', async () => {
    vi.useFakeTimers();
    const store = createImageSauceStore({ ...EMPTY_SAUCE, images: [image('a', 'uploading')] });
    let settled = false;
    void uploadsSettled(store, 1_000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});
