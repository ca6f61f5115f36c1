import type { Board } from '@sauce/contract/shares';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { answerApi } from '../../test/fake-api.ts';
import { initI18n } from '../../test/i18n.ts';
import { renderWithApp } from '../../test/render.tsx';
import { sauceFixture } from '../../test/sauces.ts';
import { BoardPage } from './board-page.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api,
}));

const comment = (id: number, message: string, x = 0.3, y = 0.4) => ({
  id,
  message,
  x,
  y,
  parent: null,
  authorNickname: 'mina',
  authorProfileImage: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  isEditable: false,
});

/** Two image sources (the first with three images and pins) and a text source with a link. */
function boardFixture(patch: Partial<Board> = {}): Board {
  const first = sauceFixture('IMAGE', { id: 1, title: 'Spring lookbook', tagSet: [{ name: 'fashion' }], isEditable: false }, [11, 12, 13]);
  first.imageSauce![0]!.comments = [comment(101, 'Love this palette'), comment(102, 'Crop tighter', 0.7, 0.6)];
  const second = sauceFixture('IMAGE', { id: 2, title: 'Poster', isEditable: false }, [21]);
  const text = sauceFixture('TEXT', {
    id: 3,
    title: 'Type specimen',
    textSauce: { text: 'Serif pairing ideas', link: 'https://fonts.example.com/specimen' },
    textCard: { text: 'Serif pairing ideas', link: 'https://fonts.example.com/specimen', title: 'Specimen', description: '', image: '', previewStatus: 'ready', broken: false, copyStatus: null },
    isEditable: false,
  });
  return { shareId: 'b0ard', space: { name: 'Studio' }, folder: { name: 'Campaign refs' }, sauces: [first, second, text], nextCursor: null, ...patch };
}

let signedIn = false;
function setup(boardAnswers: (query: Record<string, unknown> | undefined) => unknown) {
  const fake = answerApi(api);
  fake.on((path) => (path === '/auth/session' && !signedIn ? { user: null } : undefined));
  fake.on((path, opts) => (path === '/board/b0ard' ? boardAnswers(opts.query as Record<string, unknown> | undefined) : undefined));
  return { fake, ...renderWithApp(<BoardPage />, { url: '/board/b0ard', path: '/board/:shareId' }) };
}

beforeAll(async () => {
  initI18n('en');
  // The viewer and the save dialog load lazily: here first, so that a test waits for the app only.
  await Promise.all([import('../../features/boards/components/board-lightbox.tsx'), import('../../features/boards/components/save-to-sauce-dialog.tsx')]);
});
beforeEach(() => {
  signedIn = false;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('BoardPage (issue #32)', () => {
  it('shows a skeleton, then the space, the folder and its sources in order', async () => {
    setup(() => boardFixture());
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign refs' })).toBeTruthy();
    expect(screen.getByText('Studio')).toBeTruthy();
    expect(document.title).toBe('Campaign refs · Studio · Sauce');
    const grid = screen.getByRole('list', { name: 'Campaign refs' });
    const cards = within(grid).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(cards).toEqual(['Spring lookbook', 'Poster', 'Type specimen']);
    // Several images of one source together, each opening the viewer; srcset from the thumbnails.
    const tiles = within(grid).getAllByRole('button', { name: /Open image \d of 3: Spring lookbook/ });
    expect(tiles).toHaveLength(3);
    const img = tiles[0]!.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe('/files/11-t.webp 640w, /files/11.webp 1600w');
    expect(img.getAttribute('width')).toBe('1600');
    expect(screen.getByText('3 images')).toBeTruthy();
    // A text source is a link card: its note and its link, opening in a new tab.
    expect(screen.getByText('Serif pairing ideas')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Specimen/ });
    expect(link.getAttribute('href')).toBe('https://fonts.example.com/specimen');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(grid).getAllByRole('list', { name: 'Tags' })[0]!.textContent).toBe('fashion');
  });

  it('signed out: no save buttons, the try-Sauce callout; signed in: Save on each source', async () => {
    setup(() => boardFixture());
    await screen.findByRole('heading', { level: 1, name: 'Campaign refs' });
    await screen.findByRole('link', { name: 'Try Sauce' });
    expect(screen.queryByRole('button', { name: /Save .* to Sauce/ })).toBeNull();
    cleanup();
    signedIn = true;
    setup(() => boardFixture());
    await screen.findByRole('heading', { level: 1, name: 'Campaign refs' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Save “.*” to Sauce/ })).toHaveLength(3));
    expect(screen.queryByRole('link', { name: 'Try Sauce' })).toBeNull();
  });

  it('signed in: Save copies a source into the space and folders picked (the article flow’s picker)', async () => {
    signedIn = true;
    const { fake } = setup(() => boardFixture());
    const saved: unknown[] = [];
    fake.on((path, opts) => {
      if (path === '/archive/folder/1/list') return { results: [{ id: 4, name: 'Type', order: 0, itemCount: 2 }], count: 1, next: null, previous: null };
      if (path === '/archive/sauce/1' && opts.method === 'POST') {
        saved.push(opts.body);
        return sauceFixture('TEXT', { id: 50 });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save “Type specimen” to Sauce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save to Sauce' });
    expect(within(dialog).getByText('Type specimen')).toBeTruthy();
    expect((await within(dialog).findByLabelText('Space')) as HTMLSelectElement).toHaveProperty('value', '1');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Type' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual([
      { type: 'TEXT', title: 'Type specimen', textSauce: { text: 'Serif pairing ideas', link: 'https://fonts.example.com/specimen' }, tagSet: [], folderSet: [4] },
    ]);
  });

  it('says when the board is empty', async () => {
    setup(() => boardFixture({ sauces: [] }));
    expect(await screen.findByRole('heading', { level: 2, name: 'This board is empty' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Campaign refs' })).toBeTruthy();
  });

  it('loads the next page by its cursor', async () => {
    const last = sauceFixture('TEXT', { id: 9, title: 'Last one', isEditable: false });
    setup((query) => (query?.cursor === 'c2' ? boardFixture({ sauces: [last], nextCursor: null }) : boardFixture({ nextCursor: 'c2' })));
    await screen.findByRole('heading', { level: 1, name: 'Campaign refs' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Last one' })).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/board/b0ard', expect.objectContaining({ query: { cursor: 'c2' } }));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it.each([
    ['BOARD_PRIVATE', 404, 'This board is private', 'Its owner has stopped sharing this folder.'],
    ['NOT_FOUND', 404, 'Board not found', 'The folder may have been deleted, or its owner shared it again under a new link.'],
    ['SHARE_EXPIRED', 410, 'This link has expired', 'Ask whoever sent it for a new link.'],
  ])('%s: its own notice, and a way on', async (code, status, title, description) => {
    setup(() => new ApiError(status, code, code));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover Sauce' }).getAttribute('href')).toBe('/intro');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(document.title).toBe(`${title} · Sauce`);
  });

  it('a failed load can be tried again', async () => {
    let fail = true;
    setup(() => (fail ? new ApiError(500, 'SYSTEM_ERROR', 'boom') : boardFixture()));
    await screen.findByRole('heading', { level: 1, name: "Couldn't load this board." });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign refs' })).toBeTruthy();
  });

  it('asks for the password; a wrong one and too many tries are said inline; the right one opens the board', async () => {
    let unlocked = false;
    const { fake } = setup(() => (unlocked ? boardFixture() : new ApiError(401, 'SHARE_PASSWORD_REQUIRED', 'password')));
    const tries: string[] = [];
    fake.on((path, opts) => {
      if (path !== '/board/b0ard/unlock') return undefined;
      const { password } = opts.body as { password: string };
      tries.push(password);
      if (password === 'slow down') return new ApiError(429, 'RATE_LIMITED', 'wait');
      if (password !== 'open sesame') return new ApiError(403, 'SHARE_PASSWORD_WRONG', 'wrong');
      unlocked = true;
      return null;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is protected' })).toBeTruthy();
    expect(screen.getByText('Enter the password you were given to open this board.')).toBeTruthy();
    const field = screen.getByLabelText('Password') as HTMLInputElement;
    expect(field.type).toBe('password');
    const open = screen.getByRole('button', { name: 'Open' }) as HTMLButtonElement;
    expect(open.disabled).toBe(true);

    fireEvent.change(field, { target: { value: 'guess' } });
    await act(async () => fireEvent.click(open));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', "That password isn't right. Check it and try again.");
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: 'slow down' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => fireEvent.click(open));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Too many tries. Wait a minute, then try again.');

    fireEvent.change(field, { target: { value: 'open sesame' } });
    await act(async () => fireEvent.click(open));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign refs' })).toBeTruthy();
    expect(tries).toEqual(['guess', 'slow down', 'open sesame']);
    expect(api).toHaveBeenCalledWith('/board/b0ard/unlock', { method: 'POST', body: { password: 'open sesame' } });
  });

  it('opens an image large with its pins; pins toggle; ←/→ go through every image of the board; Escape closes', async () => {
    setup(() => boardFixture());
    const tile = await screen.findByRole('button', { name: 'Open image 1 of 3: Spring lookbook' });
    fireEvent.click(tile);
    const viewer = await screen.findByRole('dialog', { name: 'Spring lookbook' });
    expect(within(viewer).getByText('1 of 4')).toBeTruthy();
    expect(within(viewer).getByRole('button', { name: 'Comment 1' })).toBeTruthy();
    expect(within(viewer).getByText('Love this palette')).toBeTruthy();

    fireEvent.click(within(viewer).getByRole('button', { name: 'Hide pins' }));
    expect(within(viewer).queryByRole('button', { name: 'Comment 1' })).toBeNull();
    expect(within(viewer).getByText('Love this palette')).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Show pins' }));
    expect(within(viewer).getByRole('button', { name: 'Comment 1' })).toBeTruthy();

    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(within(viewer).getByText('3 of 4')).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    // The next source's image: its own title.
    expect(await screen.findByRole('dialog', { name: 'Poster' })).toBeTruthy();
    expect(screen.getByText('4 of 4')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next image' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    expect(await screen.findByRole('dialog', { name: 'Spring lookbook' })).toBeTruthy();
    expect(screen.getByText('3 of 4')).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a swipe on a touch screen goes to the next image', async () => {
    setup(() => boardFixture());
    fireEvent.click(await screen.findByRole('button', { name: 'Open image 2 of 3: Spring lookbook' }));
    const viewer = await screen.findByRole('dialog', { name: 'Spring lookbook' });
    expect(within(viewer).getByText('2 of 4')).toBeTruthy();
    const stage = viewer.querySelector('[class*="stage"]')!;
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 180, clientY: 210 });
    expect(within(viewer).getByText('3 of 4')).toBeTruthy();
    // A mostly vertical move is a scroll, not a swipe.
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 240, clientY: 400 });
    expect(within(viewer).getByText('3 of 4')).toBeTruthy();
  });
});
