import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArchiveImage } from './image-archive/state.ts';
import { EMPTY_ARCHIVE } from './image-archive/state.ts';
import { createImageArchiveStore, uploadsSettled } from './use-image-archive.ts';

const image = (key: string, status: ArchiveImage['status']): ArchiveImage => ({
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
    const store = createImageArchiveStore({ ...EMPTY_ARCHIVE, images: [image('a', 'ready'), image('b', 'failed')] });
    await expect(uploadsSettled(store)).resolves.toBeUndefined();
  });

  it('resolves when the last upload ends, not before', async () => {
    const store = createImageArchiveStore({ ...EMPTY_ARCHIVE, images: [image('a', 'uploading'), image('b', 'uploading')] });
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
    const store = createImageArchiveStore({ ...EMPTY_ARCHIVE, images: [image('a', 'uploading')] });
    let settled = false;
    void uploadsSettled(store, 1_000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});
