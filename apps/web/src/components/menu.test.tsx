import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu, MenuContent, MenuItem, MenuTrigger } from './menu.tsx';

afterEach(cleanup);

function Example({ onSelect = () => {} }: { onSelect?: () => void }) {
  return (
    <Menu modal={false}>
      <MenuTrigger aria-label="Options">…</MenuTrigger>
      <MenuContent>
        <MenuItem onSelect={onSelect}>Rename</MenuItem>
      </MenuContent>
    </Menu>
  );
}

describe('Menu (Radix parts loaded when idle, issue #11 item 2)', () => {
  // The first test runs before the parts were ever loaded (the module's first use).
  it('a press on the placeholder trigger (Enter) opens the menu once the parts arrive', async () => {
    const onSelect = vi.fn();
    render(<Example onSelect={onSelect} />);
    const placeholder = screen.getByRole('button', { name: 'Options' });
    expect(placeholder.getAttribute('aria-haspopup')).toBe('menu');
    expect(placeholder.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.keyDown(placeholder, { key: 'Enter' });
    const item = await screen.findByRole('menuitem', { name: 'Rename' });
    expect(screen.getByRole('button', { name: 'Options' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(item);
    expect(onSelect).toHaveBeenCalledOnce();
  });

  it('a focused trigger keeps the focus when Radix replaces the placeholder', async () => {
    vi.resetModules(); // a first page: the parts not loaded yet
    const fresh = await import('./menu.tsx');
    render(
      <fresh.Menu>
        <fresh.MenuTrigger aria-label="Options">…</fresh.MenuTrigger>
      </fresh.Menu>,
    );
    const placeholder = screen.getByRole('button', { name: 'Options' });
    placeholder.focus();
    // Radix's trigger (it has an id) replaces the placeholder once the parts are loaded.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Options' }).id).not.toBe(''));
    const trigger = screen.getByRole('button', { name: 'Options' });
    expect(trigger).not.toBe(placeholder);
    expect(document.activeElement).toBe(trigger);
  });

  it('a menu opened by its owner (controlled) loads and shows its content', async () => {
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open from elsewhere
          </button>
          <Menu open={open} onOpenChange={setOpen}>
            <MenuTrigger aria-label="Folders">…</MenuTrigger>
            <MenuContent>
              <MenuItem>New folder</MenuItem>
            </MenuContent>
          </Menu>
        </>
      );
    }
    render(<Controlled />);
    fireEvent.click(screen.getByRole('button', { name: 'Open from elsewhere' }));
    expect(await screen.findByRole('menuitem', { name: 'New folder' })).toBeTruthy();
  });

  it('once loaded, menus render Radix at once: a pointer press opens it', async () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Options' });
    await waitFor(() => expect(trigger.id).not.toBe('')); // Radix's trigger has an id
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false });
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeTruthy();
  });
});
