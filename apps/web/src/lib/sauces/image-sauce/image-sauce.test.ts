import type { Sauce } from '@sauce/contract/sauces';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api.ts';
import { sauceFingerprint, stateFromSauce, toImageInputs } from './convert.ts';
import { checkImageFile, problemOf } from './upload-checks.ts';
import { commentNumbers, EMPTY_SAUCE, type ImageSauceAction, type ImageSauceState, reduceImageSauce } from './state.ts';

const file = (name: string, type = 'image/png', size = 10) => new File([new Uint8Array(size)], name, { type });

const run = (state: ImageSauceState, ...actions: ImageSauceAction[]) => actions.reduce(reduceImageSauce, state);

/** State with `n` images i1…in, all uploaded (upload ids 101…). */
function withImages(n: number): ImageSauceState {
  const keys = Array.from({ length: n }, (_, i) => `i${i + 1}`);
  return run(
    EMPTY_SAUCE,
    { type: 'add', images: keys.map((key) => ({ key, file: file(`${key}.png`), preview: `blob:${key}` })) },
    ...keys.map(
      (key, i): ImageSauceAction => ({
        type: 'uploaded',
        key,
        upload: {
          id: 101 + i,
          url: `/files/${key}`,
          thumbnailUrl: `/files/${key}/t`,
          originalUrl: `/files/${key}/o`,
          width: 1600,
          height: 900,
          byteSize: 1000,
          color: '#336699',
          palette: ['#336699'],
        },
      }),
    ),
  );
}

const comment = (key: string, x = 0.5, y = 0.5, parent: string | null = null) => ({ key, message: `m ${key}`, x, y, parent });

describe('image archive state: images (SPEC §4, §9)', () => {
  it('adds images as uploading, selects the first, and keeps at most 10', () => {
    const s = run(EMPTY_SAUCE, {
      type: 'add',
      images: Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, file: file(`${i}.png`), preview: null })),
    });
    expect(s.images).toHaveLength(10);
    expect(s.images.every((img) => img.status === 'uploading' && img.progress === 0)).toBe(true);
    expect(s.selectedImage).toBe('k0');
    // The 11th is refused even one at a time.
    expect(run(s, { type: 'add', images: [{ key: 'x', file: file('x.png'), preview: null }] })).toBe(s);
  });

  it('tracks progress, success and failure per image without touching the others', () => {
    let s = run(EMPTY_SAUCE, {
      type: 'add',
      images: [
        { key: 'a', file: file('a.png'), preview: null },
        { key: 'b', file: file('b.png'), preview: null },
      ],
    });
    s = run(s, { type: 'progress', key: 'a', progress: 0.4 }, { type: 'progress', key: 'a', progress: 0.2 });
    expect(s.images[0]!.progress).toBe(0.4); // never goes back
    s = run(s, { type: 'failed', key: 'b', problem: { code: 'NETWORK', retryable: true } });
    expect(s.images.map((img) => img.status)).toEqual(['uploading', 'failed']);
    s = run(s, { type: 'retry', key: 'b' });
    expect(s.images[1]).toMatchObject({ status: 'uploading', progress: 0, problem: null });
  });

  it('adds refused files as failed, with their reason', () => {
    const problem = checkImageFile(file('big.jpg', 'image/jpeg', 20_971_521))!;
    const s = run(EMPTY_SAUCE, { type: 'add', images: [{ key: 'a', file: file('big.jpg'), preview: null, problem }] });
    expect(s.images[0]).toMatchObject({ status: 'failed', problem: { code: 'PAYLOAD_TOO_LARGE', limitBytes: 20_971_520 } });
  });

  it('removing an image removes its comments and selects a neighbour', () => {
    let s = withImages(3);
    s = run(
      s,
      { type: 'addComment', image: 'i2', comment: comment('n1') },
      { type: 'selectComment', key: 'n1' },
    );
    expect(s.selectedImage).toBe('i2');
    s = run(s, { type: 'remove', key: 'i2' });
    expect(s.images.map((img) => img.key)).toEqual(['i1', 'i3']);
    expect(s.images.flatMap((img) => img.comments)).toEqual([]);
    expect(s.selectedComment).toBeNull();
    expect(s.selectedImage).toBe('i3');
    s = run(s, { type: 'remove', key: 'i3' });
    expect(s.selectedImage).toBe('i1');
    s = run(s, { type: 'remove', key: 'i1' });
    expect(s.selectedImage).toBeNull();
  });

  it('reorders images', () => {
    const s = run(withImages(3), { type: 'move', from: 0, to: 2 });
    expect(s.images.map((img) => img.key)).toEqual(['i2', 'i3', 'i1']);
    expect(toImageInputs(s).map((img) => img.id)).toEqual([102, 103, 101]);
  });
});

describe('image archive state: comments (SPEC §4, §9)', () => {
  it('selecting a comment selects its image', () => {
    let s = run(withImages(2), { type: 'addComment', image: 'i2', comment: comment('n1') }, { type: 'selectImage', key: 'i1' });
    expect(s).toMatchObject({ selectedImage: 'i1', selectedComment: null });
    s = run(s, { type: 'selectComment', key: 'n1' });
    expect(s).toMatchObject({ selectedImage: 'i2', selectedComment: 'n1' });
  });

  it('keeps positions relative (0–1), clamped to the image', () => {
    const s = run(
      withImages(1),
      { type: 'addComment', image: 'i1', comment: comment('a', 0.25, 0.75) },
      { type: 'addComment', image: 'i1', comment: comment('b', 1.4, -0.2) },
    );
    expect(s.images[0]!.comments.map(({ x, y }) => [x, y])).toEqual([
      [0.25, 0.75],
      [1, 0],
    ]);
  });

  it('allows at most 10 comments per image, replies included', () => {
    let s = withImages(2);
    for (let i = 0; i < 5; i += 1) s = run(s, { type: 'addComment', image: 'i1', comment: comment(`t${i}`) });
    for (let i = 0; i < 5; i += 1) s = run(s, { type: 'addComment', image: 'i1', comment: comment(`r${i}`, 0, 0, 't0') });
    expect(s.images[0]!.comments).toHaveLength(10);
    const full = s;
    expect(run(full, { type: 'addComment', image: 'i1', comment: comment('over') })).toBe(full);
    expect(run(full, { type: 'addComment', image: 'i1', comment: comment('over', 0, 0, 't1') })).toBe(full);
    // The other image has its own 10.
    expect(run(full, { type: 'addComment', image: 'i2', comment: comment('ok') }).images[1]!.comments).toHaveLength(1);
  });

  it('replies sit under their parent, at its position, one level deep', () => {
    let s = run(
      withImages(1),
      { type: 'addComment', image: 'i1', comment: comment('a', 0.1, 0.2) },
      { type: 'addComment', image: 'i1', comment: comment('b', 0.3, 0.4) },
      { type: 'addComment', image: 'i1', comment: comment('ra', 0.9, 0.9, 'a') },
      { type: 'addComment', image: 'i1', comment: comment('ra2', 0.9, 0.9, 'a') },
    );
    expect(s.images[0]!.comments.map((c) => c.key)).toEqual(['a', 'ra', 'ra2', 'b']);
    expect(s.images[0]!.comments[1]).toMatchObject({ parent: 'a', x: 0.1, y: 0.2 });
    expect(commentNumbers(s.images[0]!)).toEqual(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    // No reply to a reply, nor to a comment of another image.
    const before = s;
    s = run(s, { type: 'addComment', image: 'i1', comment: comment('deep', 0, 0, 'ra') });
    expect(s).toBe(before);
  });

  it('trims and limits messages to 500 characters, refusing empty ones', () => {
    let s = run(withImages(1), { type: 'addComment', image: 'i1', comment: { ...comment('a'), message: '   ' } });
    expect(s.images[0]!.comments).toHaveLength(0);
    s = run(s, { type: 'addComment', image: 'i1', comment: { ...comment('a'), message: `  ${'가'.repeat(600)} ` } });
    expect(Array.from(s.images[0]!.comments[0]!.message)).toHaveLength(500);
    s = run(s, { type: 'editComment', key: 'a', message: ' edited ' });
    expect(s.images[0]!.comments[0]!.message).toBe('edited');
    expect(run(s, { type: 'editComment', key: 'a', message: ' ' })).toBe(s);
  });

  it('deleting a parent deletes its replies', () => {
    let s = run(
      withImages(1),
      { type: 'addComment', image: 'i1', comment: comment('a') },
      { type: 'addComment', image: 'i1', comment: comment('b') },
      { type: 'addComment', image: 'i1', comment: comment('ra', 0, 0, 'a') },
      { type: 'selectComment', key: 'ra' },
    );
    s = run(s, { type: 'deleteComment', key: 'a' });
    expect(s.images[0]!.comments.map((c) => c.key)).toEqual(['b']);
    expect(s.selectedComment).toBeNull();
  });
});

describe('image archive state: from and to the server', () => {
  const sauce = {
    id: 9,
    type: 'IMAGE',
    title: 'Refs',
    tagSet: [{ name: 'ui' }],
    folderSet: [{ id: 3, name: 'A' }],
    imageSauce: [
      {
        id: 22,
        order: 1,
        url: '/u/22',
        thumbnailUrl: '/t/22',
        originalUrl: '/o/22',
        width: 100,
        height: 50,
        byteSize: 1,
        color: '#000000',
        comments: [],
      },
      {
        id: 21,
        order: 0,
        url: '/u/21',
        thumbnailUrl: '/t/21',
        originalUrl: '/o/21',
        width: 100,
        height: 50,
        byteSize: 1,
        color: '#ffffff',
        comments: [
          { id: 7, message: 'reply', x: 0.2, y: 0.3, parent: 5, authorNickname: 'b', authorProfileImage: null, createdAt: 't' },
          { id: 5, message: 'top', x: 0.2, y: 0.3, parent: null, authorNickname: 'a', authorProfileImage: null, createdAt: 't' },
        ],
      },
    ],
  } as unknown as Sauce;

  it('reads a saved source in order, replies under their parents', () => {
    const s = stateFromSauce(sauce);
    expect(s.images.map((img) => img.id)).toEqual([21, 22]);
    expect(s.images[0]!.comments.map((c) => [c.key, c.parent])).toEqual([
      ['c5', null],
      ['c7', 'c5'],
    ]);
    expect(s).toMatchObject({ title: 'Refs', tags: ['ui'], folderIds: [3], selectedImage: 's21' });
  });

  it('writes saved comments by id and new ones by key, replies naming their parent', () => {
    let s = stateFromSauce(sauce);
    s = run(
      s,
      { type: 'addComment', image: 's21', comment: comment('nr', 0, 0, 'c5') },
      { type: 'addComment', image: 's22', comment: comment('n1', 0.5, 0.5) },
      { type: 'addComment', image: 's22', comment: comment('n2', 0, 0, 'n1') },
    );
    expect(toImageInputs(s)).toEqual([
      {
        id: 21,
        comments: [
          { id: 5, message: 'top', x: 0.2, y: 0.3, parent: null },
          { id: 7, message: 'reply', x: 0.2, y: 0.3, parent: 5 },
          { id: 'nr', message: 'm nr', x: 0.2, y: 0.3, parent: 5 },
        ],
      },
      {
        id: 22,
        comments: [
          { id: 'n1', message: 'm n1', x: 0.5, y: 0.5, parent: null },
          { id: 'n2', message: 'm n2', x: 0.5, y: 0.5, parent: 'n1' },
        ],
      },
    ]);
  });

  it('leaves images still uploading or failed out of the save body, and notices changes', () => {
    const saved = stateFromSauce(sauce);
    let s = run(saved, { type: 'add', images: [{ key: 'up', file: file('u.png'), preview: null }] });
    expect(toImageInputs(s).map((img) => img.id)).toEqual([21, 22]);
    expect(sauceFingerprint(s)).not.toBe(sauceFingerprint(saved));
    s = run(saved, { type: 'selectImage', key: 's22' });
    expect(sauceFingerprint(s)).toBe(sauceFingerprint(saved)); // selection is no change
  });
});

describe('upload checks and problems', () => {
  it('refuses non-images, SVG and files over 20 MB before sending', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 1 })?.code).toBe('UNSUPPORTED_IMAGE');
    expect(checkImageFile({ type: 'image/svg+xml', size: 1 })?.code).toBe('UNSUPPORTED_IMAGE');
    expect(checkImageFile({ type: 'image/jpeg', size: 20_971_520 })).toBeNull();
    expect(checkImageFile({ type: '', size: 10 })).toBeNull(); // the server decides (e.g. HEIC)
    expect(checkImageFile({ type: 'image/png', size: 20_971_521 })).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      limitBytes: 20_971_520,
      retryable: false,
    });
  });

  it('reads the limit from the server and tells what a retry can cure', () => {
    expect(problemOf(new ApiError(413, 'TOO_MANY_PIXELS', 'x', { limitPixels: 50_000_000 }))).toEqual({
      code: 'TOO_MANY_PIXELS',
      limitPixels: 50_000_000,
      retryable: false,
    });
    expect(problemOf(new ApiError(0, 'NETWORK', 'x'))).toEqual({ code: 'NETWORK', retryable: true });
    expect(problemOf(new Error('boom'))).toEqual({ code: 'SYSTEM_ERROR', retryable: true });
  });
});
