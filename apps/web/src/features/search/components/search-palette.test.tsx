import type { GlobalSearchResult } from '@sauce/contract/sauces';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../state/app-store.ts';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SearchLauncher } from './search-launcher.tsx';
import { decodePercents } from './search-palette.tsx';
import { listenEarly } from '../early-shortcut.ts';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../lib/api.ts')>()), api }));

const RESULT: GlobalSearchResult = {
  highlight: ['colour'],
  groups: [
    {
      workspace: { id: 1, name: 'My space', personal: true },
      results: [{ id: 11, type: 'TEXT', title: 'Colour palettes', linkTitle: '', link: null, snippet: 'warm colour studies' }],
    },
    {
      workspace: { id: 9, name: 'Design team', personal: false },
      results: [
        { id: 21, type: 'TEXT', title: 'Colour in dashboards', linkTitle: '', link: 'https://example.com/a', snippet: null },
        { id: 22, type: 'IMAGE', title: 'Colour swatch', linkTitle: '', link: null, snippet: null },
      ],
    },
  ],
};

beforeAll(() => initI18n('en'));
beforeEach(() => {
  useAppStore.setState({ selectedWorkspaceId: 1 });
  api.mockReset();
  api.mockImplementation(async (path: string, opts: { query?: { search?: string } }) => {
    if (path === '/archive/search') return opts.query?.search === 'zzz' ? { groups: [], highlight: [] } : RESULT;
    throw new Error(path);
  });
});
afterEach(() => cleanup());

const pressShortcut = () => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true })));
const selected = () => screen.getAllByRole('option').findIndex((o) => o.getAttribute('aria-selected') === 'true');

describe('the ⌘K palette (issue #21 item 3)', () => {
  it('opens with Ctrl+K, searches as one types, moves with the arrows and opens with Enter', async () => {
    const { router } = renderWithApp(<SearchLauncher />);
    pressShortcut();
    const dialog = await screen.findByRole('dialog', { name: 'Search all spaces' });
    const input = within(dialog).getByRole('combobox', { name: 'Search every space' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(dialog.textContent).toContain('Type to search');

    fireEvent.change(input, { target: { value: 'colour' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(api).toHaveBeenCalledWith('/archive/search', expect.objectContaining({ query: { search: 'colour' } }));
    // Grouped by space, the words marked.
    expect(within(dialog).getByRole('group', { name: 'Design team' })).toBeTruthy();
    expect(dialog.querySelectorAll('mark')[0]!.textContent).toBe('Colour');
    expect(selected()).toBe(0);
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe(2);
    fireEvent.keyDown(input, { key: 'ArrowDown' }); // wraps to the first
    expect(selected()).toBe(0);
    fireEvent.keyDown(input, { key: 'ArrowUp' }); // and back to the last
    expect(selected()).toBe(2);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()).toBe(1);

    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/archive/text');
    expect(router.state.location.search).toBe('?sauceId=21&archiveType=TEXT');
    // Its space became the current one.
    expect(useAppStore.getState().selectedWorkspaceId).toBe(9);
  });

  it('says when nothing matches, and Escape closes it and gives focus back', async () => {
    renderWithApp(<SearchLauncher />);
    const button = screen.getByRole('button', { name: 'Search all spaces' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('combobox');
    fireEvent.change(input, { target: { value: 'zzz' } });
    await waitFor(() => expect(dialog.textContent).toContain('Nothing matches “zzz”.'));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' }); // nothing to open: stays
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('toggles with the shortcut, and ignores Ctrl+Shift+K', async () => {
    renderWithApp(<SearchLauncher />);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'K', ctrlKey: true, shiftKey: true })));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', metaKey: true })));
    await screen.findByRole('dialog');
    pressShortcut();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('snippets (issue #31 item 10)', () => {
  it('show a link’s percent-encoded words decoded, and leave what does not decode as written', () => {
    expect(decodePercents('see https://blog.example/seo-%EC%99%9C-%EC%A4%91%EC%9A%94%ED%95%9C%EA%B0%80 now')).toBe('see https://blog.example/seo-왜-중요한가 now');
    expect(decodePercents('100%25 sure, 50%')).toBe('100% sure, 50%');
    expect(decodePercents('broken %E0%A4 run')).toBe('broken %E0%A4 run');
  });

  it('the palette shows the decoded words', async () => {
    api.mockImplementation(async () => ({
      highlight: ['seo'],
      groups: [
        {
          workspace: { id: 1, name: 'My space', personal: true },
          results: [{ id: 31, type: 'TEXT', title: 'Search guide', linkTitle: '', link: null, snippet: 'read seo-%ec%99%9c-%ec%a4%91%ec%9a%94 first' }],
        },
      ],
    }));
    renderWithApp(<SearchLauncher />);
    pressShortcut();
    const dialog = await screen.findByRole('dialog', { name: 'Search all spaces' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Search every space' }), { target: { value: 'seo' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(dialog.textContent).toContain('seo-왜-중요 first');
    expect(dialog.textContent).not.toContain('%ec');
  });
});

describe('⌘K before the search has loaded (issue #31 item 6)', () => {
  it('is kept from the browser and opens the palette once the launcher mounts; signed out it stays the browser’s', async () => {
    listenEarly();
    const press = () => {
      const e = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    document.cookie = 'workspace_id=; path=/; max-age=0'; // (an earlier test chose a space)
    expect(press()).toBe(false); // no session cookie: the browser's shortcut
    document.cookie = 'workspace_id=1; path=/';
    try {
      expect(press()).toBe(true);
      renderWithApp(<SearchLauncher />);
      expect(await screen.findByRole('dialog', { name: 'Search all spaces' })).toBeTruthy();
    } finally {
      document.cookie = 'workspace_id=; path=/; max-age=0';
    }
  });
});
