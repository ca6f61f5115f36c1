import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { readColour } from '../lib/colour-presets.ts';
import { ColourChip, ColourFilter } from './colour-filter.tsx';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

describe('ColourFilter (issue #21 item 4)', () => {
  it('offers preset colours by name from the keyboard, the chosen one checked', async () => {
    const onChange = vi.fn();
    render(<ColourFilter value="#3f7fc4" onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: 'Colour: Blue' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    // The menu's parts load on first use (components/menu.tsx): slow on a busy machine.
    const blue = await screen.findByRole('menuitemradio', { name: 'Blue' }, { timeout: 5000 });
    expect(blue.getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByRole('menuitemradio')).toHaveLength(12);
    expect(screen.getByRole('menuitem', { name: 'Custom colour…' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Brown' }));
    expect(onChange).toHaveBeenCalledWith('#8b5a2b');
  });

  it('shows the colour as a chip that removes it', () => {
    const onRemove = vi.fn();
    render(
      <ul>
        <ColourChip value="#123abc" onRemove={onRemove} />
      </ul>,
    );
    expect(screen.getByText('#123abc')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the colour #123abc' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('reads only #rrggbb from the URL', () => {
    expect(readColour('#ABCDEF')).toBe('#abcdef');
    for (const bad of [null, '', 'red', '#12', '#zzzzzz', 'abcdef']) expect(readColour(bad)).toBeUndefined();
  });
});
