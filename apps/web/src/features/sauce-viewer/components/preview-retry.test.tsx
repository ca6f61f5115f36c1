import type { Sauce } from '@sauce/contract/sauces';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '../../../lib/api.ts';
import { initI18n } from '../../../test/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PreviewRetry } from './preview-retry.tsx';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api,
}));

const sauce = (previewStatus: 'pending' | 'ready' | 'failed', isEditable = true) =>
  ({
    id: 5,
    type: 'TEXT',
    isEditable,
    textCard: { text: '', link: 'https://example.com/', title: '', description: '', image: '', previewStatus },
  }) as Sauce;

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  api.mockReset();
});

describe('PreviewRetry (issue #23)', () => {
  it('says a failed preview failed and asks for it again', async () => {
    api.mockImplementation(async (path: string, opts: RequestOptions = {}) => ({ path, method: opts.method, ...sauce('pending') }));
    renderWithApp(<PreviewRetry workspaceId={3} sauce={sauce('failed')} />);
    expect(screen.getByRole('status').textContent).toContain("Couldn't read this page's preview");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/archive/sauce/3/5/preview', { method: 'POST' }));
  });

  it('shows nothing while pending or ready, and no button to a reader', () => {
    const { container } = renderWithApp(<PreviewRetry workspaceId={3} sauce={sauce('pending')} />);
    expect(container.textContent).toBe('');
    cleanup();
    renderWithApp(<PreviewRetry workspaceId={3} sauce={sauce('failed', false)} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
