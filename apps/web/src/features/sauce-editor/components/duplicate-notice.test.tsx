import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { DuplicateNotice } from './duplicate-notice.tsx';

// Moved from features/tags/components/tag-suggestions.test.tsx: the notice is the sources'
// feature, and features are siblings (issue #19 item 4).
const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', () => ({ api }));

/** The component at /archive/text, with a query client and a router. */
const renderIn = (ui: React.ReactNode) => renderWithApp(ui, { url: '/archive/text' }).router;

beforeAll(() => initI18n('en'));
beforeEach(() => api.mockReset());
afterEach(() => cleanup());

describe('the duplicate notice (issue #21 item 5)', () => {
  it('says where the link is saved already and links to it; nothing for a new link', async () => {
    api.mockImplementation(async (path: string, opts?: { query?: { link?: string } }) =>
      String(path).endsWith('/duplicates') && opts?.query?.link?.includes('saved')
        ? [{ id: 7, type: 'TEXT', title: 'Kerning guide', linkTitle: '', link: 'https://saved.example', folderSet: [{ id: 1, name: 'Type' }], createdAt: '2026-01-01T00:00:00.000Z' }]
        : [],
    );
    const router = renderIn(<DuplicateNotice workspaceId={4} link="https://saved.example/?utm_source=x" exclude={3} />);
    const notice = await screen.findByTestId('duplicate-notice', {}, { timeout: 3000 });
    expect(notice.textContent).toContain('Already saved in this space:');
    expect(notice.textContent).toContain('Kerning guide');
    expect(notice.textContent).toContain('in Type');
    expect(api).toHaveBeenCalledWith('/archive/sauce/4/duplicates', expect.objectContaining({ query: { link: 'https://saved.example/?utm_source=x', exclude: 3 } }));
    fireEvent.click(within(notice).getByRole('link', { name: /Open/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sauceId=7&archiveType=TEXT'));
    cleanup();
    renderIn(<DuplicateNotice workspaceId={4} link="https://new.example" />);
    await waitFor(() => expect(api).toHaveBeenCalledWith('/archive/sauce/4/duplicates', expect.objectContaining({ query: { link: 'https://new.example', exclude: undefined } })), { timeout: 3000 });
    expect(screen.queryByTestId('duplicate-notice')).toBeNull();
  });
});
