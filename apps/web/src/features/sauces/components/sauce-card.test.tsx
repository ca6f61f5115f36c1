import type { Sauce } from '@sauce/contract/sauces';
import { cleanup, fireEvent, render, screen } from '../../../test/testing-library.ts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { SauceCard } from './sauce-card.tsx';

const base: Sauce = {
  id: 7,
  type: 'TEXT',
  title: 'Grid systems',
  createdAt: '2024-05-01T09:30:00.000Z',
  updatedAt: '2024-05-01T09:30:00.000Z',
  thumbnail: null,
  textCard: {
    text: 'Notes on grids',
    link: 'https://www.example.com/grids',
    title: 'Grids',
    description: '',
    image: 'https://www.example.com/og.png',
  },
  textSauce: { text: 'Notes on grids', link: 'https://www.example.com/grids' },
  imageSauce: null,
  thumbnailMeta: null,
  tagSet: [{ name: 'layout' }],
  folderSet: [],
  userNickname: 'mina',
  userProfileImage: null,
  isEditable: false,
  activeSauce: true,
  isShareEnabled: false,
  byteSize: 0,
  modeType: 'Sauce',
  destination: 'https://www.example.com/grids',
  summary: null,
};

const renderCard = (sauce: Sauce, onDelete?: () => void, priority?: boolean) =>
  render(
    <MemoryRouter>
      <SauceCard sauce={sauce} onDelete={onDelete} priority={priority} />
    </MemoryRouter>,
  );

/** An image source as the list returns it: a signed WebP thumbnail and its size and colour. */
const photo: Sauce = {
  ...base,
  id: 12,
  type: 'IMAGE',
  title: 'Autumn',
  textCard: null,
  textSauce: null,
  thumbnail: '/files/thumb/abc.webp?sig=1',
  thumbnailMeta: { width: 2560, height: 1600, color: '#a0522d' },
  destination: null,
};

const box = () => document.querySelector<HTMLElement>('[data-state]')!;
const img = () => document.querySelector('img');
/** The box's aspect ratio (--ratio, which its CSS aspect-ratio uses). */
const ratio = () => Number(box().style.getPropertyValue('--ratio'));

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('SauceCard (SPEC §2 Cards)', () => {
  it('shows the date as YYYY.MM.DD from the first 10 characters of createdAt', () => {
    renderCard(base);
    expect(screen.getByText('2024.05.01').tagName).toBe('TIME');
  });

  it('is one link named by its title, leading to the text editor', () => {
    renderCard(base);
    const link = screen.getByRole('link', { name: 'Grid systems' });
    expect(link.getAttribute('href')).toBe('/archive/text?sauceId=7&archiveType=TEXT');
  });

  it('shows nickname, initial avatar, tags and the link domain, but not the link itself', () => {
    renderCard(base);
    expect(screen.getByText('mina')).toBeTruthy();
    expect(screen.getByText('M')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'layout' })).toBeTruthy();
    expect(screen.getByText('example.com')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('leads image sources to the image editor', () => {
    renderCard({ ...base, type: 'IMAGE', textCard: null, textSauce: null });
    expect(screen.getByRole('link', { name: 'Grid systems' }).getAttribute('href')).toBe(
      '/archive/image?sauceId=7&archiveType=IMAGE',
    );
  });

  it('offers the menu only on editable cards', () => {
    renderCard(base, () => {});
    expect(screen.queryByRole('button', { name: /more actions/i })).toBeNull();
    cleanup();
    renderCard({ ...base, isEditable: true }, () => {});
    expect(screen.getByRole('button', { name: 'More actions for Grid systems' })).toBeTruthy();
  });

  it('never shows a non-http(s) link domain or image', () => {
    renderCard({
      ...base,
      title: '',
      textCard: { ...base.textCard!, link: 'javascript:alert(1)', image: 'javascript:alert(1)', title: '' },
    });
    expect(screen.getByRole('link', { name: /^Untitled ?: Notes on grids$/ })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    // Without a picture the text fills the preview box, once.
    expect(screen.getAllByText('Notes on grids')).toHaveLength(1);
    expect(screen.queryByText(/javascript/)).toBeNull();
  });
});

describe('SauceCard for image sources (DESIGN.md Cards and images)', () => {
  it('opens the image editor', () => {
    renderCard(photo);
    expect(screen.getByRole('link', { name: 'Autumn' }).getAttribute('href')).toBe('/archive/image?sauceId=12&archiveType=IMAGE');
  });

  it("reserves the image's box before it loads: its aspect ratio and dominant colour", () => {
    renderCard(photo);
    expect(ratio()).toBeCloseTo(2560 / 1600);
    expect(box().style.backgroundColor).toMatch(/#a0522d|rgb\(160, 82, 45\)/i);
    const image = img()!;
    expect(image.getAttribute('src')).toBe(photo.thumbnail);
    // The thumbnail's own size (at most 640 px wide), so the browser knows its shape too.
    expect(image.getAttribute('width')).toBe('640');
    expect(image.getAttribute('height')).toBe('400');
    expect(image.getAttribute('srcset')).toBe(`${photo.thumbnail} 640w`);
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('decoding')).toBe('async');
  });

  it('loads lazily below the fold and at once above it', () => {
    renderCard(photo);
    expect(img()!.getAttribute('loading')).toBe('lazy');
    cleanup();
    renderCard(photo, undefined, true);
    expect(img()!.getAttribute('loading')).toBe('eager');
  });

  it('fades the image in once loaded', () => {
    renderCard(photo);
    expect(box().dataset.state).toBe('loading');
    fireEvent.load(img()!);
    expect(box().dataset.state).toBe('loaded');
  });

  it('falls back to the colour box when the thumbnail fails (an expired URL)', () => {
    renderCard(photo);
    fireEvent.error(img()!);
    expect(img()).toBeNull();
    expect(box().dataset.state).toBe('failed');
    expect(ratio()).toBeCloseTo(2560 / 1600);
    // The card is still there and still leads to the source.
    expect(screen.getByRole('link', { name: 'Autumn' })).toBeTruthy();
  });

  it('keeps very tall and very wide images within 1:2 and 3:1', () => {
    renderCard({ ...photo, thumbnailMeta: { width: 1080, height: 12000, color: '#ffffff' } });
    expect(ratio()).toBeCloseTo(0.5);
    cleanup();
    renderCard({ ...photo, thumbnailMeta: { width: 8000, height: 1000, color: '#ffffff' } });
    expect(ratio()).toBeCloseTo(3);
  });

  it('works without the size: a 4:3 box, no colour, and never an unsafe colour', () => {
    renderCard({ ...photo, thumbnailMeta: null });
    expect(ratio()).toBeCloseTo(4 / 3);
    expect(img()!.getAttribute('width')).toBeNull();
    cleanup();
    renderCard({ ...photo, thumbnailMeta: { width: 100, height: 100, color: 'red;background:url(x)' } });
    expect(box().style.backgroundColor).toBe('');
  });

  it('shows nickname, date and tags like every card, with no link row', () => {
    renderCard(photo);
    expect(screen.getByText('mina')).toBeTruthy();
    expect(screen.getByText('2024.05.01')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'layout' })).toBeTruthy();
    expect(screen.queryByText('example.com')).toBeNull();
  });
});

describe('SauceCard: notes and relative times (issue #8)', () => {
  const note: Sauce = {
    ...base,
    textCard: { text: 'Just a thought', link: null, title: '', description: '', image: '' },
    textSauce: { text: 'Just a thought', link: null },
    destination: null,
  };

  it('shows a text source without a link as a note, never an empty grey box', () => {
    const { container } = renderCard(note);
    expect(container.querySelector('[data-kind="note"]')?.textContent).toContain('Just a thought');
    cleanup();
    const empty = renderCard({ ...note, textCard: { ...note.textCard!, text: '' }, textSauce: { text: '', link: null } });
    expect(empty.container.querySelector('[data-kind="note"]')?.textContent).toContain('Empty note');
  });

  it('labels a recent card relatively, with the date in its title', () => {
    const createdAt = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    renderCard({ ...base, createdAt });
    const time = screen.getByText('3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('title')).toBe(createdAt.slice(0, 10).replace(/-/g, '.'));
  });
});
