import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { TagInput } from './tag-input.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', () => ({ api }));

function Harness() {
  const [tags, setTags] = useState<string[]>(['ux']);
  return <TagInput value={tags} onChange={setTags} suggest={{ workspaceId: 4, link: 'https://example.com/a', text: 'Grid notes', title: 'Grids' }} />;
}

/** The component at /archive/text, with a query client and a router. */
const renderIn = (ui: React.ReactNode) => renderWithApp(ui, { url: '/archive/text' }).router;

beforeAll(() => initI18n('en'));
beforeEach(() => api.mockReset());
afterEach(() => cleanup());

describe('suggested tags (issue #21 item 6)', () => {
  it("shows the space's and the source's tags as chips, leaves out chosen ones, and adds one only on a click", async () => {
    api.mockResolvedValue({ space: ['design', 'ux', 'grid'], fromText: ['grid', 'layout'], method: 'keywords' });
    renderIn(<Harness />);
    const chips = await screen.findByTestId('tag-suggestions');
    await waitFor(() => expect(within(chips).getAllByRole('button')).toHaveLength(3));
    expect(api).toHaveBeenCalledWith('/archive/sauce/4/tags/suggest', expect.objectContaining({ method: 'POST', body: expect.objectContaining({ link: 'https://example.com/a', text: 'Grid notes', title: 'Grids' }) }));
    // 'ux' is chosen already; 'grid' shows once, as the space's.
    expect(within(chips).getByRole('group', { name: 'In this space' }).textContent).toContain('design');
    expect(within(chips).getByRole('group', { name: 'From this source' }).textContent).toBe('From this sourcelayout');
    expect(screen.getByRole('list', { name: 'Selected tags' }).textContent).toBe('ux');
    fireEvent.click(within(chips).getByRole('button', { name: 'Add tag layout' }));
    expect(screen.getByRole('list', { name: 'Selected tags' }).textContent).toContain('layout');
    expect(within(chips).queryByRole('button', { name: 'Add tag layout' })).toBeNull();
  });
});
