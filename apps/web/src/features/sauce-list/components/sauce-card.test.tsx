import type { Sauce } from '@sauce/contract/sauces';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { inTimeZone } from '../../../test/time-zone.ts';
import { aroundMatch, highlightPattern } from '../../../components/highlight.tsx';
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
    previewStatus: 'ready',
    broken: false,
    copyStatus: null,
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
  savedCopy: null,
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
// The person is in Seoul (UTC+9): 15:00 UTC is midnight there.
inTimeZone('Asia/Seoul');

describe('SauceCard (SPEC §2 Cards)', () => {
  it("shows the date as YYYY.MM.DD, the day createdAt falls on in the person's time zone", () => {
    renderCard(base);
    expect(screen.getByText('2024.05.01').tagName).toBe('TIME');
    cleanup();
    renderCard({ ...base, createdAt: '2024-05-01T15:30:00.000Z' }); // 00:30 on 2 May in Seoul
    const time = screen.getByText('2024.05.02');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2024-05-01T15:30:00.000Z');
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

describe('SauceCard: a link whose preview is on its way (issue #23)', () => {
  const pending: Sauce = { ...base, textCard: { ...base.textCard!, title: '', image: '', previewStatus: 'pending' } };

  it("shows the link's domain, quietly loading, until the preview lands", () => {
    const { container, rerender } = renderCard(pending);
    const box = container.querySelector('[data-preview="pending"]');
    expect(box?.textContent).toContain('example.com');
    expect(box?.textContent).toContain("Loading the link's preview");
    rerender(
      <MemoryRouter>
        <SauceCard sauce={base} />
      </MemoryRouter>,
    );
    expect(container.querySelector('[data-preview="pending"]')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://www.example.com/og.png');
  });

  it('shows the domain only when the preview failed', () => {
    const { container } = renderCard({ ...base, textCard: { ...base.textCard!, title: '', image: '', previewStatus: 'failed' } });
    expect(container.querySelector('[data-preview="pending"]')).toBeNull();
    expect(screen.getAllByText('example.com').length).toBeGreaterThan(0);
  });
});

describe('SauceCard: notes and dates (issues #8, #19)', () => {
  const note: Sauce = {
    ...base,
    textCard: { text: 'Just a thought', link: null, title: '', description: '', image: '', previewStatus: null, broken: false, copyStatus: null },
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

  it('dates a recent card too, as SPEC §2 Cards says (issue #19 item 8)', () => {
    const at = new Date(Date.now() - 3 * 60 * 60 * 1000);
    const createdAt = at.toISOString();
    renderCard({ ...base, createdAt });
    // The day it is where the person is (local time), written YYYY.MM.DD.
    const two = (n: number) => String(n).padStart(2, '0');
    const time = screen.getByText(`${at.getFullYear()}.${two(at.getMonth() + 1)}.${two(at.getDate())}`);
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(createdAt);
    expect(screen.queryByText(/ago|just now/)).toBeNull();
  });
});

describe('a search result (issue #21)', () => {
  it('marks the search’s words whole in the title and shows the snippet of a match the card hides', () => {
    render(
      <MemoryRouter>
        <SauceCard
          sauce={{ ...base, title: 'Designing 검색엔진최적화 guides', snippet: 'a comment: the designer liked it' }}
          highlight={highlightPattern(['design', '최적화'])}
        />
      </MemoryRouter>,
    );
    const marks = [...document.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['Designing', '최적화', 'designer']);
    expect(screen.getByText(/the/).textContent).toBe('…a comment: the designer liked it…');
  });

  it('marks the note’s own text, and leaves out a snippet of a match the card already shows', () => {
    render(
      <MemoryRouter>
        <SauceCard
          sauce={{ ...base, title: 'Meeting', textCard: { ...base.textCard!, text: 'Three typography drafts by Tuesday', link: null }, snippet: 'Meeting Three typography drafts by Tuesday' }}
          highlight={highlightPattern(['typographi'])}
        />
      </MemoryRouter>,
    );
    expect([...document.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['typography']);
  });

  it('marks nothing without a search', () => {
    renderCard({ ...base, title: 'Designing' });
    expect(document.querySelectorAll('mark')).toHaveLength(0);
  });
});

describe('highlightPattern', () => {
  it('escapes what the words hold and marks Korean inside words', () => {
    expect('a C++ b'.split(highlightPattern(['c++'])!)).toEqual(['a ', 'C++', ' b']);
    expect('가나다라'.split(highlightPattern(['나다'])!)).toEqual(['가', '나다', '라']);
    expect(highlightPattern([])).toBeNull();
  });

  it('marks the words an English stem came from, whose last letter differs (typographi, make)', () => {
    const marks = (text: string, words: string[]) => text.match(highlightPattern(words)!);
    expect(marks('Typography and typographic rules', ['typographi'])).toEqual(['Typography', 'typographic']);
    expect(marks('making a maker make', ['make'])).toEqual(['making', 'maker', 'make']);
    expect(marks('the tea and more', ['tea'])).toEqual(['tea']);
  });
});

describe('aroundMatch', () => {
  const pattern = highlightPattern(['kerning']);
  it('starts a long snippet at a word shortly before its match', () => {
    const text = 'age http://127.0.0.1:41743/bare untitled Paragraph 1. Good typography is invisible: kerning, leading';
    expect(aroundMatch(text, pattern)).toBe('…is invisible: kerning, leading');
  });
  it('keeps a snippet whose match is near its start, or that has none', () => {
    expect(aroundMatch('Good type: kerning', pattern)).toBe('Good type: kerning');
    expect(aroundMatch('a long text without the word anywhere in it at all', pattern)).toBe('a long text without the word anywhere in it at all');
    expect(aroundMatch('anything', null)).toBe('anything');
  });
});

describe('a link without a preview image', () => {
  it('shows the top of its page screenshot, and a preview image as it is', () => {
    renderCard({ ...base, thumbnail: '/files/shot/thumb.webp?sig=1', textCard: { ...base.textCard!, image: '' } });
    expect(document.querySelector('img')!.className).toMatch(/previewShot/);
    cleanup();
    renderCard(base);
    expect(document.querySelector('img')!.className).not.toMatch(/previewShot/);
  });
});

describe('a broken link (issue #21)', () => {
  it('says the link is gone beside its domain, and nothing while it answers', () => {
    renderCard({ ...base, textCard: { ...base.textCard!, broken: true } });
    expect(screen.getByText('Link gone')).toBeTruthy();
    cleanup();
    renderCard(base);
    expect(screen.queryByText('Link gone')).toBeNull();
  });
});
