import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TOOLTIP_DELAY_MS } from './tooltip.tsx';

afterEach(cleanup);

const tooltip = () => screen.queryByRole('tooltip', { hidden: true });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Tooltip (SPEC §9: 100 ms; issue #19 item 8)', () => {
  it('shows after the pointer rests 100 ms, not before, and hides when it leaves', async () => {
    render(
      <Tooltip content="Add folder">
        <button type="button" aria-label="Add folder">
          +
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Add folder' });
    // No native tooltip: the browser's own waits about a second.
    expect(button.hasAttribute('title')).toBe(false);
    const started = performance.now();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    await sleep(TOOLTIP_DELAY_MS / 2);
    expect(tooltip()).toBeNull();
    await waitFor(() => expect(tooltip()?.textContent).toBe('Add folder'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(TOOLTIP_DELAY_MS - 5);
    // Its name already says it: seen, not read twice.
    expect(tooltip()!.getAttribute('aria-hidden')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBeNull();
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    await waitFor(() => expect(tooltip()).toBeNull());
  });

  it('never shows for a touch, nor when the pointer leaves within the delay', async () => {
    render(
      <Tooltip content="Remove">
        <button type="button">x</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button');
    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    await sleep(TOOLTIP_DELAY_MS * 3);
    expect(tooltip()).toBeNull();
  });

  it('describes its element while shown when asked to; a press or Escape hides it', async () => {
    render(
      <Tooltip content="Discards the saved draft" describes>
        <button type="button" aria-describedby="own">
          Start new
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Start new' });
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    const tip = await screen.findByRole('tooltip');
    expect(button.getAttribute('aria-describedby')).toBe(`own ${tip.id}`);
    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(tooltip()).toBeNull());
    expect(button.getAttribute('aria-describedby')).toBe('own');
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    await screen.findByRole('tooltip');
    fireEvent.pointerDown(button, { pointerType: 'mouse' });
    await waitFor(() => expect(tooltip()).toBeNull());
  });

  it("keeps the element's own handlers, and shows nothing for empty content", async () => {
    const onPointerEnter = vi.fn();
    const { rerender } = render(
      <Tooltip content="">
        <span onPointerEnter={onPointerEnter}>Save</span>
      </Tooltip>,
    );
    fireEvent.pointerEnter(screen.getByText('Save'), { pointerType: 'mouse' });
    expect(onPointerEnter).toHaveBeenCalledTimes(1);
    await sleep(TOOLTIP_DELAY_MS * 2);
    expect(tooltip()).toBeNull();
    rerender(
      <Tooltip content="Add a title, text or link first.">
        <span onPointerEnter={onPointerEnter}>Save</span>
      </Tooltip>,
    );
    fireEvent.pointerEnter(screen.getByText('Save'), { pointerType: 'mouse' });
    expect(onPointerEnter).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(tooltip()?.textContent).toBe('Add a title, text or link first.'));
  });
});
