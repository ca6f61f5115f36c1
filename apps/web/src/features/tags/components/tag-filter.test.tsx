import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { TagFilter } from './tag-filter.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../lib/api.ts')>()), api }));

beforeAll(() => initI18n('en'));
beforeEach(() => api.mockReset());
afterEach(() => cleanup());

const page = (results: { name: string; favorite: boolean }[]) => ({ results, count: results.length, next: null, previous: null });

describe('the tag filter (issue #31 item 2)', () => {
  it('offers the tags of the space in view, not the person’s own', async () => {
    api.mockImplementation(async (path: string) => {
      if (path === '/archive/sauce/9/tags/list') return page([{ name: 'landing', favorite: true }, { name: 'pricing', favorite: false }]);
      if (path === '/archive/tag/list') return page([{ name: 'personalonly', favorite: false }]);
      return page([]);
    });
    renderWithApp(<TagFilter workspaceId={9} value={[]} onAdd={() => undefined} onRemove={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tags' }));
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(screen.getByText('pricing')).toBeTruthy();
    expect(screen.queryByText('personalonly')).toBeNull();
    expect(api).not.toHaveBeenCalledWith('/archive/tag/list', expect.anything());
  });

  it('says the space has no tags yet', async () => {
    api.mockImplementation(async () => page([]));
    renderWithApp(<TagFilter workspaceId={9} value={[]} onAdd={() => undefined} onRemove={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tags' }));
    expect(await screen.findByText('No tags in this space yet. Add tags to its sources to filter by them.')).toBeTruthy();
  });
});
