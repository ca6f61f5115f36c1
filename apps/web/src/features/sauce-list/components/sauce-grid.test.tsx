import type { Sauce } from '@sauce/contract/sauces';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { SauceGrid } from './sauce-grid.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sauce = (id: number, type: Sauce['type']): Sauce => ({
  id,
  type,
  title: `Source ${id}`,
  createdAt: '2024-05-01T09:30:00.000Z',
  updatedAt: '2024-05-01T09:30:00.000Z',
  thumbnail: type === 'IMAGE' ? `/files/${id}.webp` : null,
  thumbnailMeta: type === 'IMAGE' ? { width: 1080, height: 1920, color: '#336699' } : null,
  textCard: type === 'TEXT' ? { text: 'note', link: null, title: '', description: '', image: '', previewStatus: null, broken: false, copyStatus: null } : null,
  textSauce: type === 'TEXT' ? { text: 'note', link: null } : null,
  imageSauce: null,
  tagSet: [],
  folderSet: [],
  userNickname: 'mina',
  userProfileImage: null,
  isEditable: false,
  activeSauce: true,
  isShareEnabled: false,
  byteSize: 0,
  modeType: 'Sauce',
  destination: null,
  summary: null,
  savedCopy: null,
});

const list = Array.from({ length: 10 }, (_, i) => sauce(i + 1, i % 2 ? 'TEXT' : 'IMAGE'));

const renderGrid = (sauces: Sauce[] | undefined, loading = false) =>
  render(
    <MemoryRouter>
      <SauceGrid sauces={sauces} loading={loading} label="Sources" empty={<p>No related sources</p>} />
    </MemoryRouter>,
  );

describe('SauceGrid', () => {
  it('lists text and image cards in list order (reading and keyboard order)', () => {
    renderGrid(list);
    const items = within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(list.map((s) => s.title));
    expect(items[0]!.querySelector('article')!.dataset.type).toBe('IMAGE');
    expect(items[1]!.querySelector('article')!.dataset.type).toBe('TEXT');
  });

  it('loads the first pictures at once and the rest lazily', () => {
    renderGrid(list.filter((s) => s.type === 'IMAGE').concat(Array.from({ length: 8 }, (_, i) => sauce(100 + i, 'IMAGE'))));
    const loading = [...document.querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(loading.slice(0, 8)).toEqual(Array(8).fill('eager'));
    expect(loading.slice(8).every((l) => l === 'lazy')).toBe(true);
  });

  it('gives each card as many masonry rows as it is tall, plus the gap', () => {
    let report: ResizeObserverCallback = () => {};
    const observed: Element[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: ResizeObserverCallback) {
          report = cb;
        }
        observe(el: Element) {
          observed.push(el);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    renderGrid(list.slice(0, 3));
    const grid = screen.getByRole('list', { name: 'Sources' });
    grid.style.setProperty('--masonry-row', '4px');
    grid.style.columnGap = '16px';
    expect(observed).toHaveLength(3);
    const heights = [300, 181, 4];
    act(() =>
      report(
        observed.map((target, i) => ({ target, borderBoxSize: [{ blockSize: heights[i]!, inlineSize: 280 }] }) as unknown as ResizeObserverEntry),
        {} as ResizeObserver,
      ),
    );
    const spans = () => observed.map((el) => (el as HTMLElement).style.getPropertyValue('--span'));
    const fills = () => observed.map((el) => (el as HTMLElement).style.getPropertyValue('--fill'));
    expect(spans()).toEqual(['79', '50', '5']);
    // The spare pixels go to the card, so each gap is exactly 16 px.
    expect(fills()).toEqual(['0px', '3px', '0px']);

    // The card now measures 3 px taller with its fill: nothing changes (no feedback loop).
    act(() =>
      report(
        [{ target: observed[1]!, borderBoxSize: [{ blockSize: 184, inlineSize: 280 }] } as unknown as ResizeObserverEntry],
        {} as ResizeObserver,
      ),
    );
    expect(spans()).toEqual(['79', '50', '5']);
    expect(fills()).toEqual(['0px', '3px', '0px']);
  });

  it('shows skeleton cards while loading, and the empty state', () => {
    renderGrid(undefined, true);
    expect(screen.getByLabelText('Sources').getAttribute('aria-busy')).toBe('true');
    cleanup();
    renderGrid([]);
    expect(screen.getByText('No related sources')).toBeTruthy();
  });
});

describe('a list with more after it (issue #24)', () => {
  it('loads the next page when its end comes into view, and from the button', () => {
    const observed: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
          observed.push(cb);
        }
        observe() {}
        disconnect() {}
      },
    );
    const load = vi.fn();
    render(
      <MemoryRouter>
        <SauceGrid sauces={list} loading={false} label="Sources" empty={null} more={{ load, loading: false, label: 'Show more' }} />
      </MemoryRouter>,
    );
    act(() => observed[0]!([{ isIntersecting: true }]));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => screen.getByRole('button', { name: 'Show more' }).click());
    expect(load).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });

  it('has no end to load on the last page', () => {
    renderGrid(list);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
