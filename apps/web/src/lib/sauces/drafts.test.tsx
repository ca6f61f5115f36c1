import { LIMITS } from '@sauce/contract/limits';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, DraftTooLargeError, loadDraft, saveDraft, useDraft, type ImageDraft, type TextDraft } from './drafts.ts';

const text: TextDraft = {
  type: 'TEXT',
  title: '레퍼런스 메모',
  text: 'Grid notes ✍️',
  link: 'https://example.com/grids',
  tagSet: ['layout', '그리드'],
  folderSet: [3, 5],
  savedAt: '2025-01-02T03:04:05.000Z',
};

const image: ImageDraft = {
  type: 'IMAGE',
  title: 'Moodboard',
  images: [
    {
      id: 41,
      width: 2560,
      height: 1600,
      color: '#aa8844',
      comments: [
        { id: 'new-1', message: 'This spacing', x: 0.25, y: 0.5, parent: null },
        { id: 'new-2', message: 'Agreed', x: 0.25, y: 0.5, parent: 'new-1' },
        { id: 7, message: 'Saved one', x: 1, y: 0, parent: null },
      ],
    },
  ],
  tagSet: [],
  folderSet: [],
  savedAt: '2025-01-02T03:04:05.000Z',
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A text draft whose UTF-8 JSON is exactly `bytes` long. */
function textDraftOfBytes(bytes: number): TextDraft {
  const base = { ...text, text: '' };
  const overhead = new TextEncoder().encode(JSON.stringify(base)).length;
  return { ...base, text: 'a'.repeat(bytes - overhead) };
}

describe('drafts (SPEC §3 Draft type, §5)', () => {
  it('round-trips text and image drafts', () => {
    saveDraft(1, text);
    expect(loadDraft(1)).toEqual(text);
    saveDraft(1, image);
    expect(loadDraft(1)).toEqual(image);
  });

  it('keeps one draft per workspace', () => {
    saveDraft(1, text);
    saveDraft(2, image);
    expect(loadDraft(1)).toEqual(text);
    expect(loadDraft(2)).toEqual(image);
    expect(loadDraft(3)).toBeNull();
    clearDraft(1);
    expect(loadDraft(1)).toBeNull();
    expect(loadDraft(2)).toEqual(image);
  });

  it('stores under sauce:draft:<workspaceId>', () => {
    saveDraft(12, text);
    expect(JSON.parse(localStorage.getItem('sauce:draft:12')!)).toEqual(text);
  });

  it('accepts exactly 5,000,000 bytes and refuses one more, leaving the old draft intact', () => {
    expect(LIMITS.draftBytes).toBe(5_000_000);
    saveDraft(1, text);
    const limit = textDraftOfBytes(LIMITS.draftBytes);
    saveDraft(2, limit);
    expect(loadDraft(2)).toEqual(limit);

    expect(() => saveDraft(1, textDraftOfBytes(LIMITS.draftBytes + 1))).toThrow(DraftTooLargeError);
    expect(loadDraft(1)).toEqual(text);
  });

  it('counts UTF-8 bytes, not characters', () => {
    saveDraft(1, text);
    // 1,700,000 Korean syllables are 5,100,000 bytes of UTF-8 but fewer characters than the limit.
    const korean = { ...text, text: '가'.repeat(1_700_000) };
    expect(() => saveDraft(1, korean)).toThrow(DraftTooLargeError);
    expect(loadDraft(1)).toEqual(text);
  });

  it('turns a full storage (QuotaExceededError) into DraftTooLargeError, the old draft intact', () => {
    saveDraft(1, text);
    const real = localStorage;
    // A storage that is full: every write fails, as browsers do, without changing anything.
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => real.getItem(key),
      removeItem: (key: string) => real.removeItem(key),
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    });
    expect(() => saveDraft(1, image)).toThrow(expect.objectContaining({ name: 'DraftTooLargeError', reason: 'storage-full' }));
    vi.unstubAllGlobals();
    expect(loadDraft(1)).toEqual(text);
  });

  it('reads corrupt or unknown JSON as no draft', () => {
    const cases = [
      '{not json',
      'null',
      '"TEXT"',
      '[]',
      JSON.stringify({ ...text, type: 'VIDEO' }),
      JSON.stringify({ ...text, text: 42 }),
      JSON.stringify({ ...text, tagSet: 'layout' }),
      JSON.stringify({ ...text, folderSet: ['3'] }),
      JSON.stringify({ ...image, images: [{ id: 1 }] }),
      JSON.stringify({ ...image, images: [{ ...image.images[0], comments: [{ id: 1, message: 'x', x: 0, y: 0 }] }] }),
      JSON.stringify({ type: 'TEXT' }),
    ];
    for (const raw of cases) {
      localStorage.setItem('sauce:draft:1', raw);
      expect(loadDraft(1), raw).toBeNull();
    }
  });

  it('useDraft follows saves and clears, in this tab and from others', () => {
    function Probe({ id }: { id: number | undefined }) {
      const draft = useDraft(id);
      return <p>{draft ? `${draft.type}:${draft.title}` : 'none'}</p>;
    }
    const { rerender } = render(<Probe id={1} />);
    expect(screen.getByText('none')).toBeTruthy();

    act(() => saveDraft(1, text));
    expect(screen.getByText(`TEXT:${text.title}`)).toBeTruthy();
    // Another workspace's draft is not this one's.
    act(() => saveDraft(2, image));
    expect(screen.getByText(`TEXT:${text.title}`)).toBeTruthy();

    // Another tab wrote the draft: only the storage event tells.
    localStorage.setItem('sauce:draft:1', JSON.stringify(image));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'sauce:draft:1' }));
    });
    expect(screen.getByText('IMAGE:Moodboard')).toBeTruthy();

    act(() => clearDraft(1));
    expect(screen.getByText('none')).toBeTruthy();

    rerender(<Probe id={undefined} />);
    expect(screen.getByText('none')).toBeTruthy();
  });

  it('useDraft keeps the same object while the draft is unchanged', () => {
    saveDraft(1, text);
    const seen: unknown[] = [];
    function Probe() {
      seen.push(useDraft(1));
      return null;
    }
    const { rerender } = render(<Probe />);
    rerender(<Probe />);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((d) => d === seen[0])).toBe(true);
  });
});
