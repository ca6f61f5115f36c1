import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../test/i18n.ts';
import type { ImageSauceComment, ImageSauceImage } from '../../lib/sauces/image-sauce/state.ts';
import { ImageStage, type ImageStageProps, relativePoint } from './image-stage.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const comment = (key: string, x: number, y: number, parent: string | null = null): ImageSauceComment => ({
  key,
  id: null,
  message: `note ${key}`,
  x,
  y,
  parent,
  authorNickname: null,
  authorProfileImage: null,
  createdAt: null,
  isMine: true,
});

const image = (comments: ImageSauceComment[] = []): ImageSauceImage => ({
  key: 'i1',
  id: 5,
  status: 'ready',
  progress: 1,
  problem: null,
  file: null,
  fileName: 'a.png',
  preview: null,
  url: '/files/a.webp',
  thumbnailUrl: '/files/a-t.webp',
  width: 1600,
  height: 1000,
  color: '#336699',
  palette: [],
  similarTo: [],
  comments,
});

function setup(props: Partial<ImageStageProps> = {}) {
  const onAddComment = vi.fn();
  const onSelectComment = vi.fn();
  const onHover = vi.fn();
  const view = render(
    <ImageStage
      image={image()}
      index={0}
      total={2}
      editable
      canAdd
      selectedComment={null}
      hovered={null}
      onHover={onHover}
      onSelectComment={onSelectComment}
      onAddComment={onAddComment}
      {...props}
    />,
  );
  const surface = () => screen.getByRole('button', { name: 'Add a comment on image 1' });
  /** Shows the image box at `width` × `height` px, its top-left corner at (left, top). */
  const showAt = (left: number, top: number, width: number, height: number) =>
    vi.spyOn(surface(), 'getBoundingClientRect').mockReturnValue({
      left,
      top,
      width,
      height,
      right: left + width,
      bottom: top + height,
      x: left,
      y: top,
      toJSON: () => ({}),
    } as DOMRect);
  return { ...view, surface, showAt, onAddComment, onSelectComment, onHover };
}

describe('relative positions (DESIGN.md: pins stay on the same spot at every size)', () => {
  it('turns a click into a point relative to the image, whatever size it is shown at', () => {
    expect(relativePoint({ left: 100, top: 50, width: 800, height: 500 }, 300, 175)).toEqual({ x: 0.25, y: 0.25 });
    // The same spot of the image after a resize to half the size.
    expect(relativePoint({ left: 100, top: 50, width: 400, height: 250 }, 200, 112.5)).toEqual({ x: 0.25, y: 0.25 });
    // Outside the box (a click on the border) is clamped to the image.
    expect(relativePoint({ left: 0, top: 0, width: 100, height: 100 }, 150, -10)).toEqual({ x: 1, y: 0 });
  });

  it('places pins in percentages of the image box, numbered, replies without pins', () => {
    setup({ image: image([comment('a', 0.25, 0.75), comment('r', 0.25, 0.75, 'a'), comment('b', 0.6, 0.1)]) });
    const pins = screen.getAllByRole('button', { name: /^Comment \d+$/ });
    expect(pins.map((p) => p.textContent)).toEqual(['1', '2']);
    const spot = (pin: HTMLElement) => pin.parentElement!.style;
    expect([spot(pins[0]!).left, spot(pins[0]!).top]).toEqual(['25%', '75%']);
    expect([spot(pins[1]!).left, spot(pins[1]!).top]).toEqual(['60%', '10%']);
  });
});

describe('placing a comment', () => {
  it('click, type, Enter: saved at the clicked spot, the same after a resize', () => {
    const s = setup();
    s.showAt(100, 50, 800, 500);
    fireEvent.click(s.surface(), { clientX: 300, clientY: 175, detail: 1 });
    const box = screen.getByRole('textbox', { name: 'Comment 1' });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: '  Tighter spacing here  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(s.onAddComment).toHaveBeenCalledWith({ x: 0.25, y: 0.25 }, 'Tighter spacing here');
    expect(screen.queryByRole('textbox')).toBeNull();

    s.showAt(100, 50, 400, 250);
    fireEvent.click(s.surface(), { clientX: 200, clientY: 112.5, detail: 1 });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'again' } });
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    expect(s.onAddComment).toHaveBeenLastCalledWith({ x: 0.25, y: 0.25 }, 'again');
  });

  it('Escape cancels; an empty comment cannot be saved; Shift+Enter is a new line', () => {
    const s = setup();
    s.showAt(0, 0, 100, 100);
    fireEvent.click(s.surface(), { clientX: 50, clientY: 50, detail: 1 });
    const box = screen.getByRole('textbox');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(s.onAddComment).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'line' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(s.onAddComment).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(s.onAddComment).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(s.surface());
  });

  it('cuts comments at 500 characters and counts them', () => {
    const s = setup();
    s.showAt(0, 0, 100, 100);
    fireEvent.click(s.surface(), { clientX: 10, clientY: 10, detail: 1 });
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'x'.repeat(520) } });
    expect(box.value).toHaveLength(500);
    expect(screen.getByText('500/500')).toBeTruthy();
  });

  it('by keyboard: arrows move the marker, Enter places the pin there', () => {
    const s = setup();
    s.surface().focus();
    for (let i = 0; i < 5; i += 1) fireEvent.keyDown(s.surface(), { key: 'ArrowRight' });
    fireEvent.keyDown(s.surface(), { key: 'ArrowUp', shiftKey: true });
    // A button's Enter is a click with detail 0.
    fireEvent.click(s.surface(), { detail: 0 });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'keyboard' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    const [point, message] = s.onAddComment.mock.calls[0]!;
    expect(point.x).toBeCloseTo(0.6);
    expect(point.y).toBeCloseTo(0.4);
    expect(message).toBe('keyboard');
    expect(document.activeElement).toBe(s.surface());
  });

  it('places nothing at the limit', () => {
    const s = setup({ canAdd: false });
    s.showAt(0, 0, 100, 100);
    fireEvent.click(s.surface(), { clientX: 10, clientY: 10, detail: 1 });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(s.surface().getAttribute('aria-disabled')).toBe('true');
  });

  it('in view mode the image is a picture, not a button', () => {
    setup({ editable: false, canAdd: false, image: image([comment('a', 0.5, 0.5)]) });
    expect(screen.queryByRole('button', { name: /Add a comment/ })).toBeNull();
    expect(screen.getByRole('img', { name: 'Image 1 of 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Comment 1' })).toBeTruthy();
  });

  it('shows the thumbnail first (the URL a shared page preloads), then fetches the display image over it', () => {
    setup({ editable: false, canAdd: false });
    const srcs = () => [...document.querySelectorAll('img')].map((i) => i.getAttribute('src'));
    expect(srcs()).toEqual(['/files/a-t.webp']);
    const thumb = screen.getByRole('img', { name: 'Image 1 of 2' });
    fireEvent.load(thumb);
    expect(srcs()).toEqual(['/files/a-t.webp', '/files/a.webp']);
    // The picture keeps one name: the image on top repeats it and is hidden from the accessibility tree.
    expect(screen.getAllByRole('img')).toEqual([thumb]);
    cleanup();
    // A thumbnail that fails (an expired URL) does not hold the display image back.
    setup({ editable: false, canAdd: false });
    fireEvent.error(document.querySelector('img')!);
    expect(srcs()).toEqual(['/files/a-t.webp', '/files/a.webp']);
    cleanup();
    // A local preview (an upload) shows at once, alone.
    setup({ image: { ...image(), preview: 'blob:local' } });
    expect([...document.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(['blob:local']);
  });
});
